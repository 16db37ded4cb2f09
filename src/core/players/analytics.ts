/**
 * Raw analytics exports into attempts. None of them records a duration: a
 * level's start is paired with the same player's next complete or fail of
 * that level, and the time between is the attempt's seconds. A start that is
 * followed by another event of the player before any close of that level
 * is a give-up, timed to that next event; a start never followed by
 * anything cannot be timed and is counted in the notes, as are closes
 * without a start.
 *
 * The exports are newline-delimited JSON (one event a line), as each
 * service documents them:
 * - **GameAnalytics** data export: `{ "data": { "category": "progression",
 *   "event_id": "Start:world1:level03", "user_id", "client_ts" (UNIX
 *   seconds), "session_id", "attempt_num", ... }, "game_id", "arrival_ts",
 *   ... }`. The status is `event_id`'s first part (Start, Complete, Fail);
 *   the level key is the rest (`world1:level03`). Other categories are
 *   skipped.
 * - **Unity Analytics**: the raw data export of custom events (`name`,
 *   `userid`, `ts` in ms, `custom_params`) or Unity Gaming Services'
 *   event rows (`eventName`, `userID`, `eventTimestamp`, `eventParams`);
 *   the standard level events `level_start`, `level_complete`,
 *   `level_fail` and `level_quit` (a give-up), keyed by `level_name`, else
 *   `level_index`.
 * - **PlayFab** PlayStream events (`EventName`, `EntityId` or `PlayFabId`,
 *   `Timestamp` ISO 8601, the event's own fields at the top level or under
 *   `EventData`/`Payload`/`Body`). PlayFab has no standard level events:
 *   the names read are `level_started`, `level_completed`, `level_failed`
 *   and `level_quit`, keyed by `level` (or `Level`, `LevelId`, `level_name`).
 *
 * Every line that is not valid JSON, or a level event missing its player,
 * level or time, is a bad row with its line number.
 */
import { err, ok, type Result } from '../util/result';
import { MAX_IMPORT_SECONDS, ProblemList, type AttemptFormat, type ImportedAttempt, type ImportedFile, type ImportProblem } from './imported';

type Status = 'start' | 'complete' | 'fail' | 'quit';

/** One level event read from a line. */
interface LevelEvent {
  readonly line: number;
  readonly player: string;
  readonly level: string;
  readonly status: Status;
  /** Epoch ms. */
  readonly at: number;
}

