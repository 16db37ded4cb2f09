/**
 * Every attempts source read a piece at a time (SPEC §13 "Real exports"):
 * the format is detected from the file's start (or named), each row is
 * read as soon as it is whole, and each attempt goes to a callback, so a
 * file of ten million rows never sits in memory as text or as one array.
 *
 * Shapes read:
 * - the generic attempts CSV (`level,player,outcome,seconds[,moves][,startedAt]`);
 * - a Longcat results file (one JSON document, read whole: it is small);
 * - the event streams of GameAnalytics, Unity Analytics and PlayFab (one
 *   JSON event a line; analytics.ts);
 * - the tables studios download, CSV with a header (or JSON lines with the
 *   same columns): Unity's SQL Data Explorer / Data Access rows
 *   (`EVENT_NAME, USER_ID, EVENT_TIMESTAMP, EVENT_JSON`), PlayFab's
 *   `events.all` (`FullName_Name, Entity_Id, Timestamp, EventData`) and
 *   GameAnalytics' warehouse progression table (`progression_status,
 *   progression_1..3, user_id, event_client_ts`). A table is told from the
 *   generic CSV by its header's column names.
 */
import { parseResults } from '../play/results';
import { err, ok, type Result } from '../util/result';
import { createEventCollector, eventFormatOf } from './analytics';
import { attemptsCsvRecords } from './attemptsCsv';
import { createCsvChunker, createLineChunker, type TextChunker } from './csvRecords';
import { ProblemList, type AttemptFormat, type ImportedAttempt, type ImportedFile, type ImportProblem } from './imported';

/** Header columns that name each table shape (lower case; all must be present). */
const TABLE_COLUMNS: Readonly<Record<'unity' | 'playfab' | 'gameanalytics', readonly string[]>> = {
  unity: ['event_name', 'user_id', 'event_timestamp', 'event_json'],
  playfab: ['fullname_name', 'entity_id', 'timestamp', 'eventdata'],
  gameanalytics: ['progression_status', 'user_id', 'event_client_ts', 'progression_1'],
};
/** The names the event readers look a table's columns up by. */
const CANONICAL: Readonly<Record<string, string>> = {
  event_name: 'EVENT_NAME', user_id: 'USER_ID', event_timestamp: 'EVENT_TIMESTAMP', event_json: 'EVENT_JSON',
  fullname_name: 'FullName_Name', entity_id: 'Entity_Id', timestamp: 'Timestamp', eventdata: 'EventData',
  progression_status: 'progression_status', progression_1: 'progression_1', progression_2: 'progression_2', progression_3: 'progression_3', event_client_ts: 'event_client_ts',
};
/** Most characters of a results file (it is read whole). */
const MAX_RESULTS_TEXT = 10 * 1024 * 1024;

const headerNames = (line: string): string[] => line.split(',').map((s) => s.trim().replace(/^"|"$/g, '').toLowerCase());

/** The table shape a CSV header names, or null. */
export function tableFormatOf(headerLine: string): 'unity' | 'playfab' | 'gameanalytics' | null {
  const names = headerNames(headerLine.replace(/^\uFEFF/, ''));
  for (const f of ['unity', 'playfab', 'gameanalytics'] as const) if (TABLE_COLUMNS[f].every((c) => names.includes(c))) return f;
  return null;
}

/** The format of a file from its start (its first line at least), or null when none fits. */
export function detectAttemptFormat(text: string): AttemptFormat | null {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body.startsWith('{')) {
    if (/^\{\s*"format"\s*:\s*"longcat-play-results"/.test(body) || /"format"\s*:\s*"longcat-play-results"/.test(body.slice(0, 400))) return 'results';
    const firstLine = body.split('\n', 1)[0]!;
    try {
      return eventFormatOf(JSON.parse(firstLine));
    } catch {
      return null;
    }
  }
  const first = body.split(/\r?\n/, 1)[0] ?? '';
  const table = tableFormatOf(first);
  if (table !== null) return table;
  const names = headerNames(first);
  return ['level', 'player', 'outcome', 'seconds'].every((r) => names.includes(r)) ? 'csv' : null;
}

/** A file read a piece at a time. */
export interface AttemptReader {
  push(chunk: string): void;
  /** The file's format, rows and notes (`attempts` is empty: they went to the callback), or every bad row. */
  end(): Result<ImportedFile, ImportProblem[]>;
}

const NOT_A_FORMAT = 'not a format this reads: an attempts CSV (header level,player,outcome,seconds[,moves][,startedAt]), a Longcat results file, a GameAnalytics, Unity Analytics or PlayFab event export (one JSON event a line), or a Unity SQL Data Explorer, PlayFab events.all or GameAnalytics warehouse progression table';

/**
 * A reader for one file: `format` null detects it from the first line.
 * Each attempt goes to `onAttempt` as soon as it is known (event exports:
 * at the end, once the events are paired). Attempts of a file with bad
 * rows are still handed on; the caller drops them when `end` refuses it.
 */
