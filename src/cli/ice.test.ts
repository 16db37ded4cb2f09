/**
 * The CLI under `--rules ice` (SPEC §14), end to end through `main()`:
 * analyze on random levels against the naive ice solver, generate (rsd,
 * --maximize), export, and what ice lacks refused in one line. Expected
 * values come from test/naive/naiveIce.ts, never from the engine.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iceFeatures, iceGraph } from '../../test/naive/naiveIce';
import { runCli, STACK_TRACE, type CliResult } from '../../test/support/cliRun';
import { createRng } from '../core/util/rng';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by its work (docs/suite.md): no wall-clock timeout, which a loaded machine would trip.
noWallClockLimit();

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'longcat-ice-cli-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, content?: string): string => {
  const p = join(tmp, name);
  if (content !== undefined) writeFileSync(p, content);
  return p;
};

function refused(r: CliResult, pattern: RegExp): void {
  expect(r.status).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(STACK_TRACE);
  expect(r.stdout).toBe('');
}

/** Seeded random ice levels 3x3..16x16: rocks, then C and G on two different cells. */
function randomIceLevels(n: number, seed: number): string[][] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => {
    const w = 3 + rng.int(14), h = 3 + rng.int(14), density = 0.4 * rng.next();
    const cells: string[] = Array.from({ length: w * h }, () => (rng.next() < density ? '#' : '.'));
    const c = rng.int(w * h);
    let g = rng.int(w * h - 1);
    if (g >= c) g++;
    cells[c] = 'C';
    cells[g] = 'G';
    return Array.from({ length: h }, (_, y) => cells.slice(y * w, y * w + w).join(''));
  });
}

interface PackJson {
  rules: string;
  levels: { id: string; rows: string[]; difficulty: number | null; features: Record<string, number | null> }[];
}
const readPack = (p: string): PackJson => JSON.parse(readFileSync(p, 'utf8')) as PackJson;

describe('analyze --rules ice', () => {
  it('agrees with the naive ice solver on 60 random levels 3x3..16x16', async () => {
    const levels = randomIceLevels(60, 33);
    const r = await runCli(['analyze', file('ice.txt', levels.map((rows) => rows.join('\n')).join('\n\n') + '\n'), '--rules', 'ice']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(levels.length);
    let solvable = 0;
    levels.forEach((rows, i) => {
      const { classes, features } = iceFeatures(iceGraph(rows));
      const line = lines[i]!;
      expect(line['rules']).toBe('ice');
      expect(line['classes'], rows.join('/')).toEqual(classes);
      for (const [k, v] of Object.entries(features)) expect(line[k], `${rows.join('/')} ${k}`).toEqual(v !== null && !Number.isFinite(v) ? null : v);
      if (features.nSolutions > 0) solvable++;
    });
    expect(solvable).toBeGreaterThan(5);
    expect(solvable).toBeLessThan(levels.length);
  }, 60_000);

  it('a goal is not a Longcat cell: text with G is refused without --rules ice, in one line', async () => {
    refused(await runCli(['analyze', file('g.txt', 'C.G\n...\n...\n')]), /is not a Longcat level: a goal 'G' is not part of this game/);
    refused(await runCli(['analyze', file('no-goal.txt', 'C..\n...\n...\n'), '--rules', 'ice']), /needs exactly one goal 'G', this one has 0/);
  });
});

describe('generate and export under ice', () => {
  it('rsd --rules ice writes an ice pack of levels the naive solver solves; RPU and the Arduboy header are refused', async () => {
    const out = file('rsd-ice.json');
    const r = await runCli(['generate', '--generator', 'rsd', '--rules', 'ice', '--count', '12', '--size', '8x8', '--seed', '4', '--out', out, '--quiet']);
    expect(r.status).toBe(0);
    const pack = readPack(out);
    expect(pack.rules).toBe('ice');
    expect(pack.levels).toHaveLength(12);
    for (const l of pack.levels) {
      const f = iceFeatures(iceGraph(l.rows)).features;
      expect(f.nSolutions, l.id).toBe(1);
      expect(l.features['shortestSolutionLength']).toBe(f.shortestSolutionLength);
      expect(l.difficulty).not.toBeNull();
    }
    const json = file('levels.json');
    expect((await runCli(['export', out, '--format', 'json', '--out', json])).status).toBe(0);
    expect((JSON.parse(readFileSync(json, 'utf8')) as { rules: string }).rules).toBe('ice');
    const header = file('levels.h');
    refused(await runCli(['export', out, '--format', 'arduboy', '--out', header]), /Arduboy header is for Longcat only.*ice pack/);
    expect(existsSync(header)).toBe(false);
    refused(await runCli(['generate', '--generator', 'rpu', '--rules', 'ice', '--count', '5', '--out', file('never.json')]), /--generator rpu is Longcat's only/);
  }, 120_000);

  it('--maximize shortestSolutionLength: one level with exactly --walls rocks whose shortest solution the naive solver confirms', async () => {
    const out = file('max.json');
    const r = await runCli(['generate', '--rules', 'ice', '--size', '5x4', '--walls', '2', '--maximize', 'shortestSolutionLength', '--evaluations', '20000', '--seed', '2', '--out', out]);
    expect(r.status).toBe(0);
    const pack = readPack(out);
    expect(pack.levels).toHaveLength(1);
    const rows = pack.levels[0]!.rows;
    expect(rows.join('').split('#')).toHaveLength(3);
    const f = iceFeatures(iceGraph(rows)).features;
    expect(pack.levels[0]!.features['shortestSolutionLength']).toBe(f.shortestSolutionLength);
    expect(r.stderr).toContain(`shortestSolutionLength ${f.shortestSolutionLength} (Ice 5x4, 2 walls)`);
    // Past a handful of moves: a random 5x4 with 2 rocks is solved in 1 to 3.
    expect(f.shortestSolutionLength).toBeGreaterThanOrEqual(6);
    refused(await runCli(['generate', '--rules', 'ice', '--size', '5x4', '--walls', '2', '--maximize', 'fun', '--out', file('never2.json')]), /--maximize must be one of/);
    refused(await runCli(['generate', '--rules', 'ice', '--size', '3x3', '--walls', '8', '--maximize', 'nStates', '--out', file('never3.json')]), /--walls must be a whole number from 0 to 6/);
  }, 120_000);
});
