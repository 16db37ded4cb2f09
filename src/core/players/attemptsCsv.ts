/**
 * The generic attempts CSV (SPEC §13): RFC 4180, header required, columns
 * `level,player,outcome,seconds[,moves][,startedAt]` in any order, extra
 * columns ignored. `startedAt` (ISO 8601 or UNIX seconds) gives the order
 * the player met the levels in (practice) and tells a row seen twice. `outcome` is `solved`, `failed` or `gaveup`; `moves` a trace
 * (`UDLR`, `-` undo, `|` restart), optional. Every bad row is listed with
 * its line.
 */
import { MAX_IMPORT_SECONDS, timeOf, type ImportedAttempt, type ProblemList } from './imported';
import type { AttemptOutcome } from './rate';
import { MAX_TRACE_LENGTH, TRACE_PATTERN } from './trace';

const REQUIRED = ['level', 'player', 'outcome', 'seconds'] as const;
const OUTCOMES: ReadonlySet<string> = new Set(['solved', 'failed', 'gaveup']);
const NUMBER = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * The record handler of an attempts CSV: give it every record (header
 * first) and it hands each good row's attempt to `onAttempt`, every bad
 * row to `problems`. `rows()` counts the data rows seen. O(1) a record.
 */
export function attemptsCsvRecords(problems: ProblemList, onAttempt: (a: ImportedAttempt) => void): { record(fields: string[], line: number): void; rows(): number; sawHeader(): boolean } {
  let columns: Record<string, number> | null = null;
  let width = 0;
  let rows = 0;
  return {
    rows: () => rows,
    sawHeader: () => columns !== null,
    record(fields, line) {
      if (columns === null) {
        const names = fields.map((f) => f.trim().toLowerCase());
        const missing = REQUIRED.filter((r) => !names.includes(r));
        if (missing.length > 0) {
          problems.add(line, `the header must name the columns level, player, outcome and seconds (moves and startedAt are optional); missing: ${missing.join(', ')}`);
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
      const movesAt = columns['moves'], startedAtAt = columns['startedat'];
      const moves = movesAt === undefined ? '' : fields[movesAt]!.trim();
      const startedText = startedAtAt === undefined ? '' : fields[startedAtAt]!.trim();
      const bad: string[] = [];
      if (level === '') bad.push('level is empty');
      if (player === '') bad.push('player is empty');
      if (!OUTCOMES.has(outcome)) bad.push(`outcome must be solved, failed or gaveup, got "${clip(get('outcome'))}"`);
      const seconds = NUMBER.test(secondsText) ? Number(secondsText) : NaN;
      if (!Number.isFinite(seconds) || seconds > MAX_IMPORT_SECONDS) bad.push(`seconds must be a number from 0 to ${MAX_IMPORT_SECONDS}, got "${clip(secondsText)}"`);
      if (moves.length > MAX_TRACE_LENGTH) bad.push(`moves is longer than ${MAX_TRACE_LENGTH} letters`);
      else if (!TRACE_PATTERN.test(moves)) bad.push('moves may hold only U, D, L, R, - (undo) and | (restart)');
      const startedAt = startedText === '' ? undefined : timeOf(startedText, 's');
      if (startedAt === null) bad.push(`startedAt must be an ISO 8601 time or UNIX seconds, got "${clip(startedText)}"`);
      if (bad.length > 0) {
        problems.add(line, bad.join('; '));
        return;
      }
      onAttempt({ line, level, player, outcome: outcome as AttemptOutcome, seconds, trace: moves === '' ? null : moves, replay: false, ...(startedAt === undefined || startedAt === null ? {} : { startedAt }) });
    },
  };
}
