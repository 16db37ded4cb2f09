/**
 * The level text format (SPEC §2): the shared level sets parse, every kind of
 * error points at the right line and column with a readable sentence, no
 * input makes the parser throw, and format/parse round-trips.
 *
 * Expected values come from the data files read by hand (test/support/
 * dataText.ts splits them without the parser) and from levels built cell by
 * cell here, never from running the parser.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_FILES, loadDataLevels, sharedDataMissing } from '../../../test/support/levels';
import { readDataText, splitDataBlocks } from '../../../test/support/dataText';
import { describeParseError, formatLevel, formatLevels, parseLevel, parseLevels, parseRows, type ParseError } from './format';
import { CELL_EMPTY, CELL_WALL, levelKey, levelsEqual, toRows, type Level } from './level';

/** A level built cell by cell from `.#C` rows, without the parser. */
function handLevel(rows: readonly string[], name?: string): Level {
  const width = rows[0]!.length, height = rows.length;
  const cells = new Uint8Array(width * height);
  let head = -1;
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      if (row[x] === '#') cells[y * width + x] = CELL_WALL;
      if (row[x] === 'C') head = y * width + x;
    }
  });
  return name !== undefined ? { width, height, cells, head, name } : { width, height, cells, head };
}

/** The error of a parse that must fail. */
function errorOf(text: string): ParseError {
  const r = parseLevels(text);
  if (r.ok) throw new Error(`expected an error for ${JSON.stringify(text)}`);
  return r.error;
}

