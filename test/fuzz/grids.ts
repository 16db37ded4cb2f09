/**
 * Grids for the fuzz suite, and the independent judge of what a valid level
 * is (SPEC §1-2), written from the spec and not from src/core: every row
 * the same number of characters (code points), 3 to 16 a side, only `.`,
 * `#` and `C`, exactly one `C`. Generators give valid grids and grids
 * spoiled in a known way; the fuzz properties compare the parsers' verdicts
 * with {@link judgeRows}.
 */
import fc from 'fast-check';

/** The judge: true exactly when `rows` is a valid level. */
export function judgeRows(rows: readonly string[]): boolean {
  if (rows.length < 3 || rows.length > 16) return false;
  const cells = rows.map((r) => [...r]);
  const width = cells[0]!.length;
  if (width < 3 || width > 16 || cells.some((r) => r.length !== width)) return false;
  let heads = 0;
  for (const row of cells) {
    for (const ch of row) {
      if (ch === 'C') heads++;
      else if (ch !== '.' && ch !== '#') return false;
    }
  }
  return heads === 1;
}

/** Rows of a valid grid: `width` x `height` in [min, max], walls and empties, one head. */
export const validRows = (min = 3, max = 16): fc.Arbitrary<string[]> =>
  fc
    .record({ width: fc.integer({ min, max }), height: fc.integer({ min, max }) })
    .chain(({ width, height }) =>
      fc.tuple(fc.array(fc.constantFrom<string>('.', '#'), { minLength: width * height, maxLength: width * height }), fc.nat(width * height - 1)).map(([cells, head]) => {
        cells[head] = 'C';
        return Array.from({ length: height }, (_, y) => cells.slice(y * width, (y + 1) * width).join(''));
      }),
    );

/** One code point that is not a cell, not whitespace, not a line break (and not in `exclude`). */
export const badChar = (exclude = ''): fc.Arbitrary<string> =>
  fc
    .oneof(fc.constantFrom('x', 'c', '0', 'o', '*', '@', 'é', '😀', '\u0000', '\uD800', ';', '%', '+', '&', '='), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }))
    .filter((ch) => !/\s/.test(ch) && !'.#C'.includes(ch) && !exclude.includes(ch));

/** A valid grid spoiled once, in a way that makes it invalid: the kind, and the rows. */
export const spoiledRows = (exclude = ''): fc.Arbitrary<{ kind: string; rows: string[] }> =>
  fc.tuple(validRows(), fc.nat(), fc.nat(), badChar(exclude), fc.constantFrom('secondHead', 'noHead', 'unknown', 'shortRow', 'longRow', 'tooWide', 'tooTall', 'tooSmall')).map(
    ([rows, a, b, ch, kind]) => {
      const grid = rows.map((r) => [...r]);
      const h = grid.length, w = grid[0]!.length;
      const y = a % h, x = b % w;
      const head = grid.flatMap((r, yy) => r.map((c, xx) => (c === 'C' ? [yy, xx] : null))).find((p) => p !== null)!;
      switch (kind) {
        case 'secondHead': {
          const [hy, hx] = head;
          const yy = hy === y && hx === x ? (y + 1) % h : y;
          grid[yy]![x] = 'C';
          break;
        }
        case 'noHead':
          grid[head[0]!]![head[1]!] = a % 2 === 0 ? '.' : '#';
          break;
        case 'unknown':
          grid[y]![x] = ch;
          break;
        case 'shortRow':
          grid[y]!.pop();
          break;
        case 'longRow':
          grid[y]!.push('.');
          break;
        case 'tooWide':
          for (const r of grid) while (r.length < 17) r.push('#');
          break;
        case 'tooTall':
          while (grid.length < 17) grid.push(Array.from({ length: w }, () => '#'));
          break;
        case 'tooSmall':
          grid.splice(2);
          break;
      }
      return { kind, rows: grid.map((r) => r.join('')) };
    },
  );

/** Valid or spoiled rows, with the judge's verdict. */
export const anyRows = (exclude = ''): fc.Arbitrary<{ rows: string[]; valid: boolean }> =>
  fc.oneof(
    validRows().map((rows) => ({ rows, valid: true })),
    spoiledRows(exclude).map(({ rows }) => ({ rows, valid: judgeRows(rows) })),
  );
