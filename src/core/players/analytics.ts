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
import { MAX_IMPORT_SECONDS, ProblemList, timeOf, type AttemptClock, type AttemptFormat, type ImportedAttempt, type ImportedFile, type ImportProblem } from './imported';

type Status = 'start' | 'complete' | 'fail' | 'quit';

/** One level event read from a line. */
export interface LevelEvent {
  readonly line: number;
  readonly player: string;
  readonly level: string;
  readonly status: Status;
  /** Epoch ms. */
  readonly at: number;
}

/** What a line of one export says: a level event, an event to skip (another kind), or a problem. */
export type Read = { kind: 'event'; event: LevelEvent } | { kind: 'other' } | { kind: 'bad'; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A table's JSON column: an object as it is, JSON text parsed; undefined when absent or empty, 'bad' when not an object. */
function jsonObject(v: unknown): Record<string, unknown> | undefined | 'bad' {
  if (v === undefined || v === null || v === '') return undefined;
  if (isRecord(v)) return v;
  if (typeof v !== 'string') return 'bad';
  try {
    const parsed: unknown = JSON.parse(v);
    return isRecord(parsed) ? parsed : 'bad';
  } catch {
    return 'bad';
  }
}
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

function missing(fields: Record<string, unknown>): string {
  const absent = Object.entries(fields).filter(([, v]) => v === null).map(([k]) => k);
  return `a level event needs ${absent.join(', ')}`;
}

function readGameAnalytics(json: unknown, line: number): Read {
  if (isRecord(json) && 'progression_status' in json) return readGameAnalyticsRow(json, line);
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

/** A row of GameAnalytics' warehouse progression table (progression_status, progression_1..3, user_id, event_client_ts). */
function readGameAnalyticsRow(row: Record<string, unknown>, line: number): Read {
  const statusText = text(row['progression_status']);
  const status = statusText === null ? undefined : ({ start: 'start', complete: 'complete', fail: 'fail' } as Record<string, Status>)[statusText.toLowerCase()];
  if (status === undefined) return { kind: 'bad', message: `progression_status must be Start, Complete or Fail, got "${(statusText ?? '').slice(0, 60)}"` };
  const parts = ['progression_1', 'progression_2', 'progression_3'].map((k) => text(row[k])).filter((p): p is string => p !== null);
  const level = parts.length === 0 ? null : parts.join(':');
  const player = text(row['user_id'] ?? row['USER_ID']), at = timeOf(row['event_client_ts'], 's');
  if (level === null || player === null || at === null) return { kind: 'bad', message: missing({ 'progression_1': level, user_id: player, event_client_ts: at }) };
  return { kind: 'event', event: { line, player, level, status, at } };
}

const UNITY_STATUS: Record<string, Status> = { level_start: 'start', level_complete: 'complete', level_fail: 'fail', level_quit: 'quit' };

function readUnity(json: unknown, line: number): Read {
  if (!isRecord(json)) return { kind: 'bad', message: 'expected a Unity Analytics event object' };
  const name = text(json['eventName'] ?? json['name'] ?? json['EVENT_NAME']);
  if (name === null) return { kind: 'bad', message: 'a Unity event needs "eventName" ("name" in the legacy export, EVENT_NAME in SQL Data Explorer rows)' };
  const status = UNITY_STATUS[name];
  if (status === undefined) return { kind: 'other' };
  const sqlParams = jsonObject(json['EVENT_JSON']);
  if (sqlParams === 'bad') return { kind: 'bad', message: 'EVENT_JSON is not a JSON object' };
  const params = isRecord(json['eventParams']) ? json['eventParams'] : isRecord(json['custom_params']) ? json['custom_params'] : sqlParams ?? {};
  const level = text(params['level_name']) ?? text(params['level_index']);
  const player = text(json['userID'] ?? json['userid'] ?? json['USER_ID']);
  const stamp = json['eventTimestamp'] ?? json['EVENT_TIMESTAMP'];
  const at = stamp !== undefined ? timeOf(stamp, 'ms') : timeOf(json['ts'], 'ms');
  if (level === null || player === null || at === null) return { kind: 'bad', message: missing({ 'level_name or level_index': level, 'userID (userid, USER_ID)': player, 'eventTimestamp (ts, EVENT_TIMESTAMP)': at }) };
  return { kind: 'event', event: { line, player, level, status, at } };
}

const PLAYFAB_STATUS: Record<string, Status> = { level_started: 'start', level_completed: 'complete', level_failed: 'fail', level_quit: 'quit' };

function readPlayFab(json: unknown, line: number): Read {
  if (!isRecord(json)) return { kind: 'bad', message: 'expected a PlayFab event object' };
  const name = text(json['EventName'] ?? json['FullName_Name']);
  if (name === null) return { kind: 'bad', message: 'a PlayFab event needs "EventName" (FullName_Name in events.all)' };
  const status = PLAYFAB_STATUS[name];
  if (status === undefined) return { kind: 'other' };
  const data = jsonObject(json['EventData']);
  if (data === 'bad') return { kind: 'bad', message: 'EventData is not a JSON object' };
  const body = [json, data, json['Payload'], json['Body']].filter(isRecord);
  let level: string | null = null;
  for (const b of body) level ??= text(b['level']) ?? text(b['Level']) ?? text(b['LevelId']) ?? text(b['level_name']);
  const player = text(json['EntityId']) ?? text(json['PlayFabId']) ?? text(json['Entity_Id']);
  const at = timeOf(json['Timestamp'], 'ms');
  if (level === null || player === null || at === null) return { kind: 'bad', message: missing({ 'level (or Level, LevelId, level_name)': level, 'EntityId (or PlayFabId, Entity_Id)': player, Timestamp: at }) };
  return { kind: 'event', event: { line, player, level, status, at } };
}

export const READERS: Record<'gameanalytics' | 'unity' | 'playfab', (json: unknown, line: number) => Read> = {
  gameanalytics: readGameAnalytics,
  unity: readUnity,
  playfab: readPlayFab,
};

/** Which export an event object comes from, or null. */
export function eventFormatOf(json: unknown): 'gameanalytics' | 'unity' | 'playfab' | null {
  if (!isRecord(json)) return null;
  if (isRecord(json['data']) && ('category' in json['data'] || 'event_id' in json['data'])) return 'gameanalytics';
  if ('progression_status' in json && 'user_id' in json) return 'gameanalytics';
  if ('EventName' in json || ('FullName_Name' in json && 'Entity_Id' in json)) return 'playfab';
  if (('eventName' in json && ('userID' in json || 'eventParams' in json)) || ('name' in json && 'userid' in json) || ('EVENT_NAME' in json && 'USER_ID' in json)) return 'unity';
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
  return { line: end.line, level: start.level, player, outcome, seconds, trace: null, replay: false, startedAt: start.at };
}

/** Which clock an export's times come from: PlayFab stamps an event when its server receives it; the others send the device's clock. */
export function clockOf(format: 'gameanalytics' | 'unity' | 'playfab'): AttemptClock {
  return format === 'playfab' ? 'server receipt' : 'client clock';
}

/**
 * Collects one export's level events, a row at a time (a JSON line or a
 * table row as an object), and pairs them at the end. `add` takes the row
 * and its line; `done` gives the attempts (handed to `onAttempt`) or every
 * bad row. O(rows log rows); the events are held until the end (pairing
 * needs each player's events in time order).
 */
export function createEventCollector(format: 'gameanalytics' | 'unity' | 'playfab', problems: ProblemList, onAttempt: (a: ImportedAttempt) => void): { add(row: unknown, line: number): void; done(container: 'lines' | 'table'): Result<ImportedFile, ImportProblem[]> } {
  const read = READERS[format];
  const events: LevelEvent[] = [];
  let rows = 0, skipped = 0;
  return {
    add(row, line) {
      rows++;
      const r = read(row, line);
      if (r.kind === 'bad') problems.add(line, r.message);
      else if (r.kind === 'other') skipped++;
      else events.push(r.event);
    },
    done(container) {
      if (rows === 0) problems.add(1, 'the file has no events');
      if (problems.count > 0) return err(problems.done());
      const paired = pairEvents(events);
      events.length = 0;
      for (const a of paired.attempts) onAttempt(a);
      const notes: string[] = [];
      if (container === 'table') notes.push('read as a table');
      if (skipped > 0) notes.push(`${skipped.toLocaleString('en-US')} event${skipped === 1 ? '' : 's'} of other kinds skipped`);
      if (paired.unclosedStarts > 0) notes.push(`${paired.unclosedStarts.toLocaleString('en-US')} level start${paired.unclosedStarts === 1 ? '' : 's'} with nothing after (cannot be timed)`);
      if (paired.unpairedCloses > 0) notes.push(`${paired.unpairedCloses.toLocaleString('en-US')} complete/fail event${paired.unpairedCloses === 1 ? '' : 's'} without a start of that level`);
      return ok({ format: format as AttemptFormat, attempts: [], rows, notes, clock: clockOf(format) });
    },
  };
}
