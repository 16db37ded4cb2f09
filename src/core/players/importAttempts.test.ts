/**
 * Every attempts source against its fixture (test/fixtures/attempts, written
 * from each service's public export schema): the attempts each must give,
 * worked out by hand from the event times; detection; level matching; bad
 * rows listed with their lines, and a bad file gives nothing.
 */
import { describe, expect, it } from 'vitest';
import csvText from '../../../test/fixtures/attempts/attempts.csv?raw';
import gaText from '../../../test/fixtures/attempts/gameanalytics.ndjson?raw';
import packText from '../../../test/fixtures/attempts/pack.json?raw';
import playfabText from '../../../test/fixtures/attempts/playfab.ndjson?raw';
import resultsText from '../../../test/fixtures/attempts/results.json?raw';
import unityText from '../../../test/fixtures/attempts/unity.ndjson?raw';
import { forEachCsvRecord } from './csvRecords';
import { detectAttemptFormat, matchAttempts, parseLevelMap, readAttempts } from './importAttempts';
import type { ImportedAttempt } from './imported';

const FIXTURES: Record<string, string> = { 'attempts.csv': csvText, 'gameanalytics.ndjson': gaText, 'pack.json': packText, 'playfab.ndjson': playfabText, 'results.json': resultsText, 'unity.ndjson': unityText };
const fixture = (name: string): string => FIXTURES[name]!;
const pack = JSON.parse(fixture('pack.json')) as { levels: { id: string; name: string; rows: string[] }[] };
const brief = (a: ImportedAttempt) => ({ level: a.level, player: a.player, outcome: a.outcome, seconds: a.seconds, trace: a.trace });

