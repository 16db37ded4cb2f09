/**
 * The eight symmetries of a grid (the dihedral group: four rotations, four
 * mirrors) on text rows, whatever the ruleset's characters: the moves
 * `U D L R` map onto each other under each of them, so two levels equal up
 * to symmetry play the same. `diff` matches a level whose id changed by its
 * grid up to symmetry; `lint` finds two levels of a pack that are one.
 */

/** What each symmetry is called, by its index. */
export const SYMMETRY_NAMES = [
  'identity', 'rotated 90° clockwise', 'rotated 180°', 'rotated 90° anticlockwise',
  'mirrored left-right', 'mirrored top-bottom', 'mirrored along the main diagonal', 'mirrored along the other diagonal',
] as const;

/** The rows of `rows` under symmetry `t` (0..7, {@link SYMMETRY_NAMES}). O(cells). */
export function transformRows(rows: readonly string[], t: number): string[] {
  const h = rows.length, w = rows[0]?.length ?? 0;
  const swap = t === 1 || t === 3 || t === 6 || t === 7;
  const outW = swap ? h : w, outH = swap ? w : h;
  const at = (x: number, y: number): string => rows[y]![x]!;
  const out: string[] = [];
  for (let y = 0; y < outH; y++) {
    let row = '';
    for (let x = 0; x < outW; x++) {
      switch (t) {
        case 0: row += at(x, y); break;
        case 1: row += at(y, h - 1 - x); break;
        case 2: row += at(w - 1 - x, h - 1 - y); break;
        case 3: row += at(w - 1 - y, x); break;
        case 4: row += at(w - 1 - x, y); break;
        case 5: row += at(x, h - 1 - y); break;
        case 6: row += at(y, x); break;
        default: row += at(w - 1 - y, h - 1 - x); break;
      }
    }
    out.push(row);
  }
  return out;
}

/** A key equal for two grids exactly when one is a symmetry of the other: the least of the eight forms. O(8 cells). */
export function symmetryKey(rows: readonly string[]): string {
  let best: string | null = null;
  for (let t = 0; t < 8; t++) {
    const form = transformRows(rows, t);
    const key = `${form[0]?.length ?? 0}x${form.length}:${form.join('/')}`;
    if (best === null || key < best) best = key;
  }
  return best!;
}

/** The first symmetry that takes `from` to `to`, or null when none does. */
export function symmetryBetween(from: readonly string[], to: readonly string[]): number | null {
  for (let t = 0; t < 8; t++) {
    const form = transformRows(from, t);
    if (form.length === to.length && form.every((r, i) => r === to[i])) return t;
  }
  return null;
}
