/** The pack's features are analysed off the page and stored in batches: one store update per batch, not per level. */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import type { Level } from '../../core/level/level';
import { analyzeRowsSync } from '../../workers/analysis.api';
import type { AnalysisClient } from '../../workers/analysis.client';
import { createStudioStore } from '../store/store';
import { rowsKey } from '../store/packEdits';
import { connectPackFeatures, FEATURE_BATCH_LEVELS, FEATURE_BATCH_MS, pendingFeatureRows } from './packFeaturesController';
import { ENGINE_FEATURES_VERSION, memoryAnalysisCache, usableEntry } from '../persistence/analysisCache';
import { selectExportPack } from '../store/selectors';

/** `n` distinct 4x4 grids: the head top-left, walls on the lower 12 cells by the bits of `i`. */
function grids(n: number): Level[] {
  const out: Level[] = [];
  for (let i = 0; out.length < n; i++) {
    const cells = Array.from({ length: 16 }, (_, c) => (c === 0 ? 'C' : c >= 4 && (i >> (c - 4)) & 1 ? '#' : '.'));
    const rows = [0, 1, 2, 3].map((y) => cells.slice(y * 4, y * 4 + 4).join(''));
    const p = parseRows(rows);
    if (p.ok) out.push(p.value);
  }
  return out;
}

/** A client that analyses in this thread (the real worker's api), counting calls. */
function localClient(): AnalysisClient & { calls: number } {
  const c = {
    calls: 0,
    analyze: async (req: { rows: string[]; maxStates: number }) => {
      c.calls++;
      return analyzeRowsSync({ rows: req.rows, maxStates: req.maxStates });
    },
    dispose: () => {},
  };
  return c as unknown as AnalysisClient & { calls: number };
}

describe('pack features in batches', () => {
  it('250 imported levels: each analysed once, the cache updated once per batch, every difficulty known', async () => {
    const store = createStudioStore();
    const levels = grids(250);
    store.getState().importLevels(levels.map((level, i) => ({ level, name: `g${i}` })), 'many.txt');
    expect(pendingFeatureRows(store.getState())).toHaveLength(250);
    let updates = 0;
    store.subscribe((s, prev) => void (s.featureCache !== prev.featureCache && updates++));
    const client = localClient();
    const t0 = performance.now();
    const stop = connectPackFeatures(store, client);
    await expect.poll(() => pendingFeatureRows(store.getState()).length, { timeout: 300_000 }).toBe(0);
    const elapsed = performance.now() - t0;
    stop();
    expect(client.calls).toBe(250);
    expect(store.getState().pack.levels.every((l) => store.getState().featureCache.has(rowsKey(l.rows)))).toBe(true);
    // At most one update per FEATURE_BATCH_LEVELS levels, plus one per FEATURE_BATCH_MS of analysis.
    expect(updates).toBeLessThanOrEqual(Math.ceil(250 / FEATURE_BATCH_LEVELS) + Math.ceil(elapsed / FEATURE_BATCH_MS));
    expect(updates).toBeLessThan(250);
  });

  it('a grid that appears twice is analysed once', () => {
    const store = createStudioStore();
    const [a, b] = grids(2);
    store.getState().importLevels([{ level: a!, name: 'a' }, { level: b!, name: 'b' }, { level: a!, name: 'a again' }], 'x.txt');
    expect(pendingFeatureRows(store.getState()).map((r) => rowsKey(r))).toHaveLength(2);
  });

  it('kept across a reload: a second studio takes every level from the cache, analyses none, and exports the same numbers', async () => {
    const levels = grids(60);
    const cache = memoryAnalysisCache();
    const first = createStudioStore();
    first.getState().importLevels(levels.map((level, i) => ({ level, name: `g${i}` })), 'many.txt');
    const stopFirst = connectPackFeatures(first, localClient(), Promise.resolve(cache));
    await expect.poll(() => pendingFeatureRows(first.getState()).length, { timeout: 300_000 }).toBe(0);
    await expect.poll(() => cache.data.size).toBe(60);
    stopFirst();

    // "Reloaded": a new studio with the same pack and the same cache.
    const again = createStudioStore();
    again.getState().setPack(first.getState().pack);
    const client = localClient();
    let updates = 0;
    again.subscribe((s, prev) => void (s.featureCache !== prev.featureCache && updates++));
    const stop = connectPackFeatures(again, client, Promise.resolve(cache));
    await expect.poll(() => pendingFeatureRows(again.getState()).length).toBe(0);
    stop();
    expect(client.calls).toBe(0);
    // Every number at once: one store update.
    expect(updates).toBe(1);
    const numbers = (s: typeof first) => selectExportPack(s.getState()).levels.map((l) => l.difficulty);
    expect(numbers(again)).toEqual(numbers(first));
  });

  it('a stored entry is used only when its engine version, shape and state cap fit', () => {
    const features = analyzeRowsSync({ rows: ['C..', '...', '...'], maxStates: 1000 });
    if (features.kind !== 'ok' || features.value.kind !== 'graph') throw new Error('analysis failed');
    const f = features.value.graph.features;
    expect(usableEntry({ engine: ENGINE_FEATURES_VERSION, cap: 1000, features: f }, 1000)).toEqual(f);
    expect(usableEntry({ engine: ENGINE_FEATURES_VERSION + 1, cap: 1000, features: f }, 1000)).toBeUndefined();
    expect(usableEntry({ engine: ENGINE_FEATURES_VERSION, cap: 1000, features: { ...f, nStates: 'x' } }, 1000)).toBeUndefined();
    expect(usableEntry('x', 1000)).toBeUndefined();
    // Whole features hold under any cap that holds their states; "too large" only under the cap it was found with.
    expect(usableEntry({ engine: ENGINE_FEATURES_VERSION, cap: 1000, features: f }, f.nStates - 1)).toBeUndefined();
    expect(usableEntry({ engine: ENGINE_FEATURES_VERSION, cap: 50, features: null }, 50)).toBeNull();
    expect(usableEntry({ engine: ENGINE_FEATURES_VERSION, cap: 50, features: null }, 5000)).toBeUndefined();
  });
});
