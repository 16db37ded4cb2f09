/**
 * Keeps the active difficulty model in step with the document's ruleset:
 * while the designer has not activated a model of their own (the lab's
 * `activeModelId` is null), the active model is the shipped default of the
 * pack's ruleset, so opening or creating a paint pack prices its levels with
 * paint's default, and undoing back to a Longcat pack with Longcat's.
 */
import { shippedDifficultyModel } from '../adapters/difficulty';
import { packRules } from '../store/rules';
import type { StudioStore } from '../store/store';

export function connectRulesModel(store: StudioStore): () => void {
  const sync = (): void => {
    const s = store.getState();
    if (s.activeModelId !== null) return;
    const shipped = shippedDifficultyModel(packRules(s.pack));
    if (s.model !== shipped) s.setModel(shipped);
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (packRules(s.pack) !== packRules(prev.pack) || s.activeModelId !== prev.activeModelId) sync();
  });
  sync();
  return unsubscribe;
}
