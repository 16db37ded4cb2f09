/**
 * One entry for every attempts source: detect the format (or take the one
 * named), read the file, and match its level keys to a pack's levels.
 * Never throws; a bad file gives every bad row and changes nothing.
 */
import { parseRows } from '../level/format';
import { levelKey } from '../level/level';
import { err, ok, type Result } from '../util/result';
import { detectAttemptFormat, readAttemptsText } from './attemptReader';
import { FORMAT_LABELS, type AttemptFormat, type ImportedAttempt, type ImportedFile, type ImportProblem } from './imported';
import type { LevelAttempt } from './rate';
import { DEFAULT_RULESET } from '../rules/registry';
import type { Ruleset } from '../rules/ruleset';
import { replayTrace } from './trace';

/** Reads attempts from a whole file's text. `format` null detects it. O(text). */
export function readAttempts(text: string, format: AttemptFormat | null = null): Result<ImportedFile, ImportProblem[]> {
  return readAttemptsText(text, format);
}

export { detectAttemptFormat };

/** A pack level as the matcher sees it. */
export interface MatchLevel {
  readonly id: string;
  readonly name: string;
  readonly rows: readonly string[];
}

/** How one source key found its pack level (or did not). */
export interface KeyMatch {
  readonly key: string;
  /** Pack index, or null when nothing matched. */
  readonly level: number | null;
  readonly by: 'map' | 'grid' | 'id' | 'name' | 'position' | 'last part' | 'number in key' | null;
  readonly attempts: number;
}

/** Attempts matched to pack levels, and how every key matched. */
export interface MatchedAttempts {
  readonly attempts: (LevelAttempt & { readonly trace: string | null })[];
  readonly keys: readonly KeyMatch[];
  /** Attempts whose key matched no level (left out). */
  readonly unmatched: number;
  /** Per input attempt, in order: the pack level it matched, or -1. */
  readonly levelOf: Int32Array;
}

/** Matching one attempt at a time (what `rate` uses while it streams): the pack level index or -1, and how every key matched. */
export interface Matcher {
  level(a: Pick<ImportedAttempt, 'level' | 'rows'>): number;
  keys(): KeyMatch[];
}

/** A key's number names a position only where it ends the key after a separator or a word of 3 letters or more (`level03`, `world1:3`), never a cell name like `A1`. */
const NUMBER_AT_END = /(?:^|[:/_\-. ]|[A-Za-z]{3})(\d+)$/;

/**
 * Matches source level keys to pack levels: an explicit `map` (source key
 * -> pack id, name or 1-based position) first; then a results file's grid;
 * then, as SPEC §13 says, the pack level's id, else its name, else its
 * 1-based position; for analytics keys like `world1:level03`, the same for
 * the last part, then the number the key ends with as a position (only
 * after a separator or a word: `A1` is not level 1). O(1) a key after the
 * first time it is seen.
 */
export function createMatcher(levels: readonly MatchLevel[], map: ReadonlyMap<string, string> = new Map()): Matcher {
  const byId = new Map<string, number>(), byName = new Map<string, number>(), byGrid = new Map<string, number>();
  levels.forEach((l, i) => {
    if (!byId.has(l.id)) byId.set(l.id, i);
    if (l.name !== '' && !byName.has(l.name)) byName.set(l.name, i);
    const grid = parseRows([...l.rows]);
    if (grid.ok && !byGrid.has(levelKey(grid.value))) byGrid.set(levelKey(grid.value), i);
  });
  const direct = (key: string): number | null => {
    const id = byId.get(key);
    if (id !== undefined) return id;
    const name = byName.get(key);
    if (name !== undefined) return name;
    if (/^\d+$/.test(key)) {
      const n = Number(key);
      if (n >= 1 && n <= levels.length) return n - 1;
    }
    return null;
  };
  const resolve = (key: string): { level: number | null; by: KeyMatch['by'] } => {
    const mapped = map.get(key);
    if (mapped !== undefined) return { level: direct(mapped), by: direct(mapped) === null ? null : 'map' };
    const id = byId.get(key);
    if (id !== undefined) return { level: id, by: 'id' };
    const name = byName.get(key);
    if (name !== undefined) return { level: name, by: 'name' };
    if (/^\d+$/.test(key) && Number(key) >= 1 && Number(key) <= levels.length) return { level: Number(key) - 1, by: 'position' };
    const last = key.includes(':') ? key.slice(key.lastIndexOf(':') + 1) : null;
    if (last !== null && direct(last) !== null) return { level: direct(last), by: 'last part' };
    const digits = NUMBER_AT_END.exec(key);
    if (digits !== null && Number(digits[1]) >= 1 && Number(digits[1]) <= levels.length) return { level: Number(digits[1]) - 1, by: 'number in key' };
    return { level: null, by: null };
  };
  // One resolution per distinct key (a results file's key includes its grid).
  const keys = new Map<string, { key: string; level: number | null; by: KeyMatch['by']; attempts: number }>();
  return {
    level(a) {
      const cacheKey = a.rows === undefined ? a.level : `${a.level}\u0000${a.rows.join('/')}`;
      let k = keys.get(cacheKey);
      if (k === undefined) {
        let found: { level: number | null; by: KeyMatch['by'] } | null = null;
        if (a.rows !== undefined) {
          const grid = parseRows([...a.rows]);
          const g = grid.ok ? byGrid.get(levelKey(grid.value)) : undefined;
          if (g !== undefined) found = { level: g, by: 'grid' };
        }
        k = { key: a.level, ...(found ?? resolve(a.level)), attempts: 0 };
        keys.set(cacheKey, k);
      }
      k.attempts++;
      return k.level ?? -1;
    },
    keys: () => [...keys.values()],
  };
}

