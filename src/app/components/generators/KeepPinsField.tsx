/**
 * "Keep N pinned cells": whether a generator run keeps the cells pinned in
 * the Suggestions tab (their values are the open level's). Shown only when
 * cells are pinned; a run of another size than the pinned level cannot
 * keep them, and says so instead of a checkbox.
 */
import { pinsFor } from '../../store/suggestionsSlice';
import { useActions, useStudioShallow } from '../../studioContext';

export function KeepPinsField({ width, height, testPrefix }: { readonly width: number; readonly height: number; readonly testPrefix: string }) {
  const get = useActions();
  const s = useStudioShallow((st) => ({ pins: pinsFor(st, st.level.width, st.level.height), keep: st.keepPins, lw: st.level.width, lh: st.level.height }));
  const n = s.pins.length;
  if (n === 0) return null;
  const cells = `${n} pinned cell${n === 1 ? '' : 's'}`;
  if (s.lw !== width || s.lh !== height) {
    return (
      <p className="muted gen-pins-note" data-testid={`${testPrefix}.pinsNote`}>
        {cells} on the {s.lw}x{s.lh} level: a {width}x{height} run cannot keep them.
      </p>
    );
  }
  return (
    <label className="atd-check gen-keep-pins" title="Every generated level keeps the cells pinned in the Suggestions tab as they are in the open level (wall, open floor or start)">
      <input type="checkbox" checked={s.keep} data-testid={`${testPrefix}.keepPins`} onChange={(e) => get().setKeepPins(e.target.checked)} /> Keep {cells}
    </label>
  );
}
