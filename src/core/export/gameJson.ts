/**
 * Levels as JSON for game code: one plain object per level with what a game
 * needs to load it (size, rows, the cat's start cell) and nothing the studio
 * keeps for itself (features, sources, notes). One file, a wrapper object
 * around the list, so engines that cannot read a top-level array (Unity's
 * JsonUtility) load it too. `rules` says which game the levels are for
 * (`"longcat"` or `"paint"`, SPEC §12: the same grid plays differently);
 * files written before rulesets have none and are Longcat. The full pack JSON (`exportPack`) stays the
 * format to re-import into the studio.
 *
 * ```json
 * { "format": "longcat-levels", "version": 1, "rules": "longcat", "name": "My pack",
 *   "difficultyModel": "default",
 *   "levels": [{ "index": 1, "id": "l1", "name": "tiny", "width": 4,
 *                "height": 3, "rows": ["C..#", ".#..", "...."],
 *                "start": { "x": 0, "y": 0 }, "difficulty": 12.5,
 *                "fields": { "par": 7 } }],
 *   "fields": [{ "key": "par", "label": "Par moves", "type": "number" }] }
 * ```
 *
 * With hints asked for, each level also has `hints`: `{ "solution": "RDL",
 * "next": { "<state key>": "R", ... } }` (see `hints.ts` for the key).
 *
 * `fields` (the pack's custom fields, and each level's values of them) is
 * there only when the pack defines fields; a level without a value for a
 * field has no key for it.
 */
import { toRows } from '../level/level';
import { levelHints, type LevelHints } from './hints';
import { orderedFieldValues, type FieldValue, type PackFieldDef } from '../pack/fields';
import type { LevelPack } from '../pack/schema';
import { rulesetByName } from '../rules/registry';
import type { RulesetName } from '../rules/ruleset';
import { exportEntries, headPosition } from './packLevels';

/** The `format` tag of a levels-for-game-code file. */
export const GAME_LEVELS_FORMAT = 'longcat-levels';
/** Version of the levels-for-game-code file; bumped on any incompatible change. */
export const GAME_LEVELS_VERSION = 1;

/** One level as {@link gameLevelsJson} writes it. */
export interface GameLevel {
  /** 1-based position in the pack. */
  index: number;
  id: string;
  name: string;
  width: number;
  height: number;
  /** Top row first: `.` empty, `#` wall, `C` the cat's head (its cell is open). */
  rows: string[];
  /** The head's cell: column `x` and row `y`, 0-based from the top left. */
  start: { x: number; y: number };
  /** Predicted difficulty, or null (unsolvable or unknown). */
  difficulty: number | null;
  /** Values of the pack's custom fields, by key (only when the pack defines fields). */
  fields?: Record<string, FieldValue>;
  /** A shortest solution and the next move from every winnable state (only when hints were asked for; see `hints.ts`). */
  hints?: LevelHints;
}

/** Options of the levels-for-game-code file. */
export interface GameLevelsOptions {
  /** Add each level's `hints` (a shortest solution and the next move from every winnable state). */
  readonly hints?: boolean;
}

/** The whole file {@link gameLevelsJson} writes. */
export interface GameLevelsFile {
  format: typeof GAME_LEVELS_FORMAT;
  version: typeof GAME_LEVELS_VERSION;
  /** The ruleset the levels are played by. */
  rules: RulesetName;
  name: string;
  /** The model the difficulties come from, when the pack names one. */
  difficultyModel?: string;
  /** The pack's custom field definitions (only when it defines some). */
  fields?: PackFieldDef[];
  levels: GameLevel[];
}

/** Finite numbers pass; anything else is null (JSON has no Infinity). */
const finiteOrNull = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null);

/** The file's value (see {@link gameLevelsJson} for the text). O(cells). Pack must be valid. */
export function gameLevels(pack: LevelPack, options: GameLevelsOptions = {}): GameLevelsFile {
  const defs = pack.fields ?? [];
  const withFields = defs.length > 0;
  return {
    format: GAME_LEVELS_FORMAT,
    version: GAME_LEVELS_VERSION,
    rules: pack.rules,
    name: pack.name,
    ...(pack.difficultyModel !== undefined ? { difficultyModel: pack.difficultyModel } : {}),
    ...(withFields ? { fields: defs.map((d) => ({ key: d.key, label: d.label, type: d.type, ...(d.choices !== undefined ? { choices: [...d.choices] } : {}) })) } : {}),
    levels: exportEntries(pack).map(({ index, level, grid }) => ({
      index,
      id: level.id,
      name: level.name,
      width: grid.width,
      height: grid.height,
      rows: toRows(grid),
      start: headPosition(grid),
      difficulty: finiteOrNull(level.difficulty),
      ...(withFields ? { fields: orderedFieldValues(defs, level.fields) } : {}),
      ...(options.hints === true ? { hints: levelHints(grid, { rules: rulesetByName(pack.rules) }) } : {}),
    })),
  };
}

/** The pack as levels for game code: 2-space indented JSON, one trailing newline. O(cells). */
export function gameLevelsJson(pack: LevelPack, options: GameLevelsOptions = {}): string {
  return `${JSON.stringify(gameLevels(pack, options), null, 2)}\n`;
}
