/**
 * The generic attempts CSV (SPEC §13): RFC 4180, header required, columns
 * `level,player,outcome,seconds[,moves]` in any order, extra columns
 * ignored. `outcome` is `solved`, `failed` or `gaveup`; `moves` a trace
 * (`UDLR`, `-` undo, `|` restart), optional. Every bad row is listed with
 * its line.
 */
import { err, ok, type Result } from '../util/result';
import { forEachCsvRecord } from './csvRecords';
import { MAX_IMPORT_SECONDS, ProblemList, type ImportedAttempt, type ImportedFile, type ImportProblem } from './imported';
import type { AttemptOutcome } from './rate';
import { MAX_TRACE_LENGTH, TRACE_PATTERN } from './trace';

const REQUIRED = ['level', 'player', 'outcome', 'seconds'] as const;
const OUTCOMES: ReadonlySet<string> = new Set(['solved', 'failed', 'gaveup']);
const NUMBER = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** True when the first record looks like this format's header. */
export function looksLikeAttemptsCsv(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const names = first.split(',').map((s) => s.trim().replace(/^"|"$/g, '').toLowerCase());
  return REQUIRED.every((r) => names.includes(r));
}

/** Reads an attempts CSV; any bad row refuses the file, with every bad row listed. O(text length). */
export function parseAttemptsCsv(text: string): Result<ImportedFile, ImportProblem[]> {
  const problems = new ProblemList();
  const attempts: ImportedAttempt[] = [];
  let columns: Record<string, number> | null = null;
  let width = 0;
  let rows = 0;
  const syntax = forEachCsvRecord(text, (fields, line) => {
    if (columns === null) {
      const names = fields.map((f) => f.trim().toLowerCase());
      const missing = REQUIRED.filter((r) => !names.includes(r));
      if (missing.length > 0) {
        problems.add(line, `the header must name the columns level, player, outcome and seconds (moves is optional); missing: ${missing.join(', ')}`);
        columns = {};
        return;
      }
      columns = Object.fromEntries(names.map((nm, i) => [nm, i] as const).reverse());
      width = fields.length;
      return;
    }
    if (Object.keys(columns).length === 0) return;
    rows++;
    if (fields.length !== width) {
      problems.add(line, `expected ${width} fields as in the header, found ${fields.length}`);
      return;
    }
    const get = (name: string): string => fields[columns![name]!]!.trim();
    const level = get('level'), player = get('player'), outcome = get('outcome').toLowerCase(), secondsText = get('seconds');
    const movesAt = columns['moves'];
    const moves = movesAt === undefined ? '' : fields[movesAt]!.trim();
    const bad: string[] = [];
    if (level === '') bad.push('level is empty');
    if (player === '') bad.push('player is empty');
    if (!OUTCOMES.has(outcome)) bad.push(`outcome must be solved, failed or gaveup, got "${clip(get('outcome'))}"`);
    const seconds = NUMBER.test(secondsText) ? Number(secondsText) : NaN;
    if (!Number.isFinite(seconds) || seconds > MAX_IMPORT_SECONDS) bad.push(`seconds must be a number from 0 to ${MAX_IMPORT_SECONDS}, got "${clip(secondsText)}"`);
    if (moves.length > MAX_TRACE_LENGTH) bad.push(`moves is longer than ${MAX_TRACE_LENGTH} letters`);
    else if (!TRACE_PATTERN.test(moves)) bad.push('moves may hold only U, D, L, R, - (undo) and | (restart)');
    if (bad.length > 0) {
      problems.add(line, bad.join('; '));
      return;
    }
    attempts.push({ line, level, player, outcome: outcome as AttemptOutcome, seconds, trace: moves === '' ? null : moves, replay: false });
  });
  for (const p of syntax) problems.add(p.line, p.message);
  if (columns === null) problems.add(1, 'the file is empty: an attempts CSV starts with the header level,player,outcome,seconds[,moves]');
  if (problems.count > 0) return err(problems.done());
  return ok({ format: 'csv', attempts, rows, notes: [] });
}
