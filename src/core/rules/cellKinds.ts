/**
 * Cell kinds as data (SPEC §2, §14): the kinds every ruleset shares and the
 * one check of a level against a ruleset's kinds, so `levelProblem` of each
 * ruleset is one line.
 */
import { CELL_EMPTY, CELL_GOAL, CELL_WALL, type Level } from '../level/level';
import type { CellKind } from './ruleset';

/** An open cell (`.`); `name` is what this game calls it. */
export const emptyKind = (name: string): CellKind => ({ value: CELL_EMPTY, char: '.', name, tool: 'empty' });
/** A blocking cell (`#`). */
export const wallKind = (name: string): CellKind => ({ value: CELL_WALL, char: '#', name, tool: 'wall' });
/** The goal (`G`), exactly one per level. */
export const goalKind = (name: string): CellKind => ({ value: CELL_GOAL, char: 'G', name, tool: 'goal', unique: true });

/**
 * A sentence when `level` holds a cell of a kind not in `kinds`, or a unique
 * kind missing or repeated; null when it fits. O(cells).
 */
export function cellKindsProblem(level: Level, kinds: readonly CellKind[]): string | null {
  const counts = new Map<number, number>();
  for (let i = 0; i < level.cells.length; i++) counts.set(level.cells[i]!, (counts.get(level.cells[i]!) ?? 0) + 1);
  for (const [value, n] of counts) {
    if (!kinds.some((k) => k.value === value)) {
      const known = value === CELL_GOAL ? "a goal 'G'" : `cell value ${value}`;
      return `${known} is not part of this game (${n} cell${n === 1 ? '' : 's'}); its cells are ${kinds.map((k) => `'${k.char}' ${k.name}`).join(', ')}`;
    }
  }
  for (const k of kinds) {
    if (k.unique !== true) continue;
    const n = counts.get(k.value) ?? 0;
    if (n !== 1) return `a level needs exactly one ${k.name} '${k.char}', this one has ${n}`;
  }
  return null;
}
