/**
 * The CLI and the studio share SD-PCGRL generation: `longcat generate
 * --generator sd-pcgrl` (src/cli) and the studio's generator (the training
 * worker's api) give the same levels under the same ids for the same model,
 * temperature and seed; the per-temperature evaluation counts what it was
 * given. Uses the shipped model (models/sd-pcgrl-8x8, committed with the repo).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { predictorMeasure, TimedEvaluation } from '../core/generators/evaluate';
import { importPack } from '../core/pack/pack';
import { readModelDir } from '../cli/modelDir';
import { generateSdPcgrl } from '../cli/sdPcgrl';
import { createTrainingApi } from '../workers/training.api';
import { chooseBackend } from './backend';
import { loadPolicy, type LoadedPolicy } from './policyService';
import { evaluatePerTemperature, generateSdLevels } from './sdPcgrlService';

const DIR = 'models/sd-pcgrl-8x8';
let tmp: string;
let policy: LoadedPolicy;

beforeAll(async () => {
  await chooseBackend('wasm');
  const r = await loadPolicy(readModelDir(DIR), { env: 'sd-pcgrl', width: 8, height: 8 });
  if (!r.ok) throw new Error(r.error);
  policy = r.value;
  tmp = mkdtempSync(join(tmpdir(), 'longcat-sd-'));
});

afterAll(() => {
  policy.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

describe.runIf(existsSync(join(DIR, 'weights.bin')))('SD-PCGRL, one implementation', () => {
  it('the CLI pack and the studio generator hold the same levels under the same ids', async () => {
    const out = join(tmp, 'sd.json');
    const cli = await generateSdPcgrl({ width: 8, height: 8, seed: 5, from: 0, to: 24, temperature: 0.2, rlModel: DIR, model, quiet: true, out });
    const pack = importPack(readFileSync(out, 'utf8'));
    if (!pack.ok) throw new Error('the CLI wrote an invalid pack');
    const api = createTrainingApi();
    expect((await api.importModel(readModelDir(DIR))).kind).toBe('ok');
    const generated = await api.generate({ temperature: 0.2, count: 24, seed: 5 });
    if (generated.kind !== 'ok') throw new Error(generated.message);
    const studio = generated.value.filter((l) => !l.duplicate);
    expect(cli.written).toBe(studio.length);
    expect(pack.value.pack.levels.map((l) => l.id)).toEqual(studio.map((l) => l.id));
    expect(pack.value.pack.levels.map((l) => l.rows.join('/'))).toEqual(studio.map((l) => l.rows.join('/')));
    expect(studio[2]?.id).toBe('sd-pcgrl-8x8-s5-t0.2-2');
    expect(pack.value.pack.levels[0]!.source).toMatchObject({ generator: 'sd-pcgrl', seed: 5, temperature: 0.2 });
  });

  it('marks repeats as duplicates, and a shard is the same levels as that part of a full run', async () => {
    const full = await generateSdLevels(policy, { temperature: 0, seed: 1, from: 0, to: 16 });
    const keys = full.map((l) => l.key);
    full.forEach((l, i) => expect(l.duplicate).toBe(keys.indexOf(l.key) < i));
    // Greedy from a fixed start: every level is the same walk, so all but the first are duplicates.
    const greedy = await generateSdLevels(policy, { temperature: 0, seed: 1, from: 0, to: 5, startCell: 9 });
    expect(greedy.map((l) => l.duplicate)).toEqual([false, true, true, true, true]);
    const shard = await generateSdLevels(policy, { temperature: 0, seed: 1, from: 8, to: 16 });
    expect(shard.map((l) => l.id)).toEqual(full.slice(8, 16).map((l) => l.id));
    expect(shard.map((l) => l.key)).toEqual(full.slice(8, 16).map((l) => l.key));
  });

  it('evaluates once per temperature: every level reaches its run, the report counts them', async () => {
    let seen = 0;
    const runs = await evaluatePerTemperature(
      policy,
      { temperatures: [0, 1], seed: 2, from: 0, to: 40 },
      (t) => new TimedEvaluation(predictorMeasure(model), t),
      () => seen++,
    );
    expect(seen).toBe(80);
    expect(runs.map((r) => r.temperature)).toEqual([0, 1]);
    for (const r of runs) {
      const { report } = r.result();
      expect(report.generated).toBe(40);
      // Solution-down walks are solvable by construction.
      expect(report.solvableIterations).toBe(40);
      expect(report.unique + report.duplicates).toBe(40);
    }
    // t = 1 is RSD (random directions): more distinct levels than the policy at t = 0.
    expect(runs[1]!.result().report.unique).toBeGreaterThan(runs[0]!.result().report.unique);
  });
});

const PAINT_DIR = 'models/sd-pcgrl-paint-8x8';

describe.runIf(existsSync(join(PAINT_DIR, 'weights.bin')))('SD-PCGRL levels past the state cap', () => {
  it('are left out and named to onCapped, never an error; the rest of the range is returned in order', async () => {
    const r = await loadPolicy(readModelDir(PAINT_DIR), { env: 'sd-pcgrl', width: 8, height: 8 });
    if (!r.ok) throw new Error(r.error);
    try {
      const capped: number[] = [];
      // Seed 7 at t = 0.5: the shipped paint policy's level 1 has more than 200,000 states.
      const levels = await generateSdLevels(r.value, { temperature: 0.5, seed: 7, from: 0, to: 8, onCapped: (i) => capped.push(i) });
      expect(capped.length).toBeGreaterThan(0);
      expect([...levels.map((l) => l.index), ...capped].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(levels.map((l) => l.index)).toEqual([...levels.map((l) => l.index)].sort((a, b) => a - b));
      for (const l of levels) expect(l.analysis.features.nSolutions).toBeGreaterThan(0);
    } finally {
      r.value.dispose();
    }
  });
});
