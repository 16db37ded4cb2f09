/**
 * The expressive-range worker api over real batch runs: a finished run
 * carries every unique level's measures (checked against the naive solver),
 * progress does not; maps on shared axes add up to each run's unique
 * levels; the pack and rated levels are placed where they belong.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { MEASURE_NAMES, measureIndex } from '../core/range/measures';
import { binIndex } from '../core/range/histogram';
import { runEvaluation, type EvaluationProgress } from './batch.api';
import { expressiveRange } from './range.api';
import { refusal, value } from '../../test/support/outcome';
import { naiveAnalyze } from '../../test/naive/naiveSolver';

async function rsdRun(seed: number, count: number) {
  const progress: EvaluationProgress[] = [];
  const r = value(await runEvaluation({ generator: 'rsd', width: 6, height: 6, count, seed, model }, (p) => progress.push(p)));
  return { run: r.runs[0]!, progress };
}

describe('batch runs carry their measures', () => {
  it('one row per unique level, the same as the naive solver counts; progress reports carry none', async () => {
    const { run, progress } = await rsdRun(3, 400);
    const t = run.measures!;
    expect(t.levels.length).toBe(run.report.unique);
    expect(t.values.length).toBe(t.levels.length * MEASURE_NAMES.length);
    for (let i = 0; i < t.levels.length; i += 37) {
      const rows = t.levels[i]!.split('/');
      const naive = naiveAnalyze(rows);
      const row = (name: (typeof MEASURE_NAMES)[number]) => t.values[i * MEASURE_NAMES.length + measureIndex(name)]!;
      expect(row('states')).toBe(naive.nStates);
      expect(row('leniency')).toBeCloseTo((naive.nStates - naive.classes.dead - naive.classes.fail) / naive.nStates, 12);
      expect(row('shortestSolution')).toBe(naive.features.shortestSolutionLength);
      expect(row('openCells')).toBe(rows.join('').replace(/#/g, '').length);
    }
    expect(progress.length).toBeGreaterThan(0);
    for (const p of progress) {
      expect(p.partial.measures).toBeUndefined();
      for (const f of p.finished) expect(f.measures).toBeUndefined();
    }
  });
});

describe('expressiveRange', () => {
  it('maps two runs on the same axes; each map adds up to its run\'s unique levels; pack and rated levels are placed', async () => {
    const a = (await rsdRun(1, 300)).run, b = (await rsdRun(2, 300)).run;
    const pack = [a.measures!.levels[0]!.split('/'), ['C....', '#####', '#####']];
    const r = value(
      await expressiveRange({
        x: 'difficulty',
        y: 'density',
        bins: 6,
        groups: [{ label: 'seed 1', table: a.measures! }, { label: 'seed 2', table: b.measures! }],
        overlays: [
          { kind: 'pack', rules: 'longcat', levels: pack.map((rows) => ({ rows })) },
          // A rated level sits at its rating, not at the model's difficulty.
          { kind: 'rated', rules: 'longcat', levels: [{ rows: pack[0]!, difficulty: 77 }] },
        ],
        model,
      }),
    );
    expect(r.maps.map((m) => m.placed)).toEqual([a.report.unique, b.report.unique]);
    for (const m of r.maps) {
      expect(m.counts.reduce((s, c) => s + c, 0)).toBe(m.read);
      expect(m.x).toBe(r.x);
    }
    // The pack's first level is run a's first level: same place on both axes.
    const first = r.overlays[0]!.points[0]!;
    expect(first.index).toBe(0);
    expect(first.x).toBeCloseTo(a.measures!.values[measureIndex('difficulty')]!, 9);
    expect(first.y).toBeCloseTo(a.measures!.values[measureIndex('density')]!, 12);
    // The corridor: 5 open cells of 15.
    expect(r.overlays[0]!.points[1]!.y).toBeCloseTo(5 / 15, 12);
    expect(r.overlays[1]!.points[0]!.x).toBe(77);
    // The axes stretch to hold the rated level at 77.
    expect(binIndex(r.x, 77)).toBe(5);
    expect(r.summaries[0]!.y.count).toBe(a.report.unique);
    expect(r.summaries[0]!.y.q1).toBeLessThanOrEqual(r.summaries[0]!.y.median);
  });

  it('refuses a bad request with a sentence', async () => {
    const table = { levels: ['C..'], values: new Float64Array(3) };
    expect(refusal(await expressiveRange({ x: 'fun', y: 'states', bins: 5, groups: [{ label: 'a', table: { levels: [], values: new Float64Array(0) } }], overlays: [], model }))).toMatch(/measure must be one of/);
    expect(refusal(await expressiveRange({ x: 'states', y: 'states', bins: 5, groups: [{ label: 'a', table }], overlays: [], model }))).toMatch(/9 values per level/);
    expect(refusal(await expressiveRange({ x: 'states', y: 'states', bins: 0, groups: [], overlays: [], model }))).toMatch(/bins/);
  });
});
