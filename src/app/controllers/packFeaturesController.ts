/**
 * Keeps every pack level's features known, so its difficulty can be derived
 * under whatever model is active: remembers each analysis of the editor's
 * level (a level edited in place keeps its new features after another is
 * opened), and analyses, one at a time in its own worker, pack levels whose
 * features are unknown (a file with only ids, names and rows; a level
 * changed in place). Derived data only: nothing here touches the history.
 */
import type { AnalysisClient } from '../../workers/analysis.client';
import { rowsKey } from '../store/packEdits';
import { featureKey, graphRules, packRules } from '../store/rules';
import { selectPackLevelFeatures } from '../store/selectors';
import type { StudioStore } from '../store/store';

export function connectPackFeatures(store: StudioStore, client: AnalysisClient): () => void {
  let running = false;
  let stopped = false;

  const pending = (): readonly string[] | null => {
    const s = store.getState();
    const rules = packRules(s.pack);
    for (const l of s.pack.levels) {
      if (s.featureCache.has(featureKey(rules, rowsKey(l.rows)))) continue;
      if (selectPackLevelFeatures(s, l) === null) return l.rows;
    }
    return null;
  };

  const work = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      for (let rows = pending(); rows !== null && !stopped; rows = pending()) {
        // The answer is kept under the ruleset it was computed for, even if the pack's changed meanwhile.
        const rules = packRules(store.getState().pack);
        const outcome = await client.analyze({ rows: [...rows], maxStates: store.getState().stateCap, rules });
        if (stopped) return;
        const key = featureKey(rules, rowsKey(rows));
        if (outcome.kind === 'ok') store.getState().rememberFeatures(key, outcome.value.kind === 'graph' ? outcome.value.graph.features : null);
        else if (outcome.kind === 'invalid') store.getState().rememberFeatures(key, null);
        else return; // cancelled or failed: try again on the next pack change rather than spin
      }
    } finally {
      running = false;
    }
  };

  const unsubscribe = store.subscribe((s, prev) => {
    const graph = s.analysis.graph;
    if (graph !== null && graph !== prev.analysis.graph) {
      const key = featureKey(graphRules(graph), graph.levelKey);
      if (!s.featureCache.has(key)) s.rememberFeatures(key, graph.features);
    }
    if (s.pack !== prev.pack || s.stateCap !== prev.stateCap) void work();
  });
  void work();
  return () => {
    stopped = true;
    unsubscribe();
    client.dispose();
  };
}
