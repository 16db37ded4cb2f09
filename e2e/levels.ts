/** Ground truth for the specs, computed here in Node: real level data and the naive reference solver (never the app). */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { naiveGraph, naiveStep, type NaiveClass } from '../test/naive/naiveSolver';

export interface DataLevel {
  readonly name: string;
  readonly rows: string[];
  readonly text: string;
}

/**
 * Where the real level sets are: ../shared/data beside the repository, or
 * LONGCAT_SHARED_DATA. Point that at a missing folder to run the suite as a
 * bare clone would (`LONGCAT_SHARED_DATA=/nonexistent npx playwright test`).
 */
const SHARED_DATA = resolve(process.env.LONGCAT_SHARED_DATA ?? resolve(import.meta.dirname, '../../shared/data'));

/**
 * True when the real level sets are absent, as in a fresh clone. Every spec
 * runs on the project's own levels ({@link fixtureLevels}); the real sets
 * only add to them ({@link dataLevels} then returns no levels).
 */
export const SHARED_DATA_MISSING = !['longcat-binswing-52.txt', 'longcat-arduboy.txt'].every((f) => existsSync(resolve(SHARED_DATA, f)));

/** Every level of a real level set file (none when {@link SHARED_DATA_MISSING}). */
export function dataLevels(file: string): DataLevel[] {
  if (SHARED_DATA_MISSING) return [];
  return levelsOfText(readFileSync(resolve(SHARED_DATA, file), 'utf8'));
}

/** The repository's own fixture levels (test/fixtures/levels.txt): always present. */
export function fixtureLevels(): DataLevel[] {
  return levelsOfText(readFileSync(resolve(import.meta.dirname, '../test/fixtures/levels.txt'), 'utf8'));
}

function levelsOfText(text: string): DataLevel[] {
  return text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '')
    .map((block) => {
      const lines = block.split('\n');
      const name = lines[0]!.startsWith(';') ? lines[0]!.slice(1).trim() : '';
      return { name, rows: lines.filter((l) => !l.startsWith(';')), text: block };
    });
}

/**
 * The 8x8 levels the specs design with: the real sets' when present, then
 * the solvable 8x8 levels of our fixtures (always there). Specs pick from
 * this list by properties the naive solver computes, never by position.
 */
export function designLevels(files: readonly string[] = ['longcat-binswing-52.txt', 'longcat-arduboy.txt']): DataLevel[] {
  const own = fixtureLevels().filter((l) => l.rows.length === 8 && l.rows[0]!.length === 8 && naiveGraph(l.rows).order.some((s) => !s.includes('.')));
  return [...files.flatMap((f) => dataLevels(f)), ...own];
}

/** The level with the most states (by the naive solver) among `levels`. */
export function largestLevel(levels: readonly DataLevel[]): DataLevel & { states: number } {
  let best: (DataLevel & { states: number }) | null = null;
  for (const level of levels) {
    const states = naiveGraph(level.rows).order.length;
    if (best === null || states > best.states) best = { ...level, states };
  }
  if (best === null) throw new Error('largestLevel: no levels to choose from');
  return best;
}

/** A state string of the naive solver as grid rows (`#.BC`). */
export function stateRows(state: string, width: number): string[] {
  const rows: string[] = [];
  for (let i = 0; i < state.length; i += width) rows.push(state.slice(i, i + width));
  return rows;
}

/** Shortest move sequence (BFS) from the start to a state of class `cls`, with that state. */
export function pathToClass(rows: string[], cls: NaiveClass): { moves: string; state: string } | null {
  const g = naiveGraph(rows);
  const via = new Map<string, { from: string; move: string }>();
  for (const s of g.order) {
    if (g.cls.get(s) === cls) {
      let moves = '';
      for (let n = s; n !== g.start; n = via.get(n)!.from) moves = via.get(n)!.move + moves;
      return { moves, state: s };
    }
    for (const [move, t] of g.edges.get(s)!) if (t !== g.start && !via.has(t)) via.set(t, { from: s, move });
  }
  return null;
}

/** Replays moves with the naive rules; the final state as rows. */
export function naiveReplay(rows: string[], moves: string): string[] {
  const w = rows[0]!.length;
  let state = rows.join('');
  for (const m of moves) state = naiveStep(state, w, rows.length, m) ?? state;
  return stateRows(state, w);
}
