/**
 * The persistent reachable-range estimates: a stored estimate is used by a
 * new worker (a fresh ReachableRanges) without evaluating a level; a corrupt,
 * other-version or other-key record is computed again and overwritten; pins
 * and models never share. The repo has no IndexedDB in Node (and no fake of
 * it), so the store is the in-memory one with the same contract as the
 * IndexedDB one (structured clones in and out); every read goes through the
 * same schema.
 */
import { describe, expect, it } from 'vitest';
import { estimateKey, rangeKey, ReachableRanges, RANGE_ESTIMATE_VERSION } from '../core/generators/atDifficulty';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { modelId, RangeCache, runAtDifficultyJob } from '../core/jobs/atDifficulty';
import { paint } from '../core/rules/paint';
import type { LevelFeatures } from '../core/graph/features';
import { parsePinRows, type CellPins } from '../core/generators/pins';
import { longcat } from '../core/rules/registry';
import { memoryRangeStore, rangeKeeper, rangeRecord, recordId, usableRecord, type RangeRecord } from './rangeEstimateStore';

const W = 5, H = 5, BUDGET = 60;
const MODEL = 'model-a@1';

/** A predictor that counts its calls (each call is one level evaluated). */
function counted(): { difficulty: (f: LevelFeatures) => number; calls: () => number } {
  let calls = 0;
  return { difficulty: (f) => (calls++, f.nStates + 2 * f.shortestSolutionLength), calls: () => calls };
}

/** One "worker": a fresh cache of the predictor wired to the keeper, as batch.api.ts wires it. */
function worker(keeper: ReturnType<typeof rangeKeeper>, model: string) {
  const p = counted();
  const ranges = new ReachableRanges(p.difficulty, (key, e) => keeper.computed(model, key, e));
  return {
    calls: p.calls,
    async estimate(pins?: CellPins) {
      const key = rangeKey(W, H, BUDGET, longcat, pins);
      await keeper.prepare(ranges, model, key, W * H);
      const e = ranges.get(W, H, BUDGET, Infinity, () => 0, longcat, pins)!;
      await keeper.settled();
      return e;
    },
  };
}

const pins = (rows: string[]): CellPins => {
  const r = parsePinRows(rows);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const PINS = pins(['C????', '?????', '?????', '?????', '?????']);

describe('persistent reachable-range estimates', () => {
  it('a stored estimate is reused by a new worker without evaluating a level', async () => {
    const store = memoryRangeStore();
    const keeper = rangeKeeper(async () => store);
    const first = worker(keeper, MODEL);
    const computed = await first.estimate();
    expect(first.calls()).toBeGreaterThan(0);
    expect(store.data.size).toBe(1);
    // A reload: a new keeper on the same storage, a new cache.
    const second = worker(rangeKeeper(async () => store), MODEL);
    const reused = await second.estimate();
    expect(second.calls()).toBe(0);
    expect(reused).toEqual(computed);
  });

  it('a corrupt, other-version or other-key record is computed again and overwritten', async () => {
    const store = memoryRangeStore();
    const fresh = await worker(rangeKeeper(async () => store), MODEL).estimate();
    const id = recordId(MODEL, rangeKey(W, H, BUDGET, longcat));
    const good = structuredClone(store.data.get(id)) as RangeRecord;
    const bad: unknown[] = [
      'not a record',
      { ...good, estimator: RANGE_ESTIMATE_VERSION + 1 },
      { ...good, format: 2 },
      { ...good, model: 'model-b@1' },
      { ...good, range: rangeKey(W, H, BUDGET + 1, longcat) },
      { ...good, estimate: { ...good.estimate, max: Number.NaN } },
      { ...good, estimate: { ...good.estimate, min: good.estimate.max + 1 } },
      { ...good, estimate: { ...good.estimate, elites: [{ start: W * H, dirs: [0] }] } },
      { ...good, estimate: { ...good.estimate, elites: [{ start: 0, dirs: [4] }] } },
    ];
    for (const raw of bad) {
      store.data.set(id, raw);
      const w = worker(rangeKeeper(async () => store), MODEL);
      const e = await w.estimate();
      expect(w.calls()).toBeGreaterThan(0);
      expect(e.max).toBe(fresh.max);
      // Overwritten with a usable record.
      expect(usableRecord(store.data.get(id), MODEL, good.range, W * H)).not.toBeNull();
    }
  });

  it('different pins and different models do not share an estimate', async () => {
    const store = memoryRangeStore();
    await worker(rangeKeeper(async () => store), MODEL).estimate();
    const pinned = worker(rangeKeeper(async () => store), MODEL);
    await pinned.estimate(PINS);
    expect(pinned.calls()).toBeGreaterThan(0);
    const other = worker(rangeKeeper(async () => store), 'model-b@1');
    await other.estimate();
    expect(other.calls()).toBeGreaterThan(0);
    expect(store.data.size).toBe(3);
    // Each of the three is now reused by its own key.
    for (const [model, p] of [[MODEL, undefined], [MODEL, PINS], ['model-b@1', undefined]] as const) {
      const again = worker(rangeKeeper(async () => store), model);
      await again.estimate(p);
      expect(again.calls()).toBe(0);
    }
  });

  it('with no storage (no IndexedDB) or a failing one, estimates are computed and nothing throws', async () => {
    const none = worker(rangeKeeper(async () => null), MODEL);
    await none.estimate();
    expect(none.calls()).toBeGreaterThan(0);
    const broken = rangeKeeper(async () => ({
      read: () => Promise.reject(new Error('closed')),
      write: () => Promise.reject(new Error('full')),
    }));
    const w = worker(broken, MODEL);
    await w.estimate();
    expect(w.calls()).toBeGreaterThan(0);
  });

  it('the job reads the estimate the worker prepares under estimateKey (ruleset, size and pins as the search keys them)', async () => {
    // A stored estimate that says 8x8 paint with these pins reaches only 5: a request for 100 is out of reach at once, with no evaluation.
    const pins8 = pins(['C???????', ...Array.from({ length: 7 }, () => '????????')]);
    const key = estimateKey(8, 8, paint, pins8);
    const store = memoryRangeStore();
    store.data.set(recordId(modelId(model), key), rangeRecord(modelId(model), key, { min: 0, max: 5, elites: [], evaluations: 10, keptPins: 10 }));
    const keeper = rangeKeeper(async () => store);
    const cache = new RangeCache(4, keeper.computed);
    await keeper.prepare(cache.for(model), modelId(model), key, 64);
    const r = runAtDifficultyJob({ rules: 'paint', width: 8, height: 8, target: 100, tolerance: { relative: 0, absolute: 1 }, count: 1, seed: 1, model, timeLimitMs: Infinity, pins: pins8 }, cache);
    expect(r.outOfReach).toBe(true);
    expect(r.reachable).toEqual({ min: 0, max: 5 });
    expect(r.evaluations).toBe(0);
  });
});
