/**
 * The Arduboy header against ground truth that does not come from the
 * exporter: a small parser of the C text written here, a C compiler reading
 * the header (when one is installed), bytes of the port's own table for two
 * levels, and the real Arduboy level set (../shared/data; skipped with one
 * line when absent).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ccMissing, compileAndRun } from '../../../test/support/cc';
import { parseHeader } from '../../../test/support/exportReaders';
import { readDataText, splitDataBlocks } from '../../../test/support/dataText';
import { sharedDataMissing } from '../../../test/support/levels';
import { createPack } from '../pack/pack';
import type { LevelPack, PackLevel } from '../pack/schema';
import { arduboyHeader } from './arduboy';

const packOf = (levels: { name: string; rows: string[] }[], name = 'set'): LevelPack =>
  createPack(
    name,
    levels.map((l, i): PackLevel => ({ id: `l${i + 1}`, name: l.name, rows: l.rows, difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } })),
  );

const header = (pack: LevelPack): string => {
  const r = arduboyHeader(pack);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('arduboyHeader', () => {
  it('writes the bytes of the port’s own table for its first and fourth levels', () => {
    // From the port's maps.h: level 1 and level 4, rows then x, y.
    const level1 = ['########', '########', '##...###', '##.C.###', '##...###', '########', '########', '########'];
    const level4 = ['########', '#......#', '#.####.#', '#....#.#', '#.##.#.#', '#.C..#.#', '#......#', '########'];
    const text = header(packOf([{ name: 'one', rows: level1 }, { name: 'four', rows: level4 }]));
    const compact = text.replace(/\s+/g, '');
    expect(compact).toContain('0b11111111,0b11111111,0b11000111,0b11000111,0b11000111,0b11111111,0b11111111,0b11111111,3,3}');
    expect(compact).toContain('0b11111111,0b10000001,0b10111101,0b10000101,0b10110101,0b10000101,0b10000001,0b11111111,2,5}');
  });

  it('round-trips random 8x8 levels through the text of the header', () => {
    const grid = fc
      .tuple(fc.array(fc.constantFrom<string>('.', '#'), { minLength: 64, maxLength: 64 }), fc.nat(63))
      .map(([cells, head]) => {
        cells[head] = 'C';
        return Array.from({ length: 8 }, (_, y) => cells.slice(y * 8, y * 8 + 8).join(''));
      });
    fc.assert(
      fc.property(fc.array(grid, { minLength: 1, maxLength: 12 }), (grids) => {
        const parsed = parseHeader(header(packOf(grids.map((rows, i) => ({ name: `n${i}`, rows })))));
        expect(parsed.count).toBe(grids.length);
        expect(parsed.levels.map((l) => l.rows)).toEqual(grids);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses levels that are not 8x8, naming them, and an empty pack', () => {
    const small = ['C..', '...', '...'];
    const eight = ['C.......', ...Array.from({ length: 7 }, () => '........')];
    const r = arduboyHeader(packOf([{ name: 'fine', rows: eight }, { name: 'tiny', rows: small }]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/8x8 levels only.*1 of 2 levels.*2 “tiny” \(3x3\)/);
    const empty = arduboyHeader(packOf([]));
    expect(empty.ok).toBe(false);
  });

  it('keeps names that would end a C comment inside it', () => {
    const eight = ['C.......', ...Array.from({ length: 7 }, () => '........')];
    const text = header(packOf([{ name: 'a */ int x = 1; /*', rows: eight }], 'p */ oops'));
    const parsed = parseHeader(text);
    expect(parsed.levels).toHaveLength(1);
    // The only code outside comments is the preamble and the table.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(code).not.toContain('int x');
    expect(code).not.toContain('oops');
  });
});

describe.skipIf(sharedDataMissing)('arduboyHeader against the Arduboy level set (../shared/data/longcat-arduboy.txt)', () => {
  const blocks = sharedDataMissing ? [] : splitDataBlocks(readDataText('longcat-arduboy.txt'));

  it('round-trips all 101 levels: rows, head and names', () => {
    expect(blocks).toHaveLength(101);
    const text = header(packOf(blocks.map((b) => ({ name: b.name ?? '', rows: b.rows })), 'arduboy'));
    const parsed = parseHeader(text);
    expect(parsed.count).toBe(101);
    expect(parsed.levels.map((l) => l.rows)).toEqual(blocks.map((b) => b.rows));
    expect(parsed.levels.map((l) => l.comment)).toEqual(blocks.map((b, i) => `${i + 1}: ${b.name}`));
  });

  it.skipIf(ccMissing)('compiles with the C compiler, and the compiled table prints the same levels', () => {
    const r = compileAndRun({
      'levels.h': header(packOf(blocks.map((b) => ({ name: b.name ?? '', rows: b.rows })))),
      'main.c': [
        '#include <stdio.h>',
        '#include "levels.h"',
        'int main(void) {',
        '  for (int i = 0; i < levelCount; i++) {',
        '    for (int y = 0; y < 8; y++) {',
        '      for (int x = 0; x < 8; x++) putchar(x == levels[i][8] && y == levels[i][9] ? \'C\' : (levels[i][y] >> (7 - x)) & 1 ? \'#\' : \'.\');',
        '      putchar(\'\\n\');',
        '    }',
        '    putchar(\'\\n\');',
        '  }',
        '  return 0;',
        '}',
      ].join('\n'),
    });
    expect(r.built, r.stderr).toBe(true);
    expect(r.stdout).toBe(blocks.map((b) => b.rows.join('\n') + '\n\n').join(''));
  });
});
