/**
 * Keeps the Suggestions tab's answer in step with the level: while the tab
 * is shown, every change of the level, the pins, the options or the active
 * model asks the suggestions worker again (after a short pause, so a drag
 * of the brush asks once), and a newer request cancels the older one.
 */
import { toRows } from '../../core/level/level';
import { SuggestClient } from '../../workers/suggest.client';
import { selectLevelKey } from '../store/selectors';
import type { StudioStore } from '../store/store';
import { pinsFor } from '../store/suggestionsSlice';
import type { StudioState } from '../store/types';

/** Pause after the last change before asking, ms. */
const SETTLE_MS = 150;
/** Suggestions asked for each time. */
export const SUGGESTION_COUNT = 9;

/** The key of what a request depends on: level, pins, options, seed and model. */
export function suggestKey(s: StudioState): string {
  const pins = pinsFor(s, s.level.width, s.level.height);
  return `${selectLevelKey(s)}|${pins.join(',')}|${s.suggestUniqueOnly ? 1 : 0}|${s.suggestSeed}|${s.model.name}`;
}

export function connectSuggestions(store: StudioStore, client: SuggestClient = new SuggestClient()): { dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let asked: string | null = null;

  const ask = async (): Promise<void> => {
    timer = null;
    const s = store.getState();
    if (s.dockTab !== 'suggestions' || s.view !== 'studio') return;
    const key = suggestKey(s);
    if (key === asked) return;
    asked = key;
    s.suggestionsStarted(key);
    const outcome = await client.suggest({
      rows: toRows(s.level),
      seed: s.suggestSeed,
      count: SUGGESTION_COUNT,
      uniqueOnly: s.suggestUniqueOnly,
      pinned: [...pinsFor(s, s.level.width, s.level.height)],
      model: s.model,
    });
    if (outcome.kind === 'ok') store.getState().suggestionsFinished(key, outcome.value);
    else if (outcome.kind !== 'cancelled') store.getState().suggestionsFailed(key, outcome.message);
  };

  const schedule = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void ask(), SETTLE_MS);
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.dockTab !== 'suggestions' || s.view !== 'studio') return;
    if (s.level !== prev.level || s.suggestPins !== prev.suggestPins || s.suggestUniqueOnly !== prev.suggestUniqueOnly || s.suggestSeed !== prev.suggestSeed || s.model !== prev.model || s.dockTab !== prev.dockTab || s.view !== prev.view) {
      schedule();
    }
  });
  if (store.getState().dockTab === 'suggestions') schedule();

  return {
    dispose: () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      client.dispose();
    },
  };
}
