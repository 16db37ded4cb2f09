/**
 * `rate PACK --attempts FILE...`: every attempts file read (format detected
 * or named), level keys matched to the pack, the levels rated (SPEC §13).
 * stdout gets exactly one line per level; what was read and matched goes to
 * stderr. Every file is read a piece at a time into columns
 * (core/players/attemptReader, attemptTable), so ten million rows fit in
 * well under a gigabyte; a file with the same bytes as one read before, and
 * an attempt given twice (same player, level and start time), count once. A bad attempts file stops the command with its bad rows (file and
 * line) and prints nothing.
 */
import { parseCount } from './args';
import { CliError } from './args';
import { readText } from './io';
import { readChunks } from './readChunks';
import { analyzeLevel } from '../core/graph/analyze';
import { defaultModelFor } from '../core/difficulty/defaultModel';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { csvField } from '../core/export/csv';
import { importPack } from '../core/pack/pack';
import { parseRows } from '../core/level/format';
import { createAttemptReader } from '../core/players/attemptReader';
import { AttemptTable } from '../core/players/attemptTable';
import { ATTEMPT_FORMATS, FORMAT_LABELS, type AttemptFormat, type ImportProblem } from '../core/players/imported';
import { createMatcher, parseLevelMap, traceProblem } from '../core/players/importAttempts';
import { rateTable } from '../core/players/rate';
import { rulesetByName } from '../core/rules/registry';
import { PROVISIONAL_PLAYERS, type PracticeFit } from '../core/players/rating';
import { listProblems } from './args';

/** The columns of a line, in order (SPEC §13). */
export const RATE_COLUMNS = ['id', 'attempts', 'players', 'solves', 'gaveUps', 'medianSeconds', 'rating', 'ratingLow', 'ratingHigh', 'predicted', 'status'] as const;

export interface RateOptions {
  readonly attempts: readonly string[];
  readonly format?: string;
  readonly map?: string;
  readonly json: boolean;
  /** The difficulty model of the predictions; absent: the pack's ruleset's shipped default. */
  readonly model?: unknown;
  readonly maxStates: string;
}

const round2 = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : Math.round(x * 100) / 100);

/** What the fit did about practice, in a sentence. */
export function practiceLine(p: PracticeFit): string {
  if (p.order === 'unknown') return 'practice: not modelled (the attempts carry no start times, so the order each player met the levels in is not known)';
  if (p.order === 'fixed') return 'practice: every player met the levels in about one order, so practice cannot be told from difficulty; the intervals carry that doubt (shuffle the order in playtests to remove it)';
  return `practice: times after 1-2, 3-6, 7-14, ... levels met are x${p.factors.map((f) => f.toFixed(2)).join(', x')} of a first meeting; ratings are for a first meeting`;
}

export function parseAttemptFormat(text: string): AttemptFormat {
  if (!(ATTEMPT_FORMATS as readonly string[]).includes(text)) throw new CliError(`--format must be one of ${ATTEMPT_FORMATS.join(', ')}, got "${text}"`);
  return text as AttemptFormat;
}

