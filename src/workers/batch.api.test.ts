import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelDir } from '../cli/modelDir';
import { chooseBackend } from '../ml/backend';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { solvableDifficulty } from '../core/difficulty/predict';
import { toleranceWidth } from '../core/generators/atDifficulty';
import { DIFFICULTY_SPANS } from '../core/generators/evaluate';
import { createLevelSource } from '../core/generators/registry';
import { Analyzer } from '../core/graph/analyze';
import { parseRows } from '../core/level/format';
import { levelKey } from '../core/level/level';
import { curveTargets, fillCurve, generateAt, runEvaluation, type CurveStep, type EvaluationProgress } from './batch.api';
import { refusal, value } from '../../test/support/outcome';
import { paintFeatures, paintGraph } from '../../test/naive/naivePaint';

const difficultyOf = (rows: string[]): number => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  const a = new Analyzer().analyze(p.value);
  if (!a.ok) throw new Error('capped');
  return solvableDifficulty(model, a.value.features);
};

describe('generateAt', () => {
  it('returns levels inside a band window, excluding given keys', async () => {
    const first = value(await generateAt({ width: 7, height: 7, target: 50, tolerance: { relative: 0, absolute: 9.99 }, count: 3, seed: 2, model, timeLimitMs: 600_000 }));
    expect(first.levels).toHaveLength(3);
    for (const l of first.levels) {
      expect(l.difficulty).toBeGreaterThanOrEqual(40);
      expect(l.difficulty).toBeLessThan(60);
      expect(difficultyOf(l.rows)).toBeCloseTo(l.difficulty, 9);
      expect(l.attempts).toBeGreaterThan(0);
    }
    const again = value(await generateAt({ width: 7, height: 7, target: 50, tolerance: { relative: 0, absolute: 9.99 }, count: 3, seed: 2, model, timeLimitMs: 600_000, exclude: first.levels.map((l) => l.key) }));
    for (const l of again.levels) expect(first.levels.map((f) => f.key)).not.toContain(l.key);
  });

  it('says when a target is out of reach, with the range', async () => {
    const r = value(await generateAt({ width: 5, height: 5, target: 5000, count: 1, seed: 1, model, timeLimitMs: 60_000 }));
    expect(r.outOfReach).toBe(true);
    expect(r.levels).toHaveLength(0);
    expect(r.message).toMatch(/out of reach for 5x5 levels: the reachable range is about 0 to \d+/);
    expect(r.reachable!.max).toBeLessThan(5000);
  });

  it('refuses bad requests with a sentence', async () => {
    expect(refusal(await generateAt({ width: 2, height: 5, target: 10, count: 1, seed: 1, model }))).toMatch(/between 3 and 16/);
    expect(refusal(await generateAt({ width: 5, height: 5, target: -1, count: 1, seed: 1, model }))).toMatch(/target/);
    expect(refusal(await generateAt({ width: 5, height: 5, target: 10, count: 1, seed: 1, model: { ...model, coefficients: [] } }))).toMatch(/difficulty model is not valid: coefficients: has 0 values/);
    expect(refusal(await generateAt({ width: 5, height: 5, target: 10, count: 1, seed: 4294967296, model }))).toBe('the seed must be a whole number from 0 to 4294967295');
    expect(refusal(await generateAt({ width: 5, height: 5, target: 10, count: 1, seed: 1, model, openCells: { min: 9, max: 3 } }))).toMatch(/least open cells is above the most/);
    expect(refusal(await generateAt({ width: 5, height: 5, target: 10, count: 1, seed: 1, model, tolerance: { relative: 0, absolute: 0 } }))).toMatch(/tolerance is zero/);
  });
});

