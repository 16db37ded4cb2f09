/**
 * The CLI under `--rules paint` (SPEC §12), end to end through `main()`:
 * analyze, generate (rsd, --target), evaluate, export, merge and
 * fit-predictor. Expected values come from the naive paint solver
 * (test/naive/naivePaint.ts) and paint's shipped model applied by hand
 * (test/support/handDifficulty.ts), never from the engine. Unsupported
 * combinations are one line on stderr and exit 2, with nothing written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paintFeatures, paintGraph, paintStuck, paintValueIteration } from '../../test/naive/naivePaint';
import { expectRefused, runCli, tempFiles } from '../../test/support/cliRun';
import { handDifficulty } from '../../test/support/handDifficulty';
import { noWallClockLimit } from '../../test/support/cpuBudget';

/** A generator's pack stores the difficulty to six significant digits (docs/formats.md): within half a unit of the sixth digit of `exact`. */
const expectSixDigits = (stored: number, exact: number): void => {
  expect(Math.abs(stored - exact), `${stored} against ${exact}`).toBeLessThanOrEqual(5e-6 * Math.abs(exact) + 1e-12);
};

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PAINT_MODEL = JSON.parse(readFileSync(join(root, 'models/difficulty/paint-default.json'), 'utf8')) as Parameters<typeof handDifficulty>[1];

/** Paint levels of our own: an open room (has cycles), a corridor, one that cannot be painted. */
const LEVELS = {
  room: ['C...', '....', '....'],
  corridor: ['C..#', '##.#', '#...'],
  stuck: ['C.#', '#..', '..#'],
};
const text = Object.entries(LEVELS).map(([name, rows]) => [`; ${name}`, ...rows].join('\n')).join('\n\n') + '\n';

/** Naive paint features, the player model by value iteration, and the hand-priced difficulty under paint's default. */
function naive(rows: string[]) {
  const g = paintGraph(rows);
  const { classes, features } = paintFeatures(g);
  const stopped = paintStuck(g);
  for (const s of g.order) if (g.cls.get(s) === 'dead') stopped.add(s);
  const v = paintValueIteration(g, stopped);
  const all = { ...features, expectedMoves: v.expectedMoves, expectedDecisions: v.expectedDecisions };
  const difficulty = features.nSolutions > 0 ? handDifficulty(all as unknown as Record<string, number>, PAINT_MODEL) : null;
  return { classes, features, expectedMoves: v.expectedMoves, expectedDecisions: v.expectedDecisions, difficulty };
}

const file = tempFiles('longcat-paint-cli-');

const refused = expectRefused;

interface PackJson {
  rules: string;
  levels: { id: string; rows: string[]; difficulty: number | null; features: Record<string, number | null> }[];
}
const readPack = (p: string): PackJson => JSON.parse(readFileSync(p, 'utf8')) as PackJson;

describe('analyze --rules paint', () => {
  it('text under paint: classes and features as the naive paint solver, difficulty from paint-default.json by hand', async () => {
    const r = await runCli(['analyze', file('levels.txt', text), '--rules', 'paint']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l['name'])).toEqual(Object.keys(LEVELS));
    Object.values(LEVELS).forEach((rows, i) => {
      const line = lines[i]!;
      const n = naive(rows);
      expect(line['rules']).toBe('paint');
      expect(line['classes']).toEqual(n.classes);
      for (const [k, v] of Object.entries(n.features)) expect(line[k], k).toEqual(Number.isFinite(v as number) || v === null ? v : null);
      if (n.difficulty === null) expect(line['difficulty']).toBeNull();
      else {
        expect(line['expectedMoves'] as number).toBeCloseTo(n.expectedMoves, 9);
        expect(line['expectedDecisions'] as number).toBeCloseTo(n.expectedDecisions, 9);
        expect(line['difficulty'] as number).toBeCloseTo(n.difficulty, 6);
      }
    });
    // The room has cycles; the stuck level cannot be painted.
    expect(naive(LEVELS.room).features.nStates).toBeGreaterThan(naive(LEVELS.room).classes.success);
    expect(naive(LEVELS.stuck).features.nSolutions).toBe(0);
  });

  it('the same text under Longcat (the default) is analysed differently: the flag matters', async () => {
    const p = file('levels.txt', text);
    const [asPaint, asLongcat] = [await runCli(['analyze', p, '--rules', 'paint']), await runCli(['analyze', p])];
    expect(asLongcat.status).toBe(0);
    expect(asLongcat.stdout).not.toBe(asPaint.stdout);
    expect(asLongcat.stdout).not.toMatch(/"rules"/);
  });

  it('a bad --rules is one line, exit 2', async () => {
    refused(await runCli(['analyze', file('levels.txt', text), '--rules', 'sokoban']), /--rules must be one of longcat, paint, ice, got "sokoban"/);
  });
});

