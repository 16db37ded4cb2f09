/**
 * Keeps every pack level's features known, so its difficulty can be derived
 * under whatever model is active: remembers each analysis of the editor's
 * level (a level edited in place keeps its new features after another is
 * opened), and analyses, one at a time in its own worker, pack levels whose
 * features are unknown (a file with only ids, names and rows; a level
 * changed in place). Derived data only: nothing here touches the history.
 * With a cache (`persistence/analysisCache.ts`), levels analysed before,
 * in this session or an earlier one, are taken from it first, and each
 * finished analysis is stored there.
 */
import type { AnalysisClient } from '../../workers/analysis.client';
import { rowsKey } from '../store/packEdits';
import { featureKey, graphRules, packRules } from '../store/rules';
import { selectPackLevelFeatures } from '../store/selectors';
import type { StudioStore } from '../store/store';
import type { StudioState } from '../store/types';
import type { LevelFeatures } from '../../core/graph/features';
import type { AnalysisCache } from '../persistence/analysisCache';

/**
 * Analysed levels reach the store together: after this many, or this many
 * milliseconds, whichever comes first, but never sooner than four times
 * what the last update cost the page (a redraw of a 5,000-level list), so
 * the updates take at most a fifth of the main thread.
 */
export const FEATURE_BATCH_LEVELS = 100;
export const FEATURE_BATCH_MS = 250;

/**
 * Rows of the pack levels whose features are unknown, in pack order, each
 * grid once. One pass over the pack: O(pack).
 */
export function pendingFeatureRows(s: Pick<StudioState, 'pack' | 'featureCache' | 'analysis'>): (readonly string[])[] {
  const seen = new Set<string>();
  const out: (readonly string[])[] = [];
  const rules = packRules(s.pack);
  for (const l of s.pack.levels) {
    const key = featureKey(rules, rowsKey(l.rows));
    if (seen.has(key) || s.featureCache.has(key)) continue;
    seen.add(key);
    if (selectPackLevelFeatures(s, l) === null) out.push(l.rows);
  }
  return out;
}

/**
 * The pack is scanned once per pack change (not once per level), levels are
 * analysed one after another in the worker, and their features go into the
 * store in batches (one store update, one copy of the cache and one redraw
 * of the pack per batch), so the cost grows linearly with the pack. Before,
 * each level rescanned the pack and copied the whole cache: a 1,000-level
 * import blocked the page for seconds.
 */
export function connectPackFeatures(store: StudioStore, client: AnalysisClient, cache: Promise<AnalysisCache | null> | null = null): () => void {
  let running = false;
  let stopped = false;
  /** The pack or the state cap changed while a pass was running: scan again after the current level. */
  let changed = false;

  const work = async (): Promise<void> => {
    if (running) {
      changed = true;
      return;
    }
    running = true;
    const kept = cache === null ? null : await cache.catch(() => null);
    let found = new Map<string, LevelFeatures | null>();
    let last = performance.now();
    /** What the last store update took, its redraw included (React draws in a task of its own, before the next timer), ms. */
    let cost = 0;
    const flush = async (): Promise<void> => {
      const t0 = performance.now();
      const batch = found;
      found = new Map();
      if (batch.size > 0 && !stopped) {
        void kept?.store(batch, store.getState().stateCap);
        store.getState().rememberFeaturesBatch(batch);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      last = performance.now();
      cost = last - t0;
    };
    const due = (): boolean => {
      const since = performance.now() - last;
      return since >= 4 * cost && (found.size >= FEATURE_BATCH_LEVELS || since >= FEATURE_BATCH_MS);
    };
    try {
      do {
        changed = false;
        // The levels analysed before (this session or an earlier one) come from the cache, all in one update.
        if (kept !== null) await fromCache(kept);
        if (stopped) return;
        for (const rows of pendingFeatureRows(store.getState())) {
          if (stopped || changed) break;
          // The answer is kept under the ruleset it was computed for, even if the pack's changes meanwhile.
          const rules = packRules(store.getState().pack);
          const key = featureKey(rules, rowsKey(rows));
          if (store.getState().featureCache.has(key)) continue;
          const outcome = await client.analyze({ rows: [...rows], maxStates: store.getState().stateCap, rules });
          if (stopped) return;
          if (outcome.kind === 'ok') found.set(key, outcome.value.kind === 'graph' ? outcome.value.graph.features : null);
          else if (outcome.kind === 'invalid') found.set(key, null);
          else return; // cancelled or failed: try again on the next pack change rather than spin
          if (due()) await flush();
        }
        await flush();
      } while (changed && !stopped);
    } finally {
      if (found.size > 0 && !stopped) {
        void kept?.store(found, store.getState().stateCap);
        store.getState().rememberFeaturesBatch(found);
      }
      running = false;
    }
  };
  const fromCache = async (kept: AnalysisCache): Promise<void> => {
    const s = store.getState();
    const rules = packRules(s.pack);
    const keys = pendingFeatureRows(s).map((rows) => featureKey(rules, rowsKey(rows)));
    if (keys.length === 0) return;
    const hits = await kept.lookup(keys, s.stateCap);
    if (!stopped && hits.size > 0) store.getState().rememberFeaturesBatch(hits);
  };
  /**
   * The scan of a changed pack runs in a task of its own, after the change is drawn: an import
   * or a sort of 5,000 levels does not also pay for the scan in its own task. Changes in one
   * turn share one scan.
   */
  let scheduled: ReturnType<typeof setTimeout> | null = null;
  const later = (): void => {
    if (scheduled !== null) return;
    scheduled = setTimeout(() => {
      scheduled = null;
      if (!stopped) void work();
    }, 0);
  };
  const unsubscribe = store.subscribe((s, prev) => {
    const graph = s.analysis.graph;
    if (graph !== null && graph !== prev.analysis.graph) {
      const key = featureKey(graphRules(graph), graph.levelKey);
      if (!s.featureCache.has(key)) s.rememberFeatures(key, graph.features);
    }
    if (s.pack !== prev.pack || s.stateCap !== prev.stateCap) later();
  });
  void work();
  return () => {
    stopped = true;
    if (scheduled !== null) clearTimeout(scheduled);
    unsubscribe();
    client.dispose();
  };
}
