/**
 * The canonical pack text (SPEC §15): one layout whoever writes it, read
 * then written to the same bytes, small line diffs, older versions and
 * older layouts rewritten to it; and level ids drawn without a counter.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../util/rng';
import { newLevelId, freeLevelId, rngBytes, LEVEL_ID_RANDOM_CHARS } from './levelId';
import { createPack, exportPack, importPack, packLevelFromLevel } from './pack';
import { parseRows } from '../level/format';
import type { LevelPack } from './schema';

const level = (id: string, rows: string[], extra: object = {}) => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  return { ...packLevelFromLevel(p.value, { id }), name: id, ...extra };
};

const sample: LevelPack = {
  ...createPack('Forest', [
    level('a', ['C..#', '.#..', '....'], { difficulty: 12.5, features: { expectedMoves: 8, nStates: 7 } }),
    level('b', ['C...', '....', '...#'], { notes: 'two\nlines "quoted"', tags: ['intro'] }),
  ]),
  description: 'ünïcode ✓',
};

const read = (text: string): LevelPack => {
  const r = importPack(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.pack;
};

describe('the canonical layout', () => {
  it('is what formats.md shows: head one field a line, a level a block, one grid row a line', () => {
    const text = exportPack(sample);
    const lines = text.split('\n');
    expect(lines.slice(0, 6)).toEqual(['{', '  "format": "longcat-pack",', '  "version": 2,', '  "rules": "longcat",', '  "name": "Forest",', '  "description": "ünïcode ✓",']);
    const a = lines.indexOf('      "rows": [');
    expect(lines.slice(a - 3, a + 7)).toEqual([
      '    {', '      "id": "a",', '      "name": "a",', '      "rows": [',
      '        "C..#",', '        ".#..",', '        "...."', '      ],', '      "difficulty": 12.5,',
      // Features in the analysis's order, whatever order they came in.
      '      "features": {"nStates":7,"expectedMoves":8},',
    ]);
    expect(text.endsWith('    }\n  ]\n}\n')).toBe(true);
    expect(lines.filter((l) => l === '    },')).toHaveLength(1);
  });

  it('reads then writes to the same bytes, and a second pass changes nothing', () => {
    const text = exportPack(sample);
    expect(exportPack(read(text))).toBe(text);
    expect(exportPack(read(exportPack(read(text))))).toBe(text);
  });

  it('an edited cell changes one line of the file (its row)', () => {
    const before = exportPack(sample).split('\n');
    const edited = { ...sample, levels: [sample.levels[0]!, { ...sample.levels[1]!, rows: ['C...', '..#.', '...#'] }] };
    const after = exportPack(edited).split('\n');
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((l, i) => (l === after[i] ? [] : [[l, after[i]]]));
    expect(changed).toEqual([['        "....",', '        "..#.",']]);
  });

  it('rewrites older shapes to the same canonical text: version 1, the old indented layout, shuffled keys', () => {
    const canonical = exportPack(sample);
    const v2 = JSON.parse(canonical) as Record<string, unknown>;
    // Version 1 (before rulesets, SPEC §10) had no "rules".
    const v1: Record<string, unknown> = { ...v2, version: 1 };
    delete v1['rules'];
    expect(exportPack(read(JSON.stringify(v1)))).toBe(canonical);
    // The layout before SPEC §15: JSON.stringify with a 2-space indent.
    expect(exportPack(read(JSON.stringify(v2, null, 2)))).toBe(canonical);
    // Keys in any order, features in any order.
    const shuffled = { levels: (v2['levels'] as Record<string, unknown>[]).map((l) => Object.fromEntries(Object.entries(l).reverse())), ...v2 };
    expect(exportPack(read(JSON.stringify(Object.fromEntries(Object.entries(shuffled).reverse()))))).toBe(canonical);
  });
});

describe('level ids', () => {
  it('are l- and 10 base-32 characters, drawn from the given source, distinct', () => {
    const bytes = rngBytes(createRng(7));
    const ids = new Set<string>();
    for (let i = 0; i < 2000; i++) ids.add(newLevelId(ids, bytes));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(new RegExp(`^l-[0-9a-hjkmnp-tv-z]{${LEVEL_ID_RANDOM_CHARS}}$`));
    // The same seed draws the same ids; the platform's source draws others.
    const again = rngBytes(createRng(7));
    expect(newLevelId(new Set(), again)).toBe([...ids][0]);
    expect(newLevelId()).toMatch(/^l-/);
  });

  it('two branches drawing ids for new levels do not collide (no counter)', () => {
    // What a counter would do: both branches name their new level level-2.
    const a = new Set(['l-0000000000']), b = new Set(['l-0000000000']);
    const onA = newLevelId(a), onB = newLevelId(b);
    expect(onA).not.toBe(onB);
  });

  it('a taken id gets a random suffix within the length limit', () => {
    const taken = new Set(['rsd-8x8-s1-0']);
    expect(freeLevelId('rsd-8x8-s2-0', taken)).toBe('rsd-8x8-s2-0');
    expect(freeLevelId('rsd-8x8-s1-0', taken)).toMatch(/^rsd-8x8-s1-0-[0-9a-z]{6}$/);
    expect(freeLevelId('x'.repeat(100), new Set(['x'.repeat(100)])).length).toBeLessThanOrEqual(100);
    expect(freeLevelId('', taken)).toMatch(/^l-/);
  });
});
