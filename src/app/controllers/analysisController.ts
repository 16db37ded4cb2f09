/**
 * Wires the store to the analysis worker: every change of the level (or of
 * the state cap) sends one request; answers for older levels are dropped by
 * the client's generation counter. Cancel stops the worker; Retry asks
 * again for the level on screen.
 */
import { toRows } from '../../core/level/level';
import type { AnalysisClient } from '../../workers/analysis.client';
import { packRules } from '../store/rules';
import { selectLevelKey } from '../store/selectors';
import type { StudioStore } from '../store/store';

export interface AnalysisController {
  cancel(): void;
  retry(): void;
  dispose(): void;
}

export function connectAnalysis(store: StudioStore, client: AnalysisClient): AnalysisController {
  let asked: { key: string; cap: number; rules: string } | null = null;

  const run = async (force = false): Promise<void> => {
    const s = store.getState();
    const key = selectLevelKey(s);
    const rules = packRules(s.pack);
    if (!force && asked !== null && asked.key === key && asked.cap === s.stateCap && asked.rules === rules) return;
    asked = { key, cap: s.stateCap, rules };
    s.analysisStarted(key, performance.now());
    const outcome = await client.analyze({ rows: toRows(s.level), maxStates: s.stateCap, rules });
    const now = store.getState();
    now.setWorkerMode(client.worker.mode);
    if (outcome.kind === 'ok' || outcome.kind === 'invalid') now.analysisAnswered(key, outcome.kind === 'ok' ? outcome.value : outcome);
    else if (outcome.kind === 'failed') now.analysisFailed(outcome.message);
    // 'cancelled' (by the user, or superseded by a newer request): that decides what shows.
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.level !== prev.level || s.stateCap !== prev.stateCap || packRules(s.pack) !== packRules(prev.pack)) void run();
  });
  void run();

  return {
    cancel: () => {
      client.cancel();
      asked = null;
      store.getState().analysisCancelled();
    },
    retry: () => void run(true),
    dispose: () => {
      unsubscribe();
      client.dispose();
    },
  };
}
