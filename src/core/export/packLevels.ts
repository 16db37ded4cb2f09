/**
 * The levels of a validated pack as engine values, for the exporters. A
 * {@link LevelPack} that came through `importPack` (or the studio's store,
 * which keeps only parsed grids) always has valid rows, so a grid that does
 * not parse here is a programmer error and throws.
 */
import { parseRows } from '../level/format';
import type { Level } from '../level/level';
import type { LevelPack, PackLevel } from '../pack/schema';

/** One pack level beside its parsed grid and its 1-based place in the pack. */
export interface ExportEntry {
  /** 1-based position in the pack: the number a player sees. */
  readonly index: number;
  readonly level: PackLevel;
  /** The grid of `level.rows`, named after the pack level. */
  readonly grid: Level;
}

/**
 * Every level of `pack` with its parsed grid, in pack order. O(cells).
 * Throws when a level's rows do not parse: callers pass validated packs.
 */
export function exportEntries(pack: LevelPack): ExportEntry[] {
  return pack.levels.map((level, i) => {
    const parsed = parseRows(level.rows, level.name);
    if (!parsed.ok) throw new Error(`pack level ${i + 1} (${level.id}) has invalid rows: ${parsed.error.message}`);
    return { index: i + 1, level, grid: parsed.value };
  });
}

/** The head's column and row (0-based, from the top left). */
export function headPosition(grid: Level): { x: number; y: number } {
  return { x: grid.head % grid.width, y: Math.floor(grid.head / grid.width) };
}
