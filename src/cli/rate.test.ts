/**
 * `longcat rate` as SPEC §13 says: one line per level with the ten columns,
 * JSON objects with --json, every source read, a bad attempts file refused
 * with its lines and nothing printed. The counts are worked out by hand
 * from the fixture's rows.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test/support/cliRun';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const dir = 'test/fixtures/attempts';
const PACK = `${dir}/pack.json`;

describe('longcat rate', () => {
  it('one comma-separated line per level: counts from the attempts CSV, rating inside its interval, predicted as analyze gives it', async () => {
    const r = await runCli(['rate', PACK, '--attempts', `${dir}/attempts.csv`]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const rows = lines.map((l) => l.split(','));
    // one: ana solved in 4.5 s. two: ana failed (20 s) then solved (12.25 s): 32.25 s. three: ben gave up (61 s, "Three" by name) then solved (30 s, "3" by position): 91 s.
    expect(rows.map((c) => c.slice(0, 6))).toEqual([
      ['one', '1', '1', '1', '0', '4.5'],
      ['two', '2', '1', '1', '0', '32.25'],
      ['three', '2', '1', '1', '1', '91'],
    ]);
    const analyzed = (await runCli(['analyze', PACK])).stdout.trim().split('\n').map((l) => (JSON.parse(l) as { difficulty: number }).difficulty);
    rows.forEach((c, i) => {
      const [rating, low, high, predicted] = c.slice(6).map(Number);
      expect(low!).toBeLessThanOrEqual(rating!);
      expect(rating!).toBeLessThanOrEqual(high!);
      expect(predicted).toBeCloseTo(analyzed[i]!, 2);
    });
    expect(r.stderr).toMatch(/columns: id,attempts,players,solves,gaveUps,medianSeconds,rating,ratingLow,ratingHigh,predicted,status/);
    expect(r.stderr).toMatch(/level key "Three" -> three \(by name\)/);
  });

  it('--json: one object per level with exactly the SPEC columns; every source together', async () => {
    const files = ['attempts.csv', 'results.json', 'gameanalytics.ndjson', 'unity.ndjson', 'playfab.ndjson'].map((f) => `${dir}/${f}`);
    const r = await runCli(['rate', PACK, '--attempts', ...files, '--json']);
    expect(r.status).toBe(0);
    const objects = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects.map((o) => Object.keys(o))).toEqual(Array(3).fill(['id', 'attempts', 'players', 'solves', 'gaveUps', 'medianSeconds', 'rating', 'ratingLow', 'ratingHigh', 'predicted', 'status']));
    // Two or three players a level: every rating is provisional, and says so.
    expect(objects.map((o) => o['status'])).toEqual(['provisional', 'provisional', 'provisional']);
    // Attempts per level over the five fixtures (see importAttempts.test.ts): one 1+2+3+1+1 (csv, results incl. the replay, GA, Unity, PlayFab), two 2+0+2+1+1, three 2+1+0+1+0.
    expect(objects.map((o) => o['attempts'])).toEqual([8, 6, 4]);
    expect(r.stderr).toMatch(/GameAnalytics export \(progression events\), 5 attempts matched from 11 rows, timed by the client clock/);
    expect(r.stderr).toMatch(/PlayFab event export, 2 attempts matched from 5 rows, timed by the server receipt/);
  });

  it('a bad attempts file: its lines on stderr, exit 2, nothing on stdout; a wrong --format is refused', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'rate-'));
    const bad = join(tmp, 'bad.csv');
    writeFileSync(bad, 'level,player,outcome,seconds\none,a,solved,3\ntwo,b,won,4\nthree,,solved,5\n');
    const r = await runCli(['rate', PACK, '--attempts', `${dir}/attempts.csv`, bad]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/bad\.csv was not read \(2 problems; nothing was rated\): line 3: outcome must be solved, failed or gaveup, got "won"; line 4: player is empty/);
    const f = await runCli(['rate', PACK, '--attempts', `${dir}/attempts.csv`, '--format', 'excel']);
    expect(f.status).toBe(2);
    expect(f.stderr).toMatch(/--format must be one of csv, results, gameanalytics, unity, playfab, got "excel"/);
    const forced = await runCli(['rate', PACK, '--attempts', `${dir}/unity.ndjson`, '--format', 'playfab']);
    expect(forced.status).toBe(2);
  });

  it('the tables studios download rate exactly as the event streams of the same events', async () => {
    const pairs = [['unity.ndjson', 'unity-sql.csv'], ['unity.ndjson', 'unity-sql.ndjson'], ['playfab.ndjson', 'playfab-events-all.csv'], ['gameanalytics.ndjson', 'gameanalytics-warehouse.csv']];
    for (const [stream, table] of pairs) {
      const a = await runCli(['rate', PACK, '--attempts', `${dir}/${stream}`, '--json']);
      const b = await runCli(['rate', PACK, '--attempts', `${dir}/${table}`, '--json']);
      expect(a.status).toBe(0);
      expect(b.status, b.stderr).toBe(0);
      expect(b.stdout).toBe(a.stdout);
      // Some level was played in each (not two empty reports alike).
      expect(a.stdout).toMatch(/"attempts":[1-9]/);
    }
    const t = await runCli(['rate', PACK, '--attempts', `${dir}/playfab-events-all.csv`]);
    expect(t.stderr).toMatch(/PlayFab event export, 2 attempts matched from 5 rows, timed by the server receipt .*read as a table/);
  });

  it('the same attempt in two files counts once: the same file twice, and overlapping exports by start time', async () => {
    const once = await runCli(['rate', PACK, '--attempts', `${dir}/gameanalytics.ndjson`, '--json']);
    const twice = await runCli(['rate', PACK, '--attempts', `${dir}/gameanalytics.ndjson`, `${dir}/gameanalytics.ndjson`, '--json']);
    expect(twice.stdout).toBe(once.stdout);
    expect(twice.stderr).toMatch(/the same file as .*gameanalytics\.ndjson, counted once/);
    // The stream and its warehouse table are different bytes but the same attempts (player, level, start time).
    const both = await runCli(['rate', PACK, '--attempts', `${dir}/gameanalytics.ndjson`, `${dir}/gameanalytics-warehouse.csv`, '--json']);
    expect(both.stdout).toBe(once.stdout);
    expect(both.stderr).toMatch(/5 attempts given more than once \(same player, level and start time\) counted once/);
  });

  it('a key whose only tie to a level is a digit inside it (a cell name like A1) is reported, not matched', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'rate-'));
    const f = join(tmp, 'keys.csv');
    writeFileSync(f, 'level,player,outcome,seconds\nA1,a,solved,3\n"=cmd|\'/c calc\'!A1",b,solved,4\nlevel02,c,solved,5\n');
    const r = await runCli(['rate', PACK, '--attempts', f, '--json']);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/level key "A1" matches no pack level: 1 attempt left out/);
    expect(r.stderr).toMatch(/level key "=cmd\|'\/c calc'!A1" matches no pack level: 1 attempt left out/);
    expect(r.stderr).toMatch(/level key "level02" -> two by the number at its end \(a guess: give --map to be sure\)/);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { attempts: number }).attempts)).toEqual([0, 1, 0]);
  });
});
