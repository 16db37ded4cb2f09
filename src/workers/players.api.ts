/**
 * Players' attempts into ratings, off the page's thread: every file read
 * (format detected), level keys matched to the pack, the levels rated, and
 * the traces kept per level for replays and traffic. Plain async functions
 * (STYLE §7): the worker only exposes them, the CLI could call them.
 *
 * A bad file is refused whole with every bad row and line; the others are
 * still read. What comes back is small (per level rows, up to
 * {@link MAX_TRACES_PER_LEVEL} traces per level): a million-row export
 * never crosses to the page as a million objects.
 */
import { z } from 'zod';
import { FORMAT_LABELS, type AttemptFormat, type ImportProblem } from '../core/players/imported';
import { matchAttempts, readAttempts, traceProblems, type KeyMatch, type MatchLevel } from '../core/players/importAttempts';
import { rateLevels, type LevelRatingRow } from '../core/players/rate';
import { rulesetByName } from '../core/rules/registry';
import { DEFAULT_RULESET_NAME, RULESET_NAMES } from '../core/rules/ruleset';
import { invalid, ok, parseRequest, type Outcome } from './outcome';

/** Most traces kept per level for the studio (the newest are dropped past it; counts and ratings use every attempt). */
export const MAX_TRACES_PER_LEVEL = 2_000;

const RequestSchema = z.object({
  /** A file's text, or the file itself (a Blob: the page hands it over without reading it, the worker reads it). */
  files: z.array(z.object({ name: z.string().max(400), text: z.union([z.string(), z.instanceof(Blob)]) })).max(200),
  levels: z.array(z.object({ id: z.string(), name: z.string(), rows: z.array(z.string()) })).max(100_000),
  predicted: z.array(z.number().finite().nullable()),
  /** The pack's ruleset: traces replay under it (absent: the default ruleset, as before rulesets). */
  rules: z.enum(RULESET_NAMES).optional(),
});
export type PlayerDataRequest = z.infer<typeof RequestSchema>;

/** One attempt with its trace, for replays and the traffic view. */
export interface LevelTrace {
  readonly player: string;
  readonly trace: string;
  readonly solved: boolean;
  readonly seconds: number;
}

export interface PlayerDataFile {
  readonly name: string;
  readonly format: AttemptFormat;
  readonly label: string;
  readonly attempts: number;
  readonly rows: number;
  readonly notes: readonly string[];
}

export interface PlayerDataResult {
  readonly files: readonly PlayerDataFile[];
  readonly rejected: readonly { readonly name: string; readonly problems: readonly ImportProblem[] }[];
  /**
   * The pack levels rated, in the pack's order when the request was made:
   * `rows[i]` and `traces[i]` belong to `levels[i]`. Views join by these
   * (by grid), never by position in today's pack, which may have changed
   * since (a delete, a sort) while the next rating is still running.
   */
  readonly levels: readonly { readonly id: string; readonly name: string; readonly rows: readonly string[] }[];
  /** One row per rated level (`levels`), in the same order. */
  readonly rows: readonly LevelRatingRow[];
  readonly keys: readonly KeyMatch[];
  readonly unmatched: number;
  readonly players: number;
  readonly attempts: number;
  /** Per pack level, attempts that carry a trace (capped). */
  readonly traces: readonly (readonly LevelTrace[])[];
  /** Rating model numbers for the report. */
  readonly fit: { readonly sigma: number; readonly playerSpread: number; readonly interval: number };
}

/** Reads, matches and rates. O(total text + attempts x iterations). */
export async function ratePlayerData(request: PlayerDataRequest): Promise<Outcome<PlayerDataResult>> {
  const parsed = parseRequest(RequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { files, levels, predicted, rules } = parsed.value;
  if (predicted.length !== levels.length) return invalid('one prediction per pack level is needed');
  const read: PlayerDataFile[] = [];
  const rejected: { name: string; problems: ImportProblem[] }[] = [];
  const all = [];
  for (const f of files) {
    const r = readAttempts(typeof f.text === 'string' ? f.text : await f.text.text());
    if (!r.ok) {
      rejected.push({ name: f.name, problems: r.error });
      continue;
    }
    // Moves that do not replay on their level to their outcome are bad rows too.
    const badMoves = traceProblems(r.value.attempts, levels as readonly MatchLevel[], new Map(), rulesetByName(rules ?? DEFAULT_RULESET_NAME));
    if (badMoves.length > 0) {
      rejected.push({ name: f.name, problems: badMoves });
      continue;
    }
    read.push({ name: f.name, format: r.value.format, label: FORMAT_LABELS[r.value.format], attempts: r.value.attempts.length, rows: r.value.rows, notes: r.value.notes });
    for (const a of r.value.attempts) all.push(a);
  }
  const matched = matchAttempts(all, levels as readonly MatchLevel[]);
  const report = rateLevels(levels.length, matched.attempts, predicted);
  const traces: LevelTrace[][] = levels.map(() => []);
  for (const a of matched.attempts) {
    if (a.trace === null || a.replay === true) continue;
    const list = traces[a.level]!;
    if (list.length < MAX_TRACES_PER_LEVEL) list.push({ player: a.player, trace: a.trace, solved: a.outcome === 'solved', seconds: a.seconds });
  }
  return ok({
    files: read,
    rejected,
    levels: levels.map((l) => ({ id: l.id, name: l.name, rows: [...l.rows] })),
    rows: report.rows,
    keys: matched.keys,
    unmatched: matched.unmatched,
    players: report.players,
    attempts: report.attempts,
    traces,
    fit: { sigma: report.fit.sigma, playerSpread: report.fit.playerSpread, interval: report.fit.interval },
  });
}