describe('generate, evaluate and export under paint', () => {
  it('rsd --rules paint writes a paint pack of solvable, unique levels priced by paint-default.json', async () => {
    const out = file('rsd-paint.json');
    const r = await runCli(['generate', '--generator', 'rsd', '--rules', 'paint', '--count', '25', '--size', '6x6', '--seed', '3', '--out', out, '--quiet']);
    expect(r.status).toBe(0);
    const pack = readPack(out);
    expect(pack.rules).toBe('paint');
    expect(pack.levels).toHaveLength(25);
    expect(new Set(pack.levels.map((l) => l.rows.join('/'))).size).toBe(25);
    for (const l of pack.levels) {
      const n = naive(l.rows);
      expect(n.features.nSolutions, l.id).toBeGreaterThan(0);
      expect(l.features['nStates']).toBe(n.features.nStates);
      expect(l.features['solutionPaths']).toBeNull();
      expectSixDigits(l.difficulty!, n.difficulty!);
    }
    // Packs carry their rules: analysing the pack needs no flag, and a contradicting flag is refused.
    const a = await runCli(['analyze', out]);
    expect(a.status).toBe(0);
    expect(a.stdout.trim().split('\n').every((l) => (JSON.parse(l) as { rules?: string }).rules === 'paint')).toBe(true);
    refused(await runCli(['analyze', out, '--rules', 'longcat']), /is a paint pack but --rules says longcat/);
  });

  it('evaluate --generator rsd --rules paint: every iteration solvable, non-trivial count as priced by hand on the same run', async () => {
    const stream = file('eval.ndjson');
    const r = await runCli(['evaluate', '--generator', 'rsd', '--rules', 'paint', '--count', '60', '--size', '6x6', '--seed', '5', '--json', '--out', stream, '--quiet']);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { rules: string; generated: number; solvableIterations: number; unique: number; nonTrivial: number };
    expect(report.rules).toBe('paint');
    expect(report.generated).toBe(60);
    expect(report.solvableIterations).toBe(60); // solution-down: solvable by construction
    const lines = readFileSync(stream, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rules: string; rows: string[] });
    expect(lines.every((l) => l.rules === 'paint')).toBe(true);
    expect(lines).toHaveLength(report.unique);
    expect(report.nonTrivial).toBe(lines.filter((l) => naive(l.rows).difficulty! >= 20).length);
  });

  it('generators and options paint lacks are one line, exit 2, nothing written', async () => {
    const out = file('never.json');
    refused(await runCli(['generate', '--generator', 'rpu', '--rules', 'paint', '--count', '5', '--out', out]), /--generator rpu is Longcat's only/);
    refused(await runCli(['evaluate', '--generator', 'turtle', '--rules', 'paint', '--count', '5']), /--generator turtle is Longcat's only/);
    refused(await runCli(['generate', '--target', '30', '--rules', 'paint', '--unique-solution', '--count', '1', '--out', out]), /--unique-solution needs solution paths/);
    refused(await runCli(['train', '--env', 'turtle', '--rules', 'paint', '--env-steps', '10', '--out', file('never-model')]), /--env turtle is Longcat's only/);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(file('never-model'))).toBe(false);
  });

  it('generate --target under paint: levels within the window by the naive solver and paint-default.json', async () => {
    const out = file('target.json');
    const r = await runCli(['generate', '--target', '25', '--rules', 'paint', '--size', '6x6', '--count', '2', '--seed', '2', '--evaluations', '3000', '--out', out]);
    expect([0, 3]).toContain(r.status);
    const pack = readPack(out);
    expect(pack.rules).toBe('paint');
    expect(pack.levels.length).toBeGreaterThan(0);
    for (const l of pack.levels) {
      const d = naive(l.rows).difficulty!;
      expect(l.difficulty!).toBeCloseTo(d, 6);
      // Default tolerance: the larger of ±10% and ±3.
      expect(Math.abs(d - 25)).toBeLessThanOrEqual(3 + 1e-9);
    }
  });

  it('export: json names paint, text and csv carry the levels, pack keeps its rules, html embeds them; the Arduboy header says Longcat only', async () => {
    const src = file('src.txt', text);
    const asPack = file('p.json');
    expect((await runCli(['export', src, '--rules', 'paint', '--format', 'pack', '--out', asPack])).status).toBe(0);
    const pack = readPack(asPack);
    expect(pack.rules).toBe('paint');
    for (const l of pack.levels) {
      const d = naive(l.rows).difficulty;
      if (d === null) expect(l.difficulty).toBeNull();
      else expect(Math.abs(l.difficulty! - d)).toBeLessThanOrEqual(0.005 + 1e-9); // two decimals, as the studio rounds
    }

    const json = file('levels.json');
    expect((await runCli(['export', asPack, '--format', 'json', '--out', json])).status).toBe(0);
    const game = JSON.parse(readFileSync(json, 'utf8')) as { rules: string; levels: { rows: string[] }[] };
    expect(game.rules).toBe('paint');
    expect(game.levels.map((l) => l.rows)).toEqual(Object.values(LEVELS));

    const txt = file('levels.out.txt');
    expect((await runCli(['export', asPack, '--format', 'text', '--out', txt])).status).toBe(0);
    expect(readFileSync(txt, 'utf8')).toContain(LEVELS.corridor.join('\n'));

    const csv = file('levels.csv');
    expect((await runCli(['export', asPack, '--format', 'csv', '--out', csv])).status).toBe(0);
    expect(readFileSync(csv, 'utf8').trim().split('\r\n')).toHaveLength(1 + 3);

    const header = file('levels.h');
    refused(await runCli(['export', asPack, '--format', 'arduboy', '--out', header]), /Arduboy header is for Longcat only.*paint pack/);
    expect(existsSync(header)).toBe(false);

    // Re-import: the exported pack analyses as paint with no flag.
    const back = await runCli(['analyze', asPack]);
    expect(back.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { classes: unknown }).classes)).toEqual(Object.values(LEVELS).map((rows) => naive(rows).classes));

    if (!existsSync(join(root, 'build/player/play.html'))) {
      console.log('skipped the html export: build/player/play.html is not built (npm run build:cli)');
      return;
    }
    const html = file('play.html');
    expect((await runCli(['export', asPack, '--format', 'html', '--out', html])).status).toBe(0);
    expect(readFileSync(html, 'utf8')).toMatch(/"rules":\s*"paint"/);
  });

  it('merge refuses packs of two rulesets in one line, and keeps paint when all are paint', async () => {
    const paintPack = file('m-paint.json');
    const longcatPack = file('m-longcat.json');
    await runCli(['export', file('m.txt', text), '--rules', 'paint', '--format', 'pack', '--out', paintPack]);
    await runCli(['export', file('m.txt', text), '--format', 'pack', '--out', longcatPack]);
    const out = file('merged.json');
    refused(await runCli(['merge', paintPack, longcatPack, '--out', out]), /is longcat but the inputs before it are paint/);
    expect(existsSync(out)).toBe(false);
    expect((await runCli(['merge', paintPack, paintPack, '--out', out])).status).toBe(0);
    expect(readPack(out).rules).toBe('paint');
    expect(readPack(out).levels).toHaveLength(3);
  });
});

