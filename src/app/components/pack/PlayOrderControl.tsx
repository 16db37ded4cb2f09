/**
 * The pack's play order (SPEC §13 "Honest intervals"): whether play links
 * and the standalone player show every player the levels in their own
 * random order, and whether the first level stays first. Saved in the pack
 * (`playOrder`), undoable like any pack edit.
 */
import { useActions, useStudio } from '../../studioContext';

export function PlayOrderControl() {
  const get = useActions();
  const order = useStudio((s) => s.pack.playOrder);
  const shuffle = order?.shuffle === true;
  const keepFirst = order?.keepFirst ?? true;
  return (
    <div className="button-row small" role="group" aria-label="play order" data-testid="pack.playOrder">
      <label title="Each player meets the levels in a random order of their own (the same every time they open it), so the ratings can tell practice from difficulty">
        <input type="checkbox" data-testid="pack.playOrder.shuffle" checked={shuffle} onChange={(e) => get().setPackPlayOrder(e.target.checked ? { shuffle: true, keepFirst } : undefined)} /> Shuffle the order for each player
      </label>
      <label title="The pack's first level stays first (a tutorial level)">
        <input type="checkbox" data-testid="pack.playOrder.keepFirst" disabled={!shuffle} checked={keepFirst} onChange={(e) => get().setPackPlayOrder({ shuffle: true, keepFirst: e.target.checked })} /> keep the first level first
      </label>
    </div>
  );
}
