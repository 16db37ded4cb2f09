/**
 * A player's results file: what play mode records for one pack, per level
 * and attempt, and what the studio reads back (versioned JSON, zod).
 *
 * ```json
 * { "format": "longcat-play-results", "version": 3, "rules": "ice",
 *   "pack": { "name": "...", "identity": "0123abcd0123abcd" },
 *   "player": "p-4f2c...", "exportedAt": "2026-11-22T21:00:00.000Z",
 *   "order": ["b", "a", "c"],                                   (optional)
 *   "levels": [{ "id": "...", "name": "...", "rows": ["C..#", "..."],
 *     "attempts": [{ "outcome": "solved", "seconds": 12.3, "moves": 9,
 *                    "undos": 1, "restarts": 2,
 *                    "startedAt": "2026-11-22T20:58:00.000Z",
 *                    "trace": "RD-L|RDLUR" }] }] }
 * ```
 *
 * `order` (optional, no new version: older readers ignore it) lists the
 * level ids in the order a shuffled pack (its `playOrder`) showed them to
 * this player; the attempts' `startedAt` give the order they were met in,
 * which is what the ratings use for practice.
 *
 * Version 2 added `trace` (see core/players/trace): every move, undo (`-`)
 * and restart (`|`) of the attempt. Version 3 added `rules`, the ruleset the
 * pack was played by (SPEC §12, §14): the levels are checked and the traces
 * replayed under it. Older files are brought up one step at a time: a
 * version 1 file (no traces) becomes version 2 unchanged otherwise, and a
 * version 2 file (written before rulesets reached play mode, which then
 * played Longcat only) becomes version 3 with the default ruleset.
 *
 * An attempt is one visit to a level, from when it is shown until it is
 * solved or given up (the Give up button, or leaving it unsolved after a
 * move). `seconds` counts only time the page was visible; restarts and
 * undos inside the attempt are counted, not separate attempts. An attempt
 * at a level the player had already solved is marked `replay`.
 */
import { z } from 'zod';
import { describeParseError, parseRows } from '../level/format';
import { levelKey, type Level } from '../level/level';
import { MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_PACK_LEVELS } from '../pack/schema';
import { MAX_TRACE_LENGTH, replayTrace, TRACE_PATTERN } from '../players/trace';
import { rulesetByName } from '../rules/registry';
import { DEFAULT_RULESET_NAME, RULESET_NAMES, type RulesetName } from '../rules/ruleset';
import { err, ok, type Result } from '../util/result';

/** The `format` tag of a results file. */
export const RESULTS_FORMAT = 'longcat-play-results';
/** The version this code writes (versions 1 and 2 are read and migrated). */
export const RESULTS_VERSION = 3;
/** Most attempts kept per level (the oldest go first). */
export const MAX_ATTEMPTS_PER_LEVEL = 500;
/** Largest results file read, in characters. */
export const MAX_RESULTS_CHARS = 10 * 1024 * 1024;
/** Longest attempt counted, in seconds (a day): a longer one is a clock error, refused. */
export const MAX_ATTEMPT_SECONDS = 86_400;

const count = z.number().int().min(0).max(1_000_000);