export function createAttemptReader(format: AttemptFormat | null, onAttempt: (a: ImportedAttempt) => void): AttemptReader {
  const problems = new ProblemList();
  let head = '';
  let started: { chunker: TextChunker | { push(c: string): void; end(): void }; finish(): Result<ImportedFile, ImportProblem[]> } | null = null;
  let refused: string | null = null;

  const start = (text: string, atEnd: boolean): void => {
    const f = format ?? detectAttemptFormat(text);
    if (f === null) {
      refused = NOT_A_FORMAT;
      return;
    }
    const body = text.replace(/^\uFEFF/, '').trimStart();
    if (f === 'results') {
      let whole = '';
      started = {
        chunker: { push: (c) => { if (whole.length <= MAX_RESULTS_TEXT) whole += c; }, end: () => undefined },
        finish: () => {
          if (whole.length > MAX_RESULTS_TEXT) return err([{ line: 0, message: `a results file is at most ${MAX_RESULTS_TEXT / 1024 / 1024} MiB` }]);
          const r = parseResults(whole);
          if (!r.ok) return err(r.error.map((message) => ({ line: 0, message })));
          let n = 0;
          for (const l of r.value.levels) {
            for (const a of l.attempts) {
              n++;
              const startedAt = Date.parse(a.startedAt);
              onAttempt({ line: 0, level: l.id, rows: l.rows, player: r.value.player, outcome: a.outcome === 'solved' ? 'solved' : 'gaveup', seconds: a.seconds, trace: a.trace ?? null, replay: a.replay, ...(Number.isFinite(startedAt) ? { startedAt } : {}) });
            }
          }
          return ok({ format: 'results', attempts: [], rows: n, notes: [], clock: 'play time' });
        },
      };
      return;
    }
    if (f === 'csv') {
      const rows = attemptsCsvRecords(problems, onAttempt);
      const chunker = createCsvChunker((fields, line) => rows.record(fields, line));
      started = {
        chunker,
        finish: () => {
          for (const p of chunker.end()) problems.add(p.line, p.message);
          if (!rows.sawHeader()) problems.add(1, 'the file is empty: an attempts CSV starts with the header level,player,outcome,seconds[,moves][,startedAt]');
          if (problems.count > 0) return err(problems.done());
          return ok({ format: 'csv', attempts: [], rows: rows.rows(), notes: [], clock: 'given' });
        },
      };
      return;
    }
    const events = createEventCollector(f, problems, onAttempt);
    if (body.startsWith('{') || (atEnd && body === '')) {
      const lines = createLineChunker((raw, line) => {
        const t = raw.trim();
        if (t === '') return;
        let json: unknown;
        try {
          json = JSON.parse(t);
        } catch {
          problems.add(line, 'not valid JSON (the export has one event object a line)');
          return;
        }
        events.add(json, line);
      });
      started = { chunker: lines, finish: () => { lines.end(); return events.done('lines'); } };
      return;
    }
    // A table: the header names the columns, each record becomes an object by those names.
    let names: string[] | null = null;
    const chunker = createCsvChunker((fields, line) => {
      if (names === null) {
        names = fields.map((h) => CANONICAL[h.trim().toLowerCase()] ?? h.trim());
        const missing = TABLE_COLUMNS[f].filter((c) => !names!.some((nm) => nm.toLowerCase() === c));
        if (missing.length > 0) problems.add(line, `a ${f} table needs the columns ${TABLE_COLUMNS[f].map((c) => CANONICAL[c]).join(', ')}; missing: ${missing.map((c) => CANONICAL[c]).join(', ')}`);
        return;
      }
      if (fields.length !== names.length) {
        problems.add(line, `expected ${names.length} fields as in the header, found ${fields.length}`);
        return;
      }
      const row: Record<string, string> = {};
      names.forEach((nm, i) => { row[nm] = fields[i]!; });
      events.add(row, line);
    });
    started = { chunker, finish: () => { for (const p of chunker.end()) problems.add(p.line, p.message); return events.done('table'); } };
  };

  return {
    push(chunk) {
      if (refused !== null || chunk === '') return;
      if (started === null) {
        head += chunk;
        // Detection needs the first line, and for JSON enough of the start to find a results file's "format".
        const body = head.replace(/^\uFEFF/, '').trimStart();
        const ready = /\n/.test(body) && (!body.startsWith('{') || body.length >= 4096);
        if (!ready && head.length < 1 << 16) return;
        const text = head;
        head = '';
        start(text, false);
        if (started !== null) (started as { chunker: { push(c: string): void } }).chunker.push(text);
        return;
      }
      started.chunker.push(chunk);
    },
    end() {
      if (started === null && refused === null) {
        const text = head;
        head = '';
        if (text.replace(/^\uFEFF/, '').trim() === '' && format === null) return err([{ line: 1, message: NOT_A_FORMAT }]);
        start(text, true);
        if (started !== null) (started as { chunker: { push(c: string): void } }).chunker.push(text);
      }
      if (refused !== null) return err([{ line: 1, message: refused }]);
      return started!.finish();
    },
  };
}

/** Reads a whole text at once (the studio's import): the attempts in an array. O(text). */
export function readAttemptsText(text: string, format: AttemptFormat | null = null): Result<ImportedFile, ImportProblem[]> {
  if (typeof text !== 'string') return err([{ line: 0, message: 'expected the text of a file' }]);
  const attempts: ImportedAttempt[] = [];
  const reader = createAttemptReader(format, (a) => attempts.push(a));
  reader.push(text);
  const r = reader.end();
  if (!r.ok) return r;
  return ok({ ...r.value, attempts });
}
