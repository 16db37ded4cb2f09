/**
 * The CLI under `--rules ice` (SPEC §14), end to end through `main()`:
 * analyze on random levels against the naive ice solver, generate (rsd,
 * --maximize, --target, sd-pcgrl), evaluate, train, fit-predictor, range,
 * merge, diff, rate and export, and what ice lacks refused in one line.
 * Expected values come from test/naive/naiveIce.ts and ice's shipped model
 * applied by hand (test/support/handDifficulty.ts), never from the engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { iceFeatures, iceGraph, iceRandomPlayer, iceSolution } from '../../test/naive/naiveIce';
import { expectRefused, runCli, tempFiles } from '../../test/support/cliRun';
import { noWallClockLimit } from '../../test/support/cpuBudget';
import { handDifficulty } from '../../test/support/handDifficulty';
import { randomIceRows } from '../../test/support/iceLevels';
import { createRng } from '../core/util/rng';
import { maximizeLevel } from '../workers/generators.api';

/** A generator's pack stores the difficulty to six significant digits (docs/formats.md): within half a unit of the sixth digit of `exact`. */
const expectSixDigits = (stored: number, exact: number): void => {
  expect(Math.abs(stored - exact), `${stored} against ${exact}`).toBeLessThanOrEqual(5e-6 * Math.abs(exact) + 1e-12);
};

// Bounded by work, never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ICE_MODEL = JSON.parse(readFileSync(join(root, 'models/difficulty/ice-default.json'), 'utf8')) as Parameters<typeof handDifficulty>[1];

/** The naive ice difficulty: its features and random player, priced by ice-default.json by hand; null when unsolvable. */
function naiveDifficulty(rows: string[]): number | null {
  const g = iceGraph(rows);
  const { features } = iceFeatures(g);
  if (features.nSolutions === 0) return null;
  const player = iceRandomPlayer(g);
  return handDifficulty({ ...features, solutionPaths: 0, expectedMoves: player.expectedMoves, expectedDecisions: player.expectedDecisions }, ICE_MODEL);
}

const file = tempFiles('longcat-ice-cli-');

const refused = expectRefused;

/** Seeded random ice levels 3x3..16x16: rocks, then C and G on two different cells. */
function randomIceLevels(n: number, seed: number): string[][] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => {
    const w = 3 + rng.int(14), h = 3 + rng.int(14), density = 0.4 * rng.next();
    return randomIceRows(w, h, density, rng);
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
  });

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
  });

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
    // The studio's search (the generators worker's api, as the worker runs it) finds the CLI's level for the same settings and seed.
    const studio = await maximizeLevel({ rules: 'ice', width: 5, height: 4, walls: 2, feature: 'shortestSolutionLength', seed: 2, evaluations: 20000 });
    expect(studio.kind === 'ok' && [studio.value.level?.id, studio.value.level?.rows, studio.value.value]).toEqual([pack.levels[0]!.id, rows, f.shortestSolutionLength]);
    expect(await maximizeLevel({ rules: 'ice', width: 3, height: 3, walls: 7, feature: 'nStates', seed: 1, evaluations: 10 })).toMatchObject({ kind: 'invalid', message: expect.stringContaining('the walls must be a whole number from 0 to 6') });
    refused(await runCli(['generate', '--rules', 'ice', '--size', '5x4', '--walls', '2', '--maximize', 'fun', '--out', file('never2.json')]), /--maximize must be one of/);
    refused(await runCli(['generate', '--rules', 'ice', '--size', '3x3', '--walls', '8', '--maximize', 'nStates', '--out', file('never3.json')]), /--walls must be a whole number from 0 to 6/);
  });
});