describe('fit-predictor --rules paint', () => {
  it('fits on paint RSD levels (no RPU), says it was fitted on paint levels', async () => {
    const out = file('paint-model.json');
    const r = await runCli(['fit-predictor', '--rules', 'paint', '--generated', '400', '--method', 'ridge', '--features', 'log1p:expectedMoves,log1p:expectedDecisions', '--label', 'log1p', '--seed', '9', '--name', 'p', '--out', out, '--quiet']);
    expect(r.status).toBe(0);
    const m = JSON.parse(readFileSync(out, 'utf8')) as { provenance: { command: string; summary: string; data: string } };
    // (The recorded command comes from the process's own argv: in-process it is Vitest's, so it is checked in recipe.test.ts on the shipped file.)
    expect(m.provenance.data).not.toMatch(/rpu/);
    expect(m.provenance.summary).toMatch(/paint levels/);
  });
});

describe('SD-PCGRL under paint', () => {
  it('train --rules paint records paint (and its default predictor); the model generates paint levels, solvable by the naive solver, and is refused for Longcat', async () => {
    const dir = file('paint-model');
    const t = await runCli(['train', '--env', 'sd-pcgrl', '--rules', 'paint', '--size', '4x4', '--recipe', 'fast', '--env-steps', '400', '--seed', '1', '--out', dir, '--quiet']);
    expect(t.status).toBe(0);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { rules?: string; predictor: { name: string } };
    expect(meta.rules).toBe('paint');
    expect(meta.predictor.name).toBe('paint-default');

    const out = file('sd-paint.json');
    const g = await runCli(['generate', '--generator', 'sd-pcgrl', '--rules', 'paint', '--rl-model', dir, '--size', '4x4', '--count', '30', '--temperature', '0.5', '--seed', '4', '--out', out, '--quiet']);
    expect(g.status).toBe(0);
    const pack = readPack(out);
    expect(pack.rules).toBe('paint');
    expect(pack.levels.length).toBeGreaterThan(0);
    for (const l of pack.levels) {
      const n = naive(l.rows);
      expect(n.features.nSolutions, l.rows.join('/')).toBeGreaterThan(0);
      expectSixDigits(l.difficulty!, n.difficulty!);
    }

    refused(
      await runCli(['generate', '--generator', 'sd-pcgrl', '--rl-model', dir, '--size', '4x4', '--count', '5', '--out', file('never-sd.json')]),
      /was trained for paint, not longcat/,
    );
    expect(existsSync(file('never-sd.json'))).toBe(false);
  });

  it('the shipped paint model (models/sd-pcgrl-paint-8x8) is what --rules paint uses by default', async () => {
    const meta = JSON.parse(readFileSync(join(root, 'models/sd-pcgrl-paint-8x8/meta.json'), 'utf8')) as { rules?: string; width: number; height: number; predictor: { name: string } };
    expect(meta).toMatchObject({ rules: 'paint', width: 8, height: 8, predictor: { name: 'paint-default' } });
    const out = file('sd-shipped.json');
    const g = await runCli(['generate', '--generator', 'sd-pcgrl', '--rules', 'paint', '--count', '8', '--seed', '2', '--out', out, '--quiet']);
    expect(g.status).toBe(0);
    const raw = JSON.parse(readFileSync(out, 'utf8')) as { rules: string; levels: { source: { model: string }; features: Record<string, number | null> }[] };
    expect(raw.rules).toBe('paint');
    expect(raw.levels.every((l) => l.source.model.startsWith('models/sd-pcgrl-paint-8x8'))).toBe(true);
    expect(raw.levels.every((l) => (l.features['nSolutions'] ?? 0) > 0)).toBe(true);
  });
});