/** A sentence a designer can read: not empty, no leaked internals. */
function expectReadable(message: string): void {
  expect(message.length).toBeGreaterThan(10);
  expect(message).not.toMatch(/undefined|NaN|\[object|null/);
}

describe.skipIf(sharedDataMissing)('the shared level sets', () => {
  const expectedCounts: Record<(typeof DATA_FILES)[number], number> = {
    'longcat-arduboy.txt': 101,
    'longcat-binswing-52.txt': 52,
  };

  it.each(DATA_FILES)('%s parses, with the level count, names and cells of the file', (file) => {
    const levels = loadDataLevels(file);
    const blocks = splitDataBlocks(readDataText(file));
    expect(levels).toHaveLength(expectedCounts[file]);
    expect(blocks).toHaveLength(expectedCounts[file]);
    levels.forEach((level, i) => {
      const block = blocks[i]!;
      expect(block.name, `block ${i}`).toMatch(/^(arduboy|binswing)-\d+$/);
      expect(level.name).toBe(block.name);
      expect(toRows(level), level.name).toEqual(block.rows);
      expect(levelsEqual(level, handLevel(block.rows))).toBe(true);
    });
  });

  it('reads two levels exactly as drawn', () => {
    // arduboy-001: a 3x3 open room in the middle of an 8x8 wall block, head at
    // x=3, y=3 -> index 3 * 8 + 3 = 27; 9 open cells, 55 walls.
    const a1 = loadDataLevels('longcat-arduboy.txt')[0]!;
    expect(a1).toMatchObject({ name: 'arduboy-001', width: 8, height: 8, head: 27 });
    expect(a1.cells.reduce((n, c) => n + c, 0)).toBe(55);
    // binswing-01: 3x3 all empty, head in the centre (index 4).
    const b1 = loadDataLevels('longcat-binswing-52.txt')[0]!;
    expect(b1).toStrictEqual({ width: 3, height: 3, cells: new Uint8Array(9), head: 4, name: 'binswing-01' });
  });

  it.each(DATA_FILES)('%s survives formatLevels -> parseLevels unchanged', (file) => {
    const levels = loadDataLevels(file);
    const again = parseLevels(formatLevels(levels));
    expect(again.ok && again.value).toStrictEqual(levels);
  });
});

describe('parse errors point at the problem', () => {
  it('ragged rows: the line of the bad row, the column just past the common width', () => {
    // Row 2 has 2 cells: the first missing cell is column 3.
    expect(errorOf('C..\n..\n...')).toMatchObject({ line: 2, column: 3 });
    // Row 3 has 4 cells: the first extra cell is column 4.
    expect(errorOf('C..\n...\n....')).toMatchObject({ line: 3, column: 4 });
    // After a name line and an earlier level the line numbers still count from the top of the text.
    const e = errorOf('...\n.C.\n...\n\n; second\nC...\n....\n...\n....');
    expect(e).toMatchObject({ line: 8, column: 4 });
    expect(e.message).toMatch(/row 3 has 3 cells but row 1 has 4/);
    expect(e.message).toMatch(/same width/);
    expectReadable(e.message);
  });

  it("unknown character: 'x' at line 3, column 2", () => {
    const e = errorOf('C..\n...\n.x.');
    expect(e).toMatchObject({ line: 3, column: 2 });
    expect(e.message).toContain('"x"');
    expect(e.message).toMatch(/'\.'.*'#'.*'C'/);
    expectReadable(e.message);
  });

  it('unknown character: a tab inside a row is named as a tab', () => {
    const e = errorOf('C..\n.\t.\n...');
    expect(e).toMatchObject({ line: 2, column: 2 });
    expect(e.message).toContain('a tab');
    expectReadable(e.message);
  });

  it('unknown character: a leading space is not silently dropped', () => {
    expect(errorOf('C..\n ..\n...')).toMatchObject({ line: 2, column: 1 });
  });

  it('no head: the first row of the level, whole-level error (column 0)', () => {
    expect(errorOf('...\n...\n...')).toMatchObject({ line: 1, column: 0 });
    const e = errorOf('C..\n...\n...\n\n; headless\n...\n...\n...');
    expect(e).toMatchObject({ line: 6, column: 0 });
    expect(e.message).toMatch(/no head/);
    expectReadable(e.message);
  });

  it('two heads: points at the second and names where the first is', () => {
    const e = errorOf('.C.\n...\n..C');
    expect(e).toMatchObject({ line: 3, column: 3 });
    expect(e.message).toMatch(/second head/);
    expect(e.message).toMatch(/row 1, column 2/);
    expectReadable(e.message);
  });

  it('too small: 2x3 and 3x2', () => {
    const narrow = errorOf('C.\n..\n..');
    expect(narrow).toMatchObject({ line: 1, column: 0 });
    expect(narrow.message).toMatch(/2x3/);
    expect(narrow.message).toMatch(/between 3 and 16/);
    expect(errorOf('C..\n...').message).toMatch(/3x2/);
  });

  it('too large: 17 wide or 17 tall', () => {
    const wide = errorOf(['C' + '.'.repeat(16), '.'.repeat(17), '.'.repeat(17)].join('\n'));
    expect(wide).toMatchObject({ line: 1, column: 0 });
    expect(wide.message).toMatch(/17x3/);
    expectReadable(wide.message);
    const tall = errorOf(['; tall', 'C..', ...Array<string>(16).fill('...')].join('\n'));
    expect(tall).toMatchObject({ line: 2, column: 0 });
    expect(tall.message).toMatch(/3x17/);
    // 16x16 is the largest allowed size.
    const max = parseLevel(['C' + '.'.repeat(15), ...Array<string>(15).fill('#'.repeat(16))].join('\n'));
    expect(max.ok && [max.value.width, max.value.height]).toEqual([16, 16]);
  });

  it('a name line inside a level', () => {
    const e = errorOf('C..\n; oops\n...\n...');
    expect(e).toMatchObject({ line: 2, column: 1 });
    expect(e.message).toMatch(/name line/);
    expectReadable(e.message);
  });

  it('a name line with no rows after it', () => {
    const e = errorOf('C..\n...\n...\n\n; lonely\n\n');
    expect(e).toMatchObject({ line: 5, column: 0 });
    expect(e.message).toContain('lonely');
  });

  it('empty input: no levels for parseLevels, an error for parseLevel', () => {
    for (const text of ['', '\n', '\n  \n\t\n', '\r\n\r\n']) {
      const all = parseLevels(text);
      expect(all.ok && all.value).toEqual([]);
      const one = parseLevel(text);
      expect(one.ok).toBe(false);
      if (!one.ok) {
        expect(one.error.line).toBe(1);
        expect(one.error.message).toMatch(/expected one level but found 0/);
      }
    }
    const two = parseLevel('C..\n...\n...\n\n...\n.C.\n...');
    expect(!two.ok && two.error.message).toMatch(/found 2/);
  });

  it('parseRows on no rows is an error, not a throw', () => {
    const r = parseRows([]);
    expect(r.ok).toBe(false);
  });

  it('accepts Windows line endings and trailing spaces', () => {
    const expected = [handLevel(['C.#', '...', '#..'], 'crlf'), handLevel(['...', '.C.', '...'])];
    const text = '; crlf  \r\nC.#  \r\n...\t\r\n#.. \r\n\r\n...\r\n.C.\r\n...\r\n';
    const r = parseLevels(text);
    expect(r.ok && r.value).toStrictEqual(expected);
    const one = parseLevel('C.# \r\n...\r\n#..');
    expect(one.ok && one.value).toStrictEqual(handLevel(['C.#', '...', '#..']));
  });

  // A file saved with a BOM (Windows Notepad; the CLI reads files with
  // readFileSync(file, 'utf8'), which keeps it) must parse like one without.
  it('ignores a byte-order mark at the start of the text, as it does before a name line', () => {
    const named = parseLevels('\ufeff; n\nC..\n...\n...');
    expect(named.ok && named.value).toStrictEqual([handLevel(['C..', '...', '...'], 'n')]);
    const unnamed = parseLevels('\ufeffC..\n...\n...');
    expect(unnamed.ok && unnamed.value).toStrictEqual([handLevel(['C..', '...', '...'])]);
  });

  // Cells are characters, not UTF-16 units: an emoji is one unknown cell,
  // reported at its own column with the character the designer typed.
  it('reports a character outside the BMP as one unknown character at its column', () => {
    const e = errorOf('C..\n😀..\n...');
    expect(e).toMatchObject({ line: 2, column: 1 });
    expect(e.message).toContain('😀');
  });

  it('describeParseError writes the position', () => {
    expect(describeParseError({ line: 3, column: 2, message: 'bad' })).toBe('line 3, column 2: bad');
    expect(describeParseError({ line: 4, column: 0, message: 'bad' })).toBe('line 4: bad');
  });
});

// ---------------------------------------------------------------- properties

const nameArb = fc
  .string({ unit: 'grapheme', maxLength: 30 })
  .map((s) => s.replace(/[\r\n]/g, '').trim());

/** A valid level: 3..16 a side, walls and empties, one head, optional trimmed one-line name. */
const levelArb: fc.Arbitrary<Level> = fc
  .record({ width: fc.integer({ min: 3, max: 16 }), height: fc.integer({ min: 3, max: 16 }) })
  .chain(({ width, height }) =>
    fc.record({
      walls: fc.array(fc.boolean(), { minLength: width * height, maxLength: width * height }),
      head: fc.nat(width * height - 1),
      name: fc.option(nameArb, { nil: undefined }),
    }).map(({ walls, head, name }): Level => {
      const cells = Uint8Array.from(walls, (w, i) => (w && i !== head ? CELL_WALL : CELL_EMPTY));
      return name !== undefined ? { width, height, cells, head, name } : { width, height, cells, head };
    }),
  );

/** Lines of a text as a designer's editor shows them (LF or CRLF). */
const linesOf = (text: string): string[] => text.split('\n').map((l) => l.replace(/\r$/, ''));

/**
 * Parses and checks the contract of the result: no throw; success gives valid
 * levels; an error has a position inside the text and a sentence.
 */
function checkParse(text: string): 'ok' | 'error' {
  let r!: ReturnType<typeof parseLevels>;
  expect(() => {
    r = parseLevels(text);
  }).not.toThrow();
  expect(() => parseLevel(text)).not.toThrow();
  const lines = linesOf(text);
  if (r.ok) {
    for (const level of r.value) {
      expect(level.width).toBeGreaterThanOrEqual(3);
      expect(level.width).toBeLessThanOrEqual(16);
      expect(level.height).toBeGreaterThanOrEqual(3);
      expect(level.height).toBeLessThanOrEqual(16);
      expect(level.cells).toHaveLength(level.width * level.height);
      expect(level.cells[level.head]).toBe(CELL_EMPTY);
      expect(toRows(level).join('').split('C')).toHaveLength(2);
    }
    // What parsed once parses again to the same levels.
    const again = parseLevels(formatLevels(r.value));
    expect(again.ok && again.value.map(levelKey)).toEqual(r.value.map(levelKey));
    return 'ok';
  }
  const { line, column, message } = r.error;
  expect(Number.isInteger(line) && line >= 1).toBe(true);
  expect(line).toBeLessThanOrEqual(lines.length);
  expect(Number.isInteger(column) && column >= 0).toBe(true);
  if (column > 0) expect(column).toBeLessThanOrEqual(lines[line - 1]!.length + 1);
  expect(typeof message).toBe('string');
  expect(message.trim().length).toBeGreaterThan(0);
  if (message.startsWith('unknown character')) expect('.#C').not.toContain(lines[line - 1]![column - 1]);
  return 'error';
}

/** Valid level texts with one random edit (insert, delete or replace a character). */
const nearlyValidText = fc
  .tuple(
    fc.array(levelArb, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('\n', '\r\n'),
    fc.nat(),
    fc.constantFrom('insert', 'delete', 'replace', 'none'),
    fc.constantFrom('.', '#', 'C', '\n', ' ', ';', 'x', '\r', '\t', '\n\n'),
  )
  .map(([levels, eol, at, edit, ch]) => {
    const text = formatLevels(levels).replace(/\n/g, eol);
    const i = at % (text.length + 1);
    if (edit === 'insert') return text.slice(0, i) + ch + text.slice(i);
    if (edit === 'delete') return text.slice(0, i) + text.slice(i + 1);
    if (edit === 'replace') return text.slice(0, i) + ch + text.slice(i + 1);
    return text;
  });

describe('parser properties (fast-check)', () => {
  it('never throws; errors are inside the text and readable', () => {
    const outcomes = { ok: 0, error: 0 };
    const count = (text: string): void => {
      outcomes[checkParse(text)]++;
    };
    fc.assert(fc.property(fc.string({ maxLength: 200 }), count), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), count), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 100 }), count), { numRuns: 300 });
    const alphabet = fc.constantFrom('.', '#', 'C', '\n', ' ', ';', 'x', '\r', '\t');
    fc.assert(fc.property(fc.string({ unit: alphabet, maxLength: 300 }), count), { numRuns: 500 });
    fc.assert(fc.property(nearlyValidText, count), { numRuns: 500 });
    // Both outcomes were exercised (the near-valid texts succeed often).
    expect(outcomes.ok).toBeGreaterThan(50);
    expect(outcomes.error).toBeGreaterThan(500);
  });

  it('parseLevel(formatLevel(level)) is the level', () => {
    fc.assert(
      fc.property(levelArb, (level) => {
        const r = parseLevel(formatLevel(level));
        expect(r.ok && r.value).toStrictEqual(level);
      }),
      { numRuns: 300 },
    );
  });

  it('parseLevels(formatLevels(list)) is the list', () => {
    fc.assert(
      fc.property(fc.array(levelArb, { maxLength: 5 }), (levels) => {
        const r = parseLevels(formatLevels(levels));
        expect(r.ok && r.value).toStrictEqual(levels);
      }),
      { numRuns: 150 },
    );
  });

  it('levelKey(a) === levelKey(b) exactly when toRows(a) equals toRows(b)', () => {
    /** b from a: same content other name, one cell flipped, head moved, transposed size, or unrelated. */
    const pair = fc
      .tuple(levelArb, levelArb, fc.nat(), fc.integer({ min: 0, max: 4 }))
      .map(([a, other, at, how]): [Level, Level] => {
        const i = at % a.cells.length;
        if (how === 0) return [a, { ...a, cells: a.cells.slice(), name: 'another name' }];
        if (how === 1) {
          const cells = a.cells.slice();
          if (i !== a.head) cells[i] = cells[i] === CELL_WALL ? CELL_EMPTY : CELL_WALL;
          return [a, { ...a, cells }];
        }
        if (how === 2) {
          const cells = a.cells.slice();
          cells[i] = CELL_EMPTY;
          return [a, { ...a, cells, head: i }];
        }
        if (how === 3) return [a, { ...a, width: a.height, height: a.width }];
        return [a, other];
      });
    const seen = { equal: 0, different: 0 };
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const sameRows = JSON.stringify(toRows(a)) === JSON.stringify(toRows(b));
        expect(levelKey(a) === levelKey(b)).toBe(sameRows);
        expect(levelsEqual(a, b)).toBe(sameRows);
        seen[sameRows ? 'equal' : 'different']++;
      }),
      { numRuns: 400 },
    );
    expect(seen.equal).toBeGreaterThan(50);
    expect(seen.different).toBeGreaterThan(50);
  });
});