/** {@link createMatcher} over a list of attempts. O(attempts). */
export function matchAttempts(attempts: readonly ImportedAttempt[], levels: readonly MatchLevel[], map: ReadonlyMap<string, string> = new Map()): MatchedAttempts {
  const matcher = createMatcher(levels, map);
  const out: (LevelAttempt & { trace: string | null })[] = [];
  let unmatched = 0;
  const levelOf = new Int32Array(attempts.length).fill(-1);
  for (const [ai, a] of attempts.entries()) {
    const level = matcher.level(a);
    if (level < 0) {
      unmatched++;
      continue;
    }
    levelOf[ai] = level;
    out.push({ level, player: a.player, outcome: a.outcome, seconds: a.seconds, replay: a.replay, trace: a.trace, ...(a.startedAt === undefined ? {} : { startedAt: a.startedAt }) });
  }
  return { attempts: out, keys: matcher.keys(), unmatched, levelOf };
}

/** The problem with one attempt's moves on its matched level (they must replay to its outcome under the pack's `rules`), or null. */
export function traceProblem(a: ImportedAttempt, level: number, levels: readonly MatchLevel[], grids: readonly ReturnType<typeof parseRows>[], rules: Ruleset = DEFAULT_RULESET): ImportProblem | null {
  if (a.trace === null || level < 0) return null;
  const grid = grids[level]!;
  if (!grid.ok) return null;
  const r = replayTrace(grid.value, a.trace, rules);
  const where = `the moves on level "${levels[level]!.id}"`;
  if (!r.ok) return { line: a.line, message: `${where} do not replay: ${r.error.message}` };
  if ((r.value.end === 'won') !== (a.outcome === 'solved')) return { line: a.line, message: `${where} ${r.value.end === 'won' ? 'win it' : 'do not win it'} but the outcome is ${a.outcome}` };
  return null;
}

/**
 * Every attempt's moves must replay on the pack level its key matched, to
 * its outcome (solved: the moves win; otherwise they do not), under the
 * pack's `rules` (default: the default ruleset): the rows that
 * do not, with their lines. Attempts whose key matches no level are not
 * checked (they are left out anyway). O(total trace length).
 */
export function traceProblems(attempts: readonly ImportedAttempt[], levels: readonly MatchLevel[], map: ReadonlyMap<string, string> = new Map(), rules: Ruleset = DEFAULT_RULESET): ImportProblem[] {
  const traced = attempts.filter((a) => a.trace !== null);
  if (traced.length === 0) return [];
  const matcher = createMatcher(levels, map);
  const grids = levels.map((l) => parseRows([...l.rows]));
  const problems: ImportProblem[] = [];
  for (const a of traced) {
    const p = traceProblem(a, matcher.level(a), levels, grids, rules);
    if (p !== null) problems.push(p);
  }
  return problems;
}

/** Reads a level-key map: CSV `key,level` (a header `key,level` is optional). Bad rows with their lines. */
export function parseLevelMap(text: string): Result<Map<string, string>, ImportProblem[]> {
  const map = new Map<string, string>();
  const problems: ImportProblem[] = [];
  text.replace(/^\uFEFF/, '').split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const parts = raw.split(',').map((s) => s.trim().replace(/^"|"$/g, ''));
    if (i === 0 && parts[0]?.toLowerCase() === 'key') return;
    if (parts.length !== 2 || parts[0] === '' || parts[1] === '') problems.push({ line: i + 1, message: 'expected key,level (the source\'s level key, then a pack level id, name or position)' });
    else map.set(parts[0]!, parts[1]!);
  });
  return problems.length > 0 ? err(problems) : ok(map);
}

export { FORMAT_LABELS };
