/**
 * Reading a piece at a time changes nothing: every fixture read in pieces
 * of 1 to 97 characters (cut inside quoted fields, CRLFs, JSON strings and
 * the first line the format is detected from) gives the same attempts,
 * rows, notes and problems as the whole text read at once. The tables are
 * detected from their headers.
 */
import { describe, expect, it } from 'vitest';
import csvText from '../../../test/fixtures/attempts/attempts.csv?raw';
import gaTableText from '../../../test/fixtures/attempts/gameanalytics-warehouse.csv?raw';
import gaText from '../../../test/fixtures/attempts/gameanalytics.ndjson?raw';
import playfabTableText from '../../../test/fixtures/attempts/playfab-events-all.csv?raw';
import playfabText from '../../../test/fixtures/attempts/playfab.ndjson?raw';
import resultsText from '../../../test/fixtures/attempts/results.json?raw';
import unitySqlText from '../../../test/fixtures/attempts/unity-sql.csv?raw';
import unitySqlLines from '../../../test/fixtures/attempts/unity-sql.ndjson?raw';
import unityText from '../../../test/fixtures/attempts/unity.ndjson?raw';
import { createRng } from '../util/rng';
import { createAttemptReader, detectAttemptFormat, readAttemptsText } from './attemptReader';
import type { ImportedAttempt } from './imported';

const TEXTS: Record<string, string> = {
  'attempts.csv': csvText, 'results.json': resultsText, 'gameanalytics.ndjson': gaText, 'unity.ndjson': unityText, 'playfab.ndjson': playfabText,
  'unity-sql.csv': unitySqlText, 'unity-sql.ndjson': unitySqlLines, 'playfab-events-all.csv': playfabTableText, 'gameanalytics-warehouse.csv': gaTableText,
};
const FIXTURES = Object.keys(TEXTS);

function inPieces(text: string, seed: number): ReturnType<typeof readAttemptsText> {
  const rng = createRng(seed);
  const attempts: ImportedAttempt[] = [];
  const reader = createAttemptReader(null, (a) => attempts.push(a));
  for (let at = 0; at < text.length; ) {
    const size = 1 + rng.int(97);
    reader.push(text.slice(at, at + size));
    at += size;
  }
  const r = reader.end();
  return r.ok ? { ok: true, value: { ...r.value, attempts } } : r;
}

describe('reading attempts a piece at a time', () => {
  it('every fixture, cut at random places, reads as the whole text does', () => {
    for (const f of FIXTURES) {
      const text = TEXTS[f]!;
      const whole = readAttemptsText(text);
      expect(whole.ok, f).toBe(true);
      for (const seed of [1, 2, 3]) expect(inPieces(text, seed), `${f} seed ${seed}`).toEqual(whole);
      // CRLF line ends and a byte-order mark read the same too.
      expect(inPieces(`\uFEFF${text.replace(/\n/g, '\r\n')}`, 4), `${f} CRLF`).toEqual(readAttemptsText(`\uFEFF${text.replace(/\n/g, '\r\n')}`));
    }
  });

  it('bad rows are listed with the same lines whole or in pieces', () => {
    const bad = 'level,player,outcome,seconds\none,a,solved,3\n"two\nlines",b,won,4\nthree,,solved,5\n"open,c,solved,1\n';
    const whole = readAttemptsText(bad);
    expect(whole.ok).toBe(false);
    expect(inPieces(bad, 5)).toEqual(whole);
    expect(whole).toMatchObject({ error: [{ line: 3 }, { line: 5 }, { line: 6 }] });
  });

  it('each table is told by its header', () => {
    expect(FIXTURES.map((f) => detectAttemptFormat(TEXTS[f]!))).toEqual(['csv', 'results', 'gameanalytics', 'unity', 'playfab', 'unity', 'unity', 'playfab', 'gameanalytics']);
  });
});