describe('fillCurve', () => {
  it('spaces targets evenly', () => {
    expect(curveTargets(10, 60, 6)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(curveTargets(10, 60, 1)).toEqual([10]);
  });

  it('keeps the pinned cells in every level of a curve and of generate at difficulty', async () => {
    const pins = ['C???????', '?#??????', '????????', '???.????', '????????', '????????', '????????', '????????'];
    const keeps = (rows: readonly string[]): boolean => rows[0]![0] === 'C' && rows[1]![1] === '#' && rows[3]![3] === '.';
    const curve = value(await fillCurve({ width: 8, height: 8, from: 10, to: 40, count: 4, seed: 3, model, pins, timeLimitMs: 60_000 }));
    const levels = curve.steps.flatMap((st) => (st.level === null ? [] : [st.level]));
    expect(levels.length).toBeGreaterThan(0);
    for (const l of levels) expect(keeps(l.rows), l.rows.join('/')).toBe(true);
    const at = value(await generateAt({ width: 8, height: 8, target: 25, count: 3, seed: 1, model, pins, timeLimitMs: 60_000 }));
    expect(at.levels).toHaveLength(3);
    for (const l of at.levels) expect(keeps(l.rows), l.rows.join('/')).toBe(true);
    expect(await generateAt({ width: 8, height: 8, target: 25, count: 1, seed: 1, model, pins: ['C??', '???', '??C'] })).toMatchObject({ kind: 'invalid' });
  });

  it('finds one level per target, each within tolerance and harder than the one before', async () => {
    const seen: CurveStep[] = [];
    const r = value(await fillCurve({ width: 8, height: 8, from: 10, to: 60, count: 6, seed: 3, model, timeLimitMs: 600_000 }, (s) => seen.push(s)));
    expect(seen).toHaveLength(6);
    const ds = r.steps.map((s) => s.level!.difficulty);
    for (let i = 0; i < 6; i++) {
      const t = r.steps[i]!.target;
      expect(Math.abs(ds[i]! - t)).toBeLessThanOrEqual(toleranceWidth(t) + 1e-9);
      if (i > 0) expect(ds[i]!).toBeGreaterThan(ds[i - 1]!);
    }
    expect(new Set(r.steps.map((s) => s.level!.key)).size).toBe(6);
    expect(r.steps.map((s) => s.cancelled)).toEqual([false, false, false, false, false, false]);
  });

  it("passes each search's cancelled on: a step the time limit stopped says so", async () => {
    // A limit of a nanosecond has passed by the search's first check: every step is cancelled, none found.
    const r = value(await fillCurve({ width: 8, height: 8, from: 10, to: 60, count: 2, seed: 3, model, timeLimitMs: 1e-6 }));
    expect(r.steps.map((s) => [s.level, s.cancelled])).toEqual([[null, true], [null, true]]);
    for (const s of r.steps) expect(s.message).toMatch(/^no level found within .+ before the time limit ran out$/);
  });
});

describe('runEvaluation', () => {
  it('reports RSD like the core evaluation: generated = requested, spans sum to unique, samples in their span', async () => {
    const progress: EvaluationProgress[] = [];
    const r = value(await runEvaluation({ generator: 'rsd', width: 8, height: 8, count: 3000, seed: 5, model }, (p) => progress.push(p)));
    const report = r.runs[0]!.report;
    expect(report.generated).toBe(3000);
    const keys = new Set<string>();
    const source = createLevelSource({ generator: 'rsd', width: 8, height: 8, seed: 5 });
    for (let i = 0; i < 3000; i++) keys.add(levelKey(source.generate(i).levels[0]!));
    expect(report.unique).toBe(keys.size);
    expect(report.spans.reduce((a, s) => a + s.count, 0)).toBe(report.unique);
    expect(report.histogram.reduce((a, c) => a + c, 0)).toBe(report.unique);
    for (const s of r.runs[0]!.samples) {
      const [from, to] = DIFFICULTY_SPANS[s.span]!;
      expect(s.difficulty).toBeGreaterThanOrEqual(from);
      if (to !== null) expect(s.difficulty).toBeLessThan(to);
      expect(difficultyOf(s.rows)).toBeCloseTo(s.difficulty, 9);
    }
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]!.total).toBe(3000);
  });

  it('paint: RSD under paint rules, every sample a paint level the naive paint solver solves; RPU and a Longcat SD-PCGRL policy refused with a sentence', async () => {
    const r = value(await runEvaluation({ generator: 'rsd', rules: 'paint', width: 6, height: 6, count: 300, seed: 2, model }));
    const report = r.runs[0]!.report;
    expect(report.generated).toBe(300);
    expect(report.solvable).toBe(300); // solvable by construction
    expect(report.spans.reduce((a, x) => a + x.count, 0)).toBe(report.unique);
    expect(r.runs[0]!.samples.length).toBeGreaterThan(0);
    for (const x of r.runs[0]!.samples) {
      expect(paintFeatures(paintGraph(x.rows)).features.nSolutions).toBeGreaterThan(0);
      expect(x.features.solutionPaths).toBeNull();
    }
    expect(refusal(await runEvaluation({ generator: 'rpu', rules: 'paint', width: 6, height: 6, count: 10, seed: 1, model }))).toMatch(/rpu does not run under the paint rules/);
    const longcatMeta = readFileSync('models/sd-pcgrl-8x8/meta.json', 'utf8');
    expect(refusal(await runEvaluation({ generator: 'sd-pcgrl', rules: 'paint', width: 8, height: 8, count: 10, seed: 1, model, temperatures: [0.2], policy: { modelJson: '{}', meta: longcatMeta, weights: new Uint8Array(0) } }))).toBe(
      'policy: This model was trained for Longcat levels and this pack is Paint: use a Paint model (nothing was changed)',
    );
    expect(refusal(await runEvaluation({ generator: 'rsd', rules: 'chess' as 'paint', width: 6, height: 6, count: 10, seed: 1, model }))).toMatch(/rules must be one of longcat, paint, ice/);
  });

  it.runIf(existsSync('models/sd-pcgrl-paint-8x8/weights.bin'))('paint: SD-PCGRL with the paint policy, per temperature, analysed under paint rules (every sample solvable by the naive paint solver)', async () => {
    // Pin the WASM backend first (as the ml tests do): the batch worker's own start-up points tfjs at Vite's
    // asset URLs, which Node cannot open; with the backend already up, that changes nothing for later test files.
    await chooseBackend('wasm');
    const policy = readModelDir('models/sd-pcgrl-paint-8x8');
    const r = value(await runEvaluation({ generator: 'sd-pcgrl', rules: 'paint', width: 8, height: 8, count: 20, seed: 3, model, temperatures: [0.2, 1], policy }));
    expect(r.runs.map((x) => x.temperature)).toEqual([0.2, 1]);
    expect(r.policy?.description).toMatch(/trained for Paint$/);
    for (const run of r.runs) {
      expect(run.report.generated).toBe(20);
      // Solution-down: solvable by construction; a level past the state cap (the trained policy carves some) is not analysed.
      expect(run.report.solvable + run.report.stateCapped).toBe(20);
      expect(run.samples.length).toBeGreaterThan(0);
      for (const x of run.samples) {
        const naive = paintFeatures(paintGraph(x.rows)).features;
        expect(naive.nSolutions).toBeGreaterThan(0);
        // Priced on paint's graph: its state count is the naive paint graph's.
        expect(x.features.nStates).toBe(naive.nStates);
        expect(x.features.solutionPaths).toBeNull();
      }
    }
  });

  it('refuses SD-PCGRL without model files, and unknown generators', async () => {
    expect(refusal(await runEvaluation({ generator: 'sd-pcgrl', width: 8, height: 8, count: 10, seed: 1, model, temperatures: [0.2] }))).toMatch(/model files/);
    expect(refusal(await runEvaluation({ generator: 'nope' as 'rsd', width: 8, height: 8, count: 10, seed: 1, model }))).toMatch(/generator must be one of rsd, rpu, sd-pcgrl/);
    expect(refusal(await runEvaluation({ generator: 'rsd', width: 8, height: 8, count: 0, seed: 1, model }))).toMatch(/number of levels/);
    expect(refusal(await runEvaluation({ generator: 'sd-pcgrl', width: 8, height: 8, count: 10, seed: 1, model, temperatures: [1.5], policy: { modelJson: '{}', meta: '{}', weights: new Uint8Array(0) } }))).toMatch(/temperatures/);
  });
});
