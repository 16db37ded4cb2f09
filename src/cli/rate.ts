/**
 * `rate PACK --attempts FILE...`: every attempts file read (format detected
 * or named), level keys matched to the pack, the levels rated (SPEC §13).
 * stdout gets exactly one line per level; what was read and matched goes to
 * stderr. A bad attempts file stops the command with its bad rows (file and
 * line) and prints nothing.
 */
import { parseCount } from './args';
import { CliError } from './args';
import { readText } from './io';
import { analyzeLevel } from '../core/graph/analyze';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { csvField } from '../core/export/csv';
import { importPack } from '../core/pack/pack';
import { ATTEMPT_FORMATS, FORMAT_LABELS, type AttemptFormat, type ImportedAttempt } from '../core/players/imported';
import { matchAttempts, parseLevelMap, readAttempts, traceProblems } from '../core/players/importAttempts';
import { rateLevels } from '../core/players/rate';
import { listProblems } from './args';

/** Largest attempts file read (a million-row export is well under it). */
export const MAX_ATTEMPTS_BYTES = 400 * 1024 * 1024;
/** The columns of a line, in order (SPEC §13). */
export const RATE_COLUMNS = ['id', 'attempts', 'players', 'solves', 'gaveUps', 'medianSeconds', 'rating', 'ratingLow', 'ratingHigh', 'predicted'] as const;

export interface RateOptions {
  readonly attempts: readonly string[];
  readonly format?: string;
  readonly map?: string;
  readonly json: boolean;
  readonly model: unknown;
  readonly maxStates: string;
}

const round2 = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : Math.round(x * 100) / 100);

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
  const all: ImportedAttempt[] = [];
  for (const file of o.attempts) {
    const r = readAttempts(readText(file, 'an attempts file', MAX_ATTEMPTS_BYTES), format);
    if (!r.ok) {
      const shown = r.error.slice(0, 20).map((p) => (p.line > 0 ? `line ${p.line}: ${p.message}` : p.message));
      throw new CliError(`${file} was not read (${r.error.length.toLocaleString('en-US')} problem${r.error.length === 1 ? '' : 's'}; nothing was rated): ${shown.join('; ')}${r.error.length > 20 ? `; and ${r.error.length - 20} more` : ''}`);
    }
    const badMoves = traceProblems(r.value.attempts, pack.levels, map);
    if (badMoves.length > 0) throw new CliError(`${file} was not read (${badMoves.length} attempt${badMoves.length === 1 ? '' : 's'} whose moves do not replay; nothing was rated): ${badMoves.slice(0, 20).map((p) => (p.line > 0 ? `line ${p.line}: ${p.message}` : p.message)).join('; ')}`);
    info(`${file}: ${FORMAT_LABELS[r.value.format]}, ${r.value.attempts.length.toLocaleString('en-US')} attempt${r.value.attempts.length === 1 ? '' : 's'} from ${r.value.rows.toLocaleString('en-US')} row${r.value.rows === 1 ? '' : 's'}${r.value.notes.length > 0 ? ` (${r.value.notes.join('; ')})` : ''}`);
    all.push(...r.value.attempts);
  }
  const matched = matchAttempts(all, pack.levels, map);
  for (const k of matched.keys) if (k.by !== 'id' && k.by !== 'grid') info(k.level === null ? `level key "${k.key}" matches no pack level: ${k.attempts} attempt${k.attempts === 1 ? '' : 's'} left out` : `level key "${k.key}" -> ${pack.levels[k.level]!.id} (by ${k.by})`);
  const model = o.model as DifficultyModel;
  const predicted = levels.map((level) => {
    const a = analyzeLevel(level, { maxStates });
    return a.ok ? predictDifficulty(model, a.value.features) : null;
  });
  const report = rateLevels(levels.length, matched.attempts, predicted);
  info(`${report.players.toLocaleString('en-US')} player${report.players === 1 ? '' : 's'}, ${report.attempts.toLocaleString('en-US')} attempts matched; rating = median seconds to solve for an average player, ${Math.round(report.fit.interval * 100)}% interval; predicted = the structural estimate`);
  if (!o.json) info(`columns: ${RATE_COLUMNS.join(',')}`);
  report.rows.forEach((r, i) => {
    const row = { id: pack.levels[i]!.id, attempts: r.attempts, players: r.players, solves: r.solves, gaveUps: r.gaveUps, medianSeconds: round2(r.medianSeconds), rating: round2(r.rating), ratingLow: round2(r.ratingLow), ratingHigh: round2(r.ratingHigh), predicted: round2(r.predicted) };
    out(o.json ? JSON.stringify(row) : RATE_COLUMNS.map((c) => (c === 'id' ? csvField(row.id) : row[c] === null ? '' : String(row[c]))).join(','));
  });
  return 0;
}