/** What a line of one export says: a level event, an event to skip (another kind), or a problem. */
type Read = { kind: 'event'; event: LevelEvent } | { kind: 'other' } | { kind: 'bad'; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

/** A time as epoch ms: numbers in `unit`, or ISO / "YYYY-MM-DD hh:mm:ss" text (UTC unless it says otherwise). */
function timeOf(v: unknown, unit: 'ms' | 's'): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return unit === 's' ? v * 1000 : v;
  if (typeof v === 'string' && v.trim() !== '') {
    const t = v.trim();
    if (/^\d+(\.\d+)?$/.test(t)) return unit === 's' ? Number(t) * 1000 : Number(t);
    const iso = /^\d{4}-\d\d-\d\d[ T]\d/.test(t) ? `${t.replace(' ', 'T')}${/([zZ]|[+-]\d\d:?\d\d)$/.test(t) ? '' : 'Z'}` : t;
    const ms = Date.parse(iso);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

function missing(fields: Record<string, unknown>): string {
  const absent = Object.entries(fields).filter(([, v]) => v === null).map(([k]) => k);
  return `a level event needs ${absent.join(', ')}`;
}

function readGameAnalytics(json: unknown, line: number): Read {
  if (!isRecord(json) || !isRecord(json['data'])) return { kind: 'bad', message: 'expected a GameAnalytics event object with a "data" object' };
  const data = json['data'];
  if (data['category'] !== 'progression') return { kind: 'other' };
  const id = text(data['event_id']);
  if (id === null) return { kind: 'bad', message: 'a progression event needs data.event_id (e.g. "Start:world1:level03")' };
  const [statusText, ...parts] = id.split(':');
  const status = ({ start: 'start', complete: 'complete', fail: 'fail' } as Record<string, Status>)[(statusText ?? '').toLowerCase()];
  if (status === undefined) return { kind: 'bad', message: `data.event_id must start with Start, Complete or Fail, got "${id.slice(0, 60)}"` };
  const level = parts.length === 0 ? null : parts.join(':');
  const player = text(data['user_id']), at = timeOf(data['client_ts'], 's');
  if (level === null || player === null || at === null) return { kind: 'bad', message: missing({ 'a level in data.event_id': level, 'data.user_id': player, 'data.client_ts': at }) };
  return { kind: 'event', event: { line, player, level, status, at } };
}

const UNITY_STATUS: Record<string, Status> = { level_start: 'start', level_complete: 'complete', level_fail: 'fail', level_quit: 'quit' };

function readUnity(json: unknown, line: number): Read {
  if (!isRecord(json)) return { kind: 'bad', message: 'expected a Unity Analytics event object' };
  const name = text(json['eventName'] ?? json['name']);
  if (name === null) return { kind: 'bad', message: 'a Unity event needs "eventName" (or "name" in the legacy export)' };
  const status = UNITY_STATUS[name];
  if (status === undefined) return { kind: 'other' };
  const params = isRecord(json['eventParams']) ? json['eventParams'] : isRecord(json['custom_params']) ? json['custom_params'] : {};
  const level = text(params['level_name']) ?? text(params['level_index']);
  const player = text(json['userID'] ?? json['userid']);
  const at = json['eventTimestamp'] !== undefined ? timeOf(json['eventTimestamp'], 'ms') : timeOf(json['ts'], 'ms');
  if (level === null || player === null || at === null) return { kind: 'bad', message: missing({ 'level_name or level_index': level, 'userID (userid)': player, 'eventTimestamp (ts)': at }) };
  return { kind: 'event', event: { line, player, level, status, at } };
}

const PLAYFAB_STATUS: Record<string, Status> = { level_started: 'start', level_completed: 'complete', level_failed: 'fail', level_quit: 'quit' };

function readPlayFab(json: unknown, line: number): Read {
  if (!isRecord(json)) return { kind: 'bad', message: 'expected a PlayFab event object' };
  const name = text(json['EventName']);
  if (name === null) return { kind: 'bad', message: 'a PlayFab event needs "EventName"' };
  const status = PLAYFAB_STATUS[name];
  if (status === undefined) return { kind: 'other' };
  const body = [json, json['EventData'], json['Payload'], json['Body']].filter(isRecord);
  let level: string | null = null;
  for (const b of body) level ??= text(b['level']) ?? text(b['Level']) ?? text(b['LevelId']) ?? text(b['level_name']);
  const player = text(json['EntityId']) ?? text(json['PlayFabId']);
  const at = timeOf(json['Timestamp'], 'ms');
  if (level === null || player === null || at === null) return { kind: 'bad', message: missing({ 'level (or Level, LevelId, level_name)': level, 'EntityId (or PlayFabId)': player, Timestamp: at }) };
  return { kind: 'event', event: { line, player, level, status, at } };
}

const READERS: Record<'gameanalytics' | 'unity' | 'playfab', (json: unknown, line: number) => Read> = {
  gameanalytics: readGameAnalytics,
  unity: readUnity,
  playfab: readPlayFab,
};

/** Which export an event object comes from, or null. */
export function eventFormatOf(json: unknown): 'gameanalytics' | 'unity' | 'playfab' | null {
  if (!isRecord(json)) return null;
  if (isRecord(json['data']) && ('category' in json['data'] || 'event_id' in json['data'])) return 'gameanalytics';
  if ('EventName' in json) return 'playfab';
  if (('eventName' in json && ('userID' in json || 'eventParams' in json)) || ('name' in json && 'userid' in json)) return 'unity';
  return null;
}

/**
 * Pairs level events per player into attempts, in time order (ties in file
 * order). O(events log events).
 */
export function pairEvents(events: readonly LevelEvent[]): { attempts: ImportedAttempt[]; unclosedStarts: number; unpairedCloses: number } {
  const byPlayer = new Map<string, LevelEvent[]>();
  for (const e of events) {
    let list = byPlayer.get(e.player);
    if (list === undefined) byPlayer.set(e.player, (list = []));
    list.push(e);
  }
  const attempts: ImportedAttempt[] = [];
  let unclosedStarts = 0, unpairedCloses = 0;
  for (const [player, list] of byPlayer) {
    list.sort((a, b) => a.at - b.at || a.line - b.line);
    let open: LevelEvent | null = null;
    for (const e of list) {
      if (e.status === 'start') {
        // A new start while one is open: the open one was left (a give-up), timed to this event.
        if (open !== null) attempts.push(attemptOf(open, e, 'gaveup', player));
        open = e;
        continue;
      }
      if (open === null || open.level !== e.level) {
        if (open !== null) {
          attempts.push(attemptOf(open, e, 'gaveup', player));
          open = null;
        }
        unpairedCloses++;
        continue;
      }
      attempts.push(attemptOf(open, e, e.status === 'complete' ? 'solved' : e.status === 'fail' ? 'failed' : 'gaveup', player));
      open = null;
    }
    if (open !== null) unclosedStarts++;
  }
  attempts.sort((a, b) => a.line - b.line);
  return { attempts, unclosedStarts, unpairedCloses };
}

function attemptOf(start: LevelEvent, end: LevelEvent, outcome: ImportedAttempt['outcome'], player: string): ImportedAttempt {
  const seconds = Math.min(MAX_IMPORT_SECONDS, Math.max(0, (end.at - start.at) / 1000));
  return { line: end.line, level: start.level, player, outcome, seconds, trace: null, replay: false };
}

/**
 * Reads one analytics export (NDJSON). Any bad line refuses the file with
 * every bad line listed. O(lines log lines).
 */
export function parseEventExport(textIn: string, format: 'gameanalytics' | 'unity' | 'playfab'): Result<ImportedFile, ImportProblem[]> {
  const read = READERS[format];
  const problems = new ProblemList();
  const events: LevelEvent[] = [];
  let rows = 0, skipped = 0;
  const body = textIn.replace(/^\uFEFF/, '');
  let start = 0, line = 0;
  while (start <= body.length) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    line++;
    const raw = body.slice(start, end).trim();
    start = end + 1;
    if (raw === '') continue;
    rows++;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      problems.add(line, 'not valid JSON (the export has one event object a line)');
      continue;
    }
    const r = read(json, line);
    if (r.kind === 'bad') problems.add(line, r.message);
    else if (r.kind === 'other') skipped++;
    else events.push(r.event);
  }
  if (rows === 0) problems.add(1, 'the file has no events');
  if (problems.count > 0) return err(problems.done());
  const paired = pairEvents(events);
  const notes: string[] = [];
  if (skipped > 0) notes.push(`${skipped.toLocaleString('en-US')} event${skipped === 1 ? '' : 's'} of other kinds skipped`);
  if (paired.unclosedStarts > 0) notes.push(`${paired.unclosedStarts.toLocaleString('en-US')} level start${paired.unclosedStarts === 1 ? '' : 's'} with nothing after (cannot be timed)`);
  if (paired.unpairedCloses > 0) notes.push(`${paired.unpairedCloses.toLocaleString('en-US')} complete/fail event${paired.unpairedCloses === 1 ? '' : 's'} without a start of that level`);
  return ok({ format: format as AttemptFormat, attempts: paired.attempts, rows, notes });
}