export async function runRate(packFile: string, o: RateOptions, out: (line: string) => void, info: (line: string) => void): Promise<number> {
  const format = o.format === undefined ? null : parseAttemptFormat(o.format);
  const maxStates = parseCount(o.maxStates, '--max-states', 50_000_000);
  const packRead = importPack(readText(packFile, 'a level pack', 20 * 1024 * 1024));
  if (!packRead.ok) throw new CliError(`${packFile} is not a valid level pack: ${listProblems(packRead.error)}`);
  const { pack, levels } = packRead.value;
  let map = new Map<string, string>();
  if (o.map !== undefined) {
    const m = parseLevelMap(readText(o.map, 'a level map', 8 * 1024 * 1024));
    if (!m.ok) throw new CliError(`${o.map}: ${m.error.slice(0, 20).map((p) => `line ${p.line}: ${p.message}`).join('; ')}`);
    map = m.value;
  }
  const levelRows = pack.levels.map((l) => parseRows([...l.rows]));
  const rules = rulesetByName(pack.rules);
  const matcher = createMatcher(pack.levels, map);
  const table = new AttemptTable();
  const seen = new Map<string, string>();
  let unmatched = 0;
  for (const file of o.attempts) {
    const from = table.length, unmatchedBefore = unmatched;
    const badMoves: ImportProblem[] = [];
    const reader = createAttemptReader(format, (a) => {
      const level = matcher.level(a);
      if (level < 0) {
        unmatched++;
        return;
      }
      const p = traceProblem(a, level, pack.levels, levelRows, rules);
      if (p !== null) badMoves.push(p);
      table.add(level, a.player, a.outcome, a.seconds, a.startedAt, a.replay);
    });
    const digest = readChunks(file, 'an attempts file', (chunk) => reader.push(chunk));
    const earlier = seen.get(digest);
    if (earlier !== undefined) {
      // The same bytes as a file read before: counted once.
      table.length = from;
      unmatched = unmatchedBefore;
      info(`${file}: the same file as ${earlier}, counted once`);
      continue;
    }
    seen.set(digest, file);
    const r = reader.end();
    if (!r.ok) {
      const shown = r.error.slice(0, 20).map((p) => (p.line > 0 ? `line ${p.line}: ${p.message}` : p.message));
      throw new CliError(`${file} was not read (${r.error.length.toLocaleString('en-US')} problem${r.error.length === 1 ? '' : 's'}; nothing was rated): ${shown.join('; ')}${r.error.length > 20 ? `; and ${r.error.length - 20} more` : ''}`);
    }
    if (badMoves.length > 0) throw new CliError(`${file} was not read (${badMoves.length} attempt${badMoves.length === 1 ? '' : 's'} whose moves do not replay; nothing was rated): ${badMoves.sort((x, y) => x.line - y.line).slice(0, 20).map((p) => (p.line > 0 ? `line ${p.line}: ${p.message}` : p.message)).join('; ')}`);
    const n = table.length - from;
    const clock = r.value.clock === undefined || r.value.clock === 'given' ? '' : `, timed by the ${r.value.clock}${r.value.clock === 'server receipt' ? ' (when the server received each event: network delays are in the seconds)' : ''}`;
    info(`${file}: ${FORMAT_LABELS[r.value.format]}, ${n.toLocaleString('en-US')} attempt${n === 1 ? '' : 's'} matched from ${r.value.rows.toLocaleString('en-US')} row${r.value.rows === 1 ? '' : 's'}${clock}${r.value.notes.length > 0 ? ` (${r.value.notes.join('; ')})` : ''}`);
  }
  for (const k of matcher.keys()) {
    if (k.level === null) info(`level key "${k.key}" matches no pack level: ${k.attempts} attempt${k.attempts === 1 ? '' : 's'} left out`);
    else if (k.by === 'number in key') info(`level key "${k.key}" -> ${pack.levels[k.level]!.id} by the number at its end (a guess: give --map to be sure)`);
    else if (k.by !== 'id' && k.by !== 'grid') info(`level key "${k.key}" -> ${pack.levels[k.level]!.id} (by ${k.by})`);
  }
  if (unmatched > 0) info(`${unmatched.toLocaleString('en-US')} attempt${unmatched === 1 ? '' : 's'} matched no pack level`);
  // The predictions are the pack's game's: its rules and (unless --model) its shipped model.
  const model = (o.model ?? defaultModelFor(pack.rules)) as DifficultyModel;
  const predicted = levels.map((level) => {
    const a = analyzeLevel(level, { maxStates, rules });
    return a.ok ? predictDifficulty(model, a.value.features) : null;
  });
  const report = rateTable(levels.length, table, predicted);
  if (report.repeats > 0) info(`${report.repeats.toLocaleString('en-US')} attempt${report.repeats === 1 ? '' : 's'} given more than once (same player, level and start time) counted once`);
  info(`${report.players.toLocaleString('en-US')} player${report.players === 1 ? '' : 's'}, ${report.attempts.toLocaleString('en-US')} attempts rated; rating = median seconds to solve for an average player meeting the level first, ${Math.round(report.fit.interval * 100)}% interval; predicted = the structural estimate`);
  info(practiceLine(report.fit.practice));
  info(`status: provisional = fewer than ${PROVISIONAL_PLAYERS} players' times (the prediction carries much of it); misfit = the level's times do not look like the model's (posterior predictive check, docs/difficulty.md)`);
  if (!o.json) info(`columns: ${RATE_COLUMNS.join(',')}`);
  report.rows.forEach((r, i) => {
    const status = r.rating === null ? '' : r.check?.misfit === true ? 'misfit' : r.provisional ? 'provisional' : 'ok';
    const row = { id: pack.levels[i]!.id, attempts: r.attempts, players: r.players, solves: r.solves, gaveUps: r.gaveUps, medianSeconds: round2(r.medianSeconds), rating: round2(r.rating), ratingLow: round2(r.ratingLow), ratingHigh: round2(r.ratingHigh), predicted: round2(r.predicted), status };
    out(o.json ? JSON.stringify(row) : RATE_COLUMNS.map((c) => (c === 'id' ? csvField(row.id) : row[c] === null ? '' : String(row[c]))).join(','));
  });
  return 0;
}