/** One attempt at a level. */
export const AttemptSchema = z.object({
  outcome: z.enum(['solved', 'gave-up']),
  seconds: z.number().finite().min(0).max(MAX_ATTEMPT_SECONDS),
  moves: count,
  undos: count,
  restarts: count,
  startedAt: z.iso.datetime(),
  /** The player had solved the level before: a replay, not a first completion. */
  replay: z.boolean().default(false),
  /** Everything done in the attempt (version 2 on): moves, `-` undo, `|` restart. */
  trace: z.string().max(MAX_TRACE_LENGTH).regex(TRACE_PATTERN, 'a trace holds only U, D, L, R, - (undo) and | (restart)').optional(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

export const ResultsLevelSchema = z.object({
  id: z.string().min(1).max(MAX_ID_LENGTH),
  name: z.string().max(MAX_NAME_LENGTH),
  rows: z.array(z.string().max(64)).min(1).max(16),
  attempts: z.array(AttemptSchema).max(MAX_ATTEMPTS_PER_LEVEL),
});
export type ResultsLevel = z.infer<typeof ResultsLevelSchema>;

export const PlayResultsSchema = z.object({
  format: z.literal(RESULTS_FORMAT),
  version: z.literal(RESULTS_VERSION),
  /** The ruleset the pack was played by (version 3 on). */
  rules: z.enum(RULESET_NAMES),
  pack: z.object({ name: z.string().max(MAX_NAME_LENGTH), identity: z.string().regex(/^[0-9a-f]{16}$/) }),
  /** A random id per browser, so two files of one player are one player. */
  player: z.string().min(1).max(64),
  exportedAt: z.iso.datetime(),
  /** The level ids in the order a shuffled pack showed them to this player (optional: absent, the pack's order). */
  order: z.array(z.string().min(1).max(MAX_ID_LENGTH)).max(MAX_PACK_LEVELS).optional(),
  levels: z.array(ResultsLevelSchema).max(MAX_PACK_LEVELS),
});
export type PlayResults = z.infer<typeof PlayResultsSchema>;

/**
 * Brings an older results file up to {@link RESULTS_VERSION}, one step at a
 * time; anything else is returned as it is for the schema to judge.
 * Version 1 -> 2: traces were added (optional), nothing else changed.
 * Version 2 -> 3: `rules` was added; every earlier file was played by the
 * default ruleset (Longcat), so it says that.
 */
export function migrateResults(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  let record = json as Record<string, unknown>;
  if (record['version'] === 1) record = { ...record, version: 2 };
  if (record['version'] === 2) record = { ...record, version: 3, rules: DEFAULT_RULESET_NAME };
  return record;
}

/** The file text of `results` (pretty JSON, newline at the end). */
export function formatResults(results: PlayResults): string {
  return `${JSON.stringify(results, null, 2)}\n`;
}

/**
 * Reads a results file. Never throws: a wrong file gives every problem as
 * `path: sentence` (a results file with a bad grid is refused whole, like a
 * pack). O(file size).
 */
export function parseResults(text: string): Result<PlayResults, string[]> {
  if (typeof text !== 'string') return err(['expected the text of a results file']);
  if (text.length > MAX_RESULTS_CHARS) return err([`the file is over ${MAX_RESULTS_CHARS.toLocaleString('en-US')} characters, more than a results file holds`]);
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return err([`the file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`]);
  }
  if (typeof json === 'object' && json !== null && (json as Record<string, unknown>)['format'] !== RESULTS_FORMAT) {
    return err([`this is not a Longcat results file (expected "format": "${RESULTS_FORMAT}")`]);
  }
  const parsed = PlayResultsSchema.safeParse(migrateResults(json));
  if (!parsed.success) return err(parsed.error.issues.slice(0, 20).map((i) => `${i.path.length === 0 ? '$' : i.path.join('.')}: ${i.message}`));
  const problems: string[] = [];
  const rules = rulesetByName(parsed.data.rules);
  parsed.data.levels.forEach((l, i) => {
    const grid = parseRows(l.rows);
    if (!grid.ok) {
      problems.push(`levels.${i}.rows: ${describeParseError(grid.error)}`);
      return;
    }
    const problem = rules.levelProblem(grid.value);
    if (problem !== null) {
      problems.push(`levels.${i}.rows: ${problem}`);
      return;
    }
    l.attempts.forEach((a, j) => {
      if (a.trace === undefined) return;
      const replayed = replayTrace(grid.value, a.trace, rules);
      const path = `levels.${i}.attempts.${j}.trace`;
      if (!replayed.ok) problems.push(`${path}: ${replayed.error.message}`);
      else if ((replayed.value.end === 'won') !== (a.outcome === 'solved')) problems.push(`${path}: the moves ${replayed.value.end === 'won' ? 'win the level' : 'do not win the level'} but the attempt says ${a.outcome}`);
    });
  });
  return problems.length > 0 ? err(problems) : ok(parsed.data);
}

/** What one level's attempts over all imported files come to. */
export interface LevelResultSummary {
  /** The grid's key ({@link levelKey}): results match pack levels by grid (and ruleset), not by id. */
  readonly key: string;
  /** The ruleset it was played by: the same grid under other rules is another level. */
  readonly rules: RulesetName;
  readonly name: string;
  readonly rows: readonly string[];
  readonly level: Level;
  /** Distinct players who tried it. */
  readonly players: number;
  readonly attempts: number;
  readonly solves: number;
  readonly giveUps: number;
  /** Attempts at a level already solved by that player: counted, not timed (a second solve is no first completion). */
  readonly replays: number;
  /** Solve times left out as far outliers (see {@link farOutliers}). */
  readonly outliers: readonly number[];
  /** Mean seconds of the solves kept; null when none was solved. */
  readonly meanSeconds: number | null;
  readonly medianSeconds: number | null;
}

/** Fewest solves before outliers are looked for: quartiles of fewer times mean little. */
export const MIN_SOLVES_FOR_OUTLIERS = 4;

/** The `q`-quantile of sorted values, linear between order statistics. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at), hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/**
 * Tukey's far-out fences: the values below Q1 - 3 IQR or above Q3 + 3 IQR
 * (a player who left the tab open unsolved, a clock jump), looked for only
 * with {@link MIN_SOLVES_FOR_OUTLIERS} or more values. Returns the kept and
 * the dropped values.
 */
export function farOutliers(values: readonly number[]): { kept: number[]; dropped: number[] } {
  if (values.length < MIN_SOLVES_FOR_OUTLIERS) return { kept: [...values], dropped: [] };
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25), q3 = quantile(sorted, 0.75);
  const lo = q1 - 3 * (q3 - q1), hi = q3 + 3 * (q3 - q1);
  return { kept: values.filter((v) => v >= lo && v <= hi), dropped: values.filter((v) => v < lo || v > hi) };
}

/**
 * Pools the attempts of many results files per level (by ruleset and grid,
 * in first-seen order). An attempt seen twice (same player, level and start time: the
 * same file imported twice, or two exports of one browser) counts once.
 * Give-ups are counted, never timed: a give-up is not a completion time;
 * replays (attempts after the player's first solve) are counted, not timed.
 * The level's time is the mean of its solves after {@link farOutliers}.
 * Files are assumed parsed by {@link parseResults}. O(attempts log attempts).
 */
export function summariseResults(files: readonly PlayResults[]): LevelResultSummary[] {
  const byKey = new Map<string, { key: string; rules: RulesetName; name: string; rows: readonly string[]; level: Level; players: Set<string>; seen: Set<string>; attempts: number; solves: number[]; giveUps: number; replays: number }>();
  for (const file of files) {
    for (const l of file.levels) {
      const grid = parseRows(l.rows);
      if (!grid.ok) continue;
      const key = levelKey(grid.value);
      let entry = byKey.get(`${file.rules}\u0000${key}`);
      if (entry === undefined) {
        entry = { key, rules: file.rules, name: l.name, rows: l.rows, level: grid.value, players: new Set(), seen: new Set(), attempts: 0, solves: [], giveUps: 0, replays: 0 };
        byKey.set(`${file.rules}\u0000${key}`, entry);
      }
      for (const a of l.attempts) {
        const id = `${file.player}\u0000${a.startedAt}`;
        if (entry.seen.has(id)) continue;
        entry.seen.add(id);
        entry.players.add(file.player);
        entry.attempts++;
        if (a.replay) entry.replays++;
        else if (a.outcome === 'solved') entry.solves.push(a.seconds);
        else entry.giveUps++;
      }
    }
  }
  return [...byKey.values()].map((e) => {
    const { kept, dropped } = farOutliers(e.solves);
    const sorted = [...kept].sort((a, b) => a - b);
    return {
      key: e.key,
      rules: e.rules,
      name: e.name,
      rows: e.rows,
      level: e.level,
      players: e.players.size,
      attempts: e.attempts,
      solves: e.solves.length,
      giveUps: e.giveUps,
      replays: e.replays,
      outliers: dropped,
      meanSeconds: kept.length === 0 ? null : kept.reduce((s, v) => s + v, 0) / kept.length,
      medianSeconds: sorted.length === 0 ? null : quantile(sorted, 0.5),
    };
  });
}