describe('every other command that takes --rules paint, under ice', () => {
  it('evaluate, generate --target, range, merge, diff, lint, format, rate and the text and csv exports read and write ice', async () => {
    const stream = file('eval.ndjson');
    const e = await runCli(['evaluate', '--generator', 'rsd', '--rules', 'ice', '--count', '30', '--size', '6x6', '--seed', '5', '--json', '--out', stream, '--quiet']);
    expect(e.status).toBe(0);
    const report = JSON.parse(e.stdout) as { rules: string; generated: number; solvableIterations: number; unique: number; nonTrivial: number };
    expect(report).toMatchObject({ rules: 'ice', generated: 30, solvableIterations: 30 });
    const lines = readFileSync(stream, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rules: string; rows: string[] });
    expect(lines).toHaveLength(report.unique);
    for (const l of lines) expect(l.rules === 'ice' && iceSolution(l.rows) !== null, l.rows.join('/')).toBe(true);
    expect(report.nonTrivial).toBe(lines.filter((l) => naiveDifficulty(l.rows)! >= 20).length);

    const target = file('target.json');
    const t = await runCli(['generate', '--target', '10', '--rules', 'ice', '--size', '6x6', '--count', '2', '--seed', '2', '--evaluations', '2000', '--out', target]);
    expect([0, 3]).toContain(t.status);
    const found = readPack(target);
    expect(found.rules).toBe('ice');
    expect(found.levels.length).toBeGreaterThan(0);
    for (const l of found.levels) {
      const d = naiveDifficulty(l.rows)!;
      expect(l.difficulty!).toBeCloseTo(d, 6);
      expect(Math.abs(d - 10)).toBeLessThanOrEqual(3 + 1e-9); // the larger of ±10% and ±3
    }

    // range: a pack carries its rules; level text takes --rules ice (and a goal is refused without it).
    const text = file('ice-levels.txt', found.levels.map((l) => l.rows.join('\n')).join('\n\n') + '\n');
    const r = await runCli(['range', text, '--rules', 'ice', '--x', 'difficulty', '--y', 'shortestSolution', '--bins', '2', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rules: 'ice', read: found.levels.length, placed: found.levels.length });
    refused(await runCli(['range', text, '--x', 'difficulty', '--y', 'openCells']), /a goal 'G' is not part of this game/);

    const merged = file('merged.json');
    expect((await runCli(['merge', target, target, '--out', merged])).status).toBe(0);
    expect(readPack(merged).rules).toBe('ice');
    const diff = await runCli(['diff', target, merged]);
    expect(diff.status).toBe(0);
    // lint (every level solvable, by ice's rules), format (rules kept), text and csv exports that read back as ice.
    expect((await runCli(['lint', merged])).status).toBe(0);
    expect((await runCli(['format', merged])).status).toBe(0);
    expect(readPack(merged).rules).toBe('ice');
    const txt = file('ice-out.txt'), csv = file('ice-out.csv');
    expect((await runCli(['export', merged, '--format', 'text', '--out', txt])).status).toBe(0);
    expect((await runCli(['export', merged, '--format', 'csv', '--out', csv])).status).toBe(0);
    expect(readFileSync(csv, 'utf8').trim().split('\r\n')).toHaveLength(1 + readPack(merged).levels.length);
    const back = await runCli(['analyze', txt, '--rules', 'ice']);
    expect(back.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { classes: unknown }).classes)).toEqual(readPack(merged).levels.map((l) => iceFeatures(iceGraph(l.rows)).classes));

    // rate: the attempts' moves replay under ice (the naive solution wins; under Longcat a goal is no cell), predictions are ice's.
    const first = found.levels[0]!;
    const attempts = file('attempts.csv', `level,player,outcome,seconds,moves\n${first.id},ann,solved,12,${iceSolution(first.rows)}\n${first.id},bob,gaveup,30,\n`);
    const rate = await runCli(['rate', target, '--attempts', attempts, '--json']);
    expect(rate.status, rate.stderr).toBe(0);
    const row = JSON.parse(rate.stdout.trim().split('\n')[0]!) as { id: string; solves: number; predicted: number };
    expect(row).toMatchObject({ id: first.id, solves: 1 });
    expect(row.predicted).toBeCloseTo(Math.round(naiveDifficulty(first.rows)! * 100) / 100, 1);
  });

  it('train --rules ice trains on the ice carver; its model generates ice levels the naive solver solves, priced by ice-default.json; fit-predictor fits on ice levels', async () => {
    const dir = file('ice-model');
    const t = await runCli(['train', '--env', 'sd-pcgrl', '--rules', 'ice', '--size', '4x4', '--recipe', 'fast', '--env-steps', '400', '--seed', '1', '--out', dir, '--quiet']);
    expect(t.status, t.stderr).toBe(0);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { rules?: string; predictor: { name: string } };
    expect(meta).toMatchObject({ rules: 'ice', predictor: { name: 'ice-default' } });
    const out = file('sd-ice.json');
    const g = await runCli(['generate', '--generator', 'sd-pcgrl', '--rules', 'ice', '--rl-model', dir, '--size', '4x4', '--count', '20', '--temperature', '0.5', '--seed', '4', '--out', out, '--quiet']);
    expect(g.status, g.stderr).toBe(0);
    const pack = readPack(out);
    expect(pack.rules).toBe('ice');
    expect(pack.levels.length).toBeGreaterThan(0);
    for (const l of pack.levels) {
      expect(iceSolution(l.rows), l.rows.join('/')).not.toBeNull();
      expectSixDigits(l.difficulty!, naiveDifficulty(l.rows)!);
    }
    // No ice model ships: one line names the default folder and how to train one, and nothing is written.
    const noModel = /^error: no SD-PCGRL model ships for Ice levels \(models\/sd-pcgrl-ice-8x8 is not there\): train one \(npm run cli -- train --env sd-pcgrl --rules ice .*\) and pass --rl-model DIR$/m;
    refused(await runCli(['generate', '--generator', 'sd-pcgrl', '--rules', 'ice', '--size', '8x8', '--count', '5', '--out', file('never-sd.json')]), noModel);
    refused(await runCli(['evaluate', '--generator', 'sd-pcgrl', '--rules', 'ice', '--count', '2']), noModel);
    expect(existsSync(file('never-sd.json'))).toBe(false);

    const model = file('ice-fit.json');
    const f = await runCli(['fit-predictor', '--rules', 'ice', '--generated', '200', '--method', 'ridge', '--features', 'log1p:expectedMoves,log1p:expectedDecisions', '--label', 'log1p', '--seed', '9', '--name', 'i', '--out', model, '--quiet']);
    expect(f.status, f.stderr).toBe(0);
    const m = JSON.parse(readFileSync(model, 'utf8')) as { provenance: { summary: string; data: string } };
    expect(m.provenance.summary).toMatch(/ice levels/);
    expect(m.provenance.data).not.toMatch(/rpu/);
  });
});
