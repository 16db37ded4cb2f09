/**
 * A pack in the level text format (SPEC §2): each level under a `; name`
 * line, blank lines between. Reads back with `parseLevels`, which keeps the
 * grids and the names (names are made single-line and trimmed).
 */
import { formatLevels } from '../level/format';
import type { LevelPack } from '../pack/schema';
import { exportEntries } from './packLevels';

/** Every level of `pack` in the text format, in pack order, one trailing newline. O(cells). */
export function packText(pack: LevelPack): string {
  if (pack.levels.length === 0) return '';
  return formatLevels(exportEntries(pack).map((e) => e.grid));
}