describe('reading each source', () => {
  it('attempts CSV: columns by header, extra columns ignored, quoted fields, moves optional', () => {
    const r = readAttempts(fixture('attempts.csv'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.format).toBe('csv');
    expect(r.value.attempts.map(brief)).toEqual([
      { level: 'one', player: 'ana', outcome: 'solved', seconds: 4.5, trace: 'RD' },
      { level: 'two', player: 'ana', outcome: 'failed', seconds: 20, trace: 'LDR|' },
      { level: 'two', player: 'ana', outcome: 'solved', seconds: 12.25, trace: 'LDRUL' },
      { level: 'Three', player: 'ben', outcome: 'gaveup', seconds: 61, trace: 'RDL-' },
      { level: '3', player: 'ben', outcome: 'solved', seconds: 30, trace: null },
    ]);
    expect(r.value.attempts.map((a) => a.line)).toEqual([2, 3, 4, 5, 6]);
  });

  it('results file: one attempt per recorded attempt, with the grid, trace and replay flag', () => {
    const r = readAttempts(fixture('results.json'));
    expect(r.ok && r.value.format).toBe('results');
    if (!r.ok) return;
    expect(r.value.attempts.map((a) => ({ ...brief(a), replay: a.replay }))).toEqual([
      { level: 'renamed-one', player: 'p-fixture1', outcome: 'solved', seconds: 9.5, trace: 'R-|RD', replay: false },
      { level: 'renamed-one', player: 'p-fixture1', outcome: 'solved', seconds: 2, trace: 'RD', replay: true },
      { level: 'three', player: 'p-fixture1', outcome: 'gaveup', seconds: 40, trace: 'RD', replay: false },
    ]);
  });

  it('GameAnalytics: starts paired with the next complete/fail per user; a second start gives up the first; other categories skipped', () => {
    const r = readAttempts(fixture('gameanalytics.ndjson'));
    expect(r.ok && r.value.format).toBe('gameanalytics');
    if (!r.ok) return;
    // u1: 0 -> 12 complete; 20 -> 50 fail; 60 -> 85 complete. u2: 100 -> 140 (started again: gave up), 140 -> 150 complete; 160: never closed.
    expect(r.value.attempts.map(brief)).toEqual([
      { level: 'world1:level01', player: 'u1', outcome: 'solved', seconds: 12, trace: null },
      { level: 'world1:level02', player: 'u1', outcome: 'failed', seconds: 30, trace: null },
      { level: 'world1:level02', player: 'u1', outcome: 'solved', seconds: 25, trace: null },
      { level: 'world1:level01', player: 'u2', outcome: 'gaveup', seconds: 40, trace: null },
      { level: 'world1:level01', player: 'u2', outcome: 'solved', seconds: 10, trace: null },
    ]);
    expect(r.value.notes).toEqual(['1 event of other kinds skipped', '1 level start with nothing after (cannot be timed)']);
  });

  it('Unity Analytics: legacy custom events and UGS rows; level_quit is a give-up; level_name before level_index', () => {
    const r = readAttempts(fixture('unity.ndjson'));
    expect(r.ok && r.value.format).toBe('unity');
    if (!r.ok) return;
    expect(r.value.attempts.map(brief)).toEqual([
      { level: 'One', player: 'ua', outcome: 'solved', seconds: 7.5, trace: null },
      { level: '2', player: 'ua', outcome: 'gaveup', seconds: 45, trace: null },
      { level: 'Three', player: 'ub', outcome: 'failed', seconds: 15.25, trace: null },
    ]);
  });

  it('PlayFab: custom level events, the level at the top level or under EventData, EntityId or PlayFabId', () => {
    const r = readAttempts(fixture('playfab.ndjson'));
    expect(r.ok && r.value.format).toBe('playfab');
    if (!r.ok) return;
    expect(r.value.attempts.map(brief)).toEqual([
      { level: 'two', player: '7A1B2C3D4E5F6071', outcome: 'solved', seconds: 22.5, trace: null },
      { level: '1', player: '90FE', outcome: 'failed', seconds: 9, trace: null },
    ]);
  });
});

describe('matching level keys to the pack', () => {
  it('id, name, position, grid, the last part of an analytics key, a number in the key, and an explicit map', () => {
    const all = ['attempts.csv', 'results.json', 'gameanalytics.ndjson', 'unity.ndjson', 'playfab.ndjson'].flatMap((f) => {
      const r = readAttempts(fixture(f));
      return r.ok ? r.value.attempts : [];
    });
    const m = matchAttempts(all, pack.levels);
    const how = Object.fromEntries(m.keys.map((k) => [k.key, [k.level, k.by]]));
    expect(how).toMatchObject({
      one: [0, 'id'], two: [1, 'id'], Three: [2, 'name'], '3': [2, 'position'],
      'renamed-one': [0, 'grid'], three: [2, 'grid'],
      'world1:level01': [0, 'number in key'], 'world1:level02': [1, 'number in key'],
      One: [0, 'name'], '2': [1, 'position'], '1': [0, 'position'],
    });
    expect(m.unmatched).toBe(0);
    const mapped = matchAttempts(all, pack.levels, new Map([['world1:level02', 'three']]));
    expect(mapped.keys.find((k) => k.key === 'world1:level02')).toMatchObject({ level: 2, by: 'map' });
    const none = matchAttempts([{ line: 1, level: 'nowhere', player: 'x', outcome: 'solved', seconds: 1, trace: null, replay: false }], pack.levels);
    expect(none).toMatchObject({ attempts: [], unmatched: 1, keys: [{ key: 'nowhere', level: null, by: null, attempts: 1 }] });
  });

  it('a level map file: key,level rows, bad rows with their lines', () => {
    expect(parseLevelMap('key,level\nworld1:a,one\n\nw:b,3\n')).toEqual({ ok: true, value: new Map([['world1:a', 'one'], ['w:b', '3']]) });
    expect(parseLevelMap('a,one\nb\n')).toMatchObject({ ok: false, error: [{ line: 2 }] });
  });
});

describe('bad files', () => {
  it('attempts CSV: every bad row with its line, and nothing read', () => {
    const text = 'level,player,outcome,seconds\none,a,solved,3\n,a,solved,3\ntwo,b,won,3\ntwo,b,solved,-1\ntwo,b\n"open,quote\n';
    const r = readAttempts(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((p) => p.line)).toEqual([3, 4, 5, 6, 7]);
    expect(r.error[0]!.message).toMatch(/level is empty/);
    expect(r.error[1]!.message).toMatch(/outcome must be solved, failed or gaveup, got "won"/);
    expect(r.error[2]!.message).toMatch(/seconds must be a number/);
    expect(r.error[3]!.message).toMatch(/expected 4 fields/);
    expect(r.error[4]!.message).toMatch(/never closed/);
    expect(readAttempts('level,player,seconds\n').ok).toBe(false);
    expect(readAttempts('level,player,outcome,seconds,moves\none,a,solved,3,RDX\n')).toMatchObject({ ok: false, error: [{ line: 2, message: expect.stringMatching(/moves may hold only/) }] });
  });

  it('event exports: a line that is not JSON or an event missing its player is listed; the file gives nothing', () => {
    const lines = fixture('gameanalytics.ndjson').trim().split('\n');
    lines.splice(2, 0, '{"data": {"category": "progression", "event_id": "Start:w:l1", "client_ts": 5}}', 'not json');
    const r = readAttempts(lines.join('\n'), 'gameanalytics');
    expect(r).toMatchObject({ ok: false, error: [{ line: 3, message: expect.stringMatching(/data\.user_id/) }, { line: 4, message: expect.stringMatching(/not valid JSON/) }] });
    expect(readAttempts('{"EventName":"level_started","Timestamp":"2023-11-14T22:13:20Z","level":"1"}', 'playfab')).toMatchObject({ ok: false, error: [{ line: 1, message: expect.stringMatching(/EntityId/) }] });
  });

  it('detection says what it is, or refuses with the formats it reads', () => {
    expect(['attempts.csv', 'results.json', 'gameanalytics.ndjson', 'unity.ndjson', 'playfab.ndjson'].map((f) => detectAttemptFormat(fixture(f)))).toEqual(['csv', 'results', 'gameanalytics', 'unity', 'playfab']);
    expect(readAttempts('hello')).toMatchObject({ ok: false, error: [{ line: 1, message: expect.stringMatching(/not a format this reads/) }] });
  });
});

describe('RFC 4180 records', () => {
  it('quoted commas, doubled quotes and line breaks; CRLF; the line each record starts on', () => {
    const seen: [string[], number][] = [];
    const problems = forEachCsvRecord('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\n\nlast,', (f, line) => seen.push([f, line]));
    expect(problems).toEqual([]);
    expect(seen).toEqual([
      [['a', 'b'], 1],
      [['x, y', 'say "hi"'], 2],
      [['two\nlines', 'z'], 3],
      [['last', ''], 6],
    ]);
  });
});

describe('moves checked against the matched level', () => {
  it('moves that do not replay, or whose end contradicts the outcome, are bad rows with their lines', async () => {
    const { traceProblems } = await import('./importAttempts');
    const r = readAttempts('level,player,outcome,seconds,moves\none,a,solved,3,RD\none,a,solved,3,R\none,b,gaveup,3,U\ntwo,c,failed,4,LDR|\nnowhere,d,solved,1,UUU\n');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(traceProblems(r.value.attempts, pack.levels)).toEqual([
      { line: 3, message: 'the moves on level "one" do not win it but the outcome is solved' },
      { line: 4, message: 'the moves on level "one" do not replay: move U at position 1 is blocked' },
    ]);
    for (const f of ['attempts.csv', 'results.json']) {
      const ok = readAttempts(fixture(f));
      expect(ok.ok && traceProblems(ok.value.attempts, pack.levels)).toEqual([]);
    }
  });
});
