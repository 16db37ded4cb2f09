import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveSolution } from '../../../test/naive/naiveSolver';
import { defaultModelFor } from '../difficulty/defaultModel';
import { parseRows } from '../level/format';
import { createPack, exportPack, importPack, packLevelFromLevel } from '../pack/pack';
import type { LevelPack, PackLevel } from '../pack/schema';
import { longcat } from '../rules/registry';
import { EffectOracle } from './effect';
import { mergePacks, mergeRows } from './merge';

const lv = (id: string, rows: string[], name = id): PackLevel => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  return { ...packLevelFromLevel(p.value, { id }), name };
};
const oracle = () => new EffectOracle(longcat, defaultModelFor('longcat'), 200_000);
const merge = (b: LevelPack, o: LevelPack, t: LevelPack) => mergePacks(b, o, t, oracle());
const shape = (p: LevelPack | null) => p?.levels.map((l) => ({ id: l.id, name: l.name, rows: l.rows }));
const setCell = (rows: readonly string[], x: number, y: number, c: string): string[] => rows.map((r, i) => (i === y ? r.slice(0, x) + c + r.slice(x + 1) : r));

describe('mergeRows', () => {
  it('takes each cell from the side that changed it, and names the cells both changed differently', () => {
    expect(mergeRows(['C..', '...'], ['C#.', '...'], ['C..', '..#'])).toEqual({ rows: ['C#.', '..#'] });
    expect(mergeRows(['C..', '...'], ['C#.', '...'], ['C#.', '...'])).toEqual({ rows: ['C#.', '...'] });
    const r = mergeRows(['C..', '...'], ['C#.', '...'], ['CC.', '...']);
    expect('conflict' in r && r.conflict).toMatch(/\(1,0\) # ours, C theirs/);
    expect('conflict' in mergeRows(['C..', '...'], ['C..', '...', '...'], ['C.#', '...'])).toBe(true);
  });
});

describe('mergePacks', () => {
  const base = createPack('p', [lv('a', ['C...', '....', '....']), lv('b', ['C..', '...', '...'])]);

  it('two sides editing different levels and each appending one: all four changes, ours first', () => {
    const ours = { ...base, levels: [lv('a', ['C#..', '....', '....']), base.levels[1]!, lv('o', ['C.#', '...', '...'])] };
    const theirs = { ...base, levels: [base.levels[0]!, lv('b', ['C..', '...', '..#'], 'B renamed'), lv('t', ['C..', '#..', '...'])] };
    const r = merge(base, ours, theirs);
    expect(r.conflicts).toEqual([]);
    expect(shape(r.pack)).toEqual([
      { id: 'a', name: 'a', rows: ['C#..', '....', '....'] },
      { id: 'b', name: 'B renamed', rows: ['C..', '...', '..#'] },
      { id: 'o', name: 'o', rows: ['C.#', '...', '...'] },
      { id: 't', name: 't', rows: ['C..', '#..', '...'] },
    ]);
    // The clean result is the canonical text, read back as itself.
    const back = importPack(r.text);
    expect(back.ok && exportPack(back.value.pack)).toBe(r.text);
  });

  it('one cell each on the same row, each solvable alone, unsolvable together: a conflict keeping every version', () => {
    const ours = { ...base, levels: [lv('a', ['C#..', '....', '....']), base.levels[1]!] };
    const theirs = { ...base, levels: [lv('a', ['C..#', '....', '....']), base.levels[1]!] };
    // Ground truth from the naive solver.
    expect(naiveSolution(['C#..', '....', '....'])).not.toBeNull();
    expect(naiveSolution(['C..#', '....', '....'])).not.toBeNull();
    expect(naiveSolution(['C#.#', '....', '....'])).toBeNull();
    const r = merge(base, ours, theirs);
    expect(r.pack).toBeNull();
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0]!.id).toBe('a');
    expect(r.conflicts[0]!.message).toMatch(/UNSOLVABLE/);
    const lines = r.text.split('\n');
    const at = (s: string) => lines.findIndex((l) => l.startsWith(s));
    expect(at('<<<<<<< ours')).toBeLessThan(at('        "C#..",'));
    expect(at('        "C#..",')).toBeLessThan(at('|||||||'));
    expect(at('=======')).toBeLessThan(at('        "C..#",'));
    expect(at('        "C..#",')).toBeLessThan(at('>>>>>>> theirs'));
    // Choosing either side gives a pack that reads.
    for (const keep of ['ours', 'theirs'] as const) {
      let side: 'ours' | 'base' | 'theirs' | null = null;
      const picked = lines.filter((l) => {
        if (l.startsWith('<<<<<<<')) return (side = 'ours'), false;
        if (l.startsWith('|||||||')) return (side = 'base'), false;
        if (l.startsWith('=======')) return (side = 'theirs'), false;
        if (l.startsWith('>>>>>>>')) return (side = null), false;
        return side === null || side === keep;
      });
      const r2 = importPack(picked.join('\n'));
      expect(r2.ok && r2.value.pack.levels[0]!.rows[0]).toBe(keep === 'ours' ? 'C#..' : 'C..#');
    }
  });

  it('both sides changing one cell differently, both renaming differently, removing against editing: conflicts', () => {
    const o1 = { ...base, levels: [lv('a', ['C#..', '....', '....']), base.levels[1]!] };
    // The same cell (1,0): ours a wall, theirs moves the head there.
    const t1b = { ...base, levels: [lv('a', ['.C..', '....', '....']), base.levels[1]!] };
    expect(merge(base, o1, t1b).conflicts[0]!.message).toMatch(/both sides changed cell/);
    const renamedO = { ...base, levels: [lv('a', ['C...', '....', '....'], 'x'), base.levels[1]!] };
    const renamedT = { ...base, levels: [lv('a', ['C...', '....', '....'], 'y'), base.levels[1]!] };
    expect(merge(base, renamedO, renamedT).conflicts[0]!.message).toMatch(/name/);
    const removed = { ...base, levels: [base.levels[1]!] };
    const r = merge(base, removed, o1);
    expect(r.conflicts[0]!.message).toMatch(/removed ours and changed theirs/);
    expect(r.text).toContain('"C#..",');
    // Removing a level the other side left alone is clean.
    expect(shape(merge(base, removed, base).pack)).toEqual(shape(removed));
  });

  it('the pack name changed on both sides is a conflict at the head', () => {
    const r = merge(base, { ...base, name: 'x' }, { ...base, name: 'y' });
    expect(r.conflicts.map((c) => c.id)).toEqual([null]);
    expect(r.text).toMatch(/<<<<<<< ours: the pack's name[^\n]*\n {2}"name": "x",\n\|{7} base\n {2}"name": "p",\n={7}\n {2}"name": "y",\n>{7} theirs/);
  });
});

/**
 * Random edits to disjoint cells or levels on two sides: the merge equals
 * applying both, except where a level both sides edited is unsolvable
 * once both edits are in (the naive solver decides), which is a conflict
 * on that level.
 */
describe('merging disjoint edits equals applying both', () => {
  const grid = fc.record({ w: fc.integer({ min: 3, max: 4 }), h: fc.integer({ min: 3, max: 4 }), walls: fc.array(fc.nat(3), { minLength: 16, maxLength: 16 }), head: fc.nat(15) })
    .map(({ w, h, walls, head }) => {
      const cells = Array.from({ length: w * h }, (_, i) => (i === head % (w * h) ? 'C' : walls[i] === 0 ? '#' : '.'));
      return Array.from({ length: h }, (_, y) => cells.slice(y * w, (y + 1) * w).join(''));
    });
  /** Per level: who edits it (0 nobody, 1 ours, 2 theirs, 3 both on disjoint cells), cells by a shuffled order, renames, removal. */
  const plan = fc.record({
    grids: fc.array(grid, { minLength: 1, maxLength: 4 }),
    who: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 4, maxLength: 4 }),
    cellSeeds: fc.array(fc.array(fc.nat(15), { minLength: 1, maxLength: 4 }), { minLength: 4, maxLength: 4 }),
    split: fc.array(fc.nat(3), { minLength: 4, maxLength: 4 }),
    appendOurs: fc.boolean(),
    appendTheirs: fc.boolean(),
  });

  it('on 300 random plans', () => {
    const seen = { clean: 0, conflict: 0 };
    fc.assert(fc.property(plan, (p) => {
      const baseLevels = p.grids.map((g, i) => lv(`l${i}`, g));
      let ours = baseLevels.map((l) => ({ ...l }));
      let theirs = baseLevels.map((l) => ({ ...l }));
      const expected = baseLevels.map((l) => ({ ...l }));
      const mustConflict: string[] = [];
      const removed = new Set<string>();
      baseLevels.forEach((l, i) => {
        const who = p.who[i]!;
        const w = l.rows[0]!.length, h = l.rows.length;
        // Distinct non-head cells, split between the sides.
        const cells = [...new Set(p.cellSeeds[i]!.map((c) => c % (w * h)))].filter((c) => l.rows[Math.floor(c / w)]![c % w] !== 'C');
        const flip = (rows: string[], c: number) => setCell(rows, c % w, Math.floor(c / w), rows[Math.floor(c / w)]![c % w] === '#' ? '.' : '#');
        if (who === 1 || who === 2) {
          const side = who === 1 ? ours : theirs;
          let rows = l.rows;
          for (const c of cells) rows = flip(rows, c);
          side[i] = { ...side[i]!, rows, name: `${l.name} edited` };
          expected[i] = { ...expected[i]!, rows, name: `${l.name} edited` };
        } else if (who === 3 && cells.length >= 2) {
          const cut = 1 + (p.split[i]! % (cells.length - 1));
          let ro = l.rows, rt = l.rows, both = l.rows;
          for (const c of cells.slice(0, cut)) {
            ro = flip(ro, c);
            both = flip(both, c);
          }
          for (const c of cells.slice(cut)) {
            rt = flip(rt, c);
            both = flip(both, c);
          }
          ours[i] = { ...ours[i]!, rows: ro };
          theirs[i] = { ...theirs[i]!, rows: rt };
          expected[i] = { ...expected[i]!, rows: both };
          if (naiveSolution(both) === null) mustConflict.push(l.id);
        } else if (who === 4) removed.add(l.id);
      });
      theirs = theirs.filter((l) => !removed.has(l.id));
      let exp = expected.filter((l) => !removed.has(l.id));
      if (p.appendOurs) {
        ours = [...ours, lv('ours-new', ['C..', '.#.', '...'])];
        exp = [...exp, lv('ours-new', ['C..', '.#.', '...'])];
      }
      if (p.appendTheirs) {
        theirs = [...theirs, lv('theirs-new', ['C#.', '...', '...'])];
        exp = [...exp, lv('theirs-new', ['C#.', '...', '...'])];
      }
      const r = merge(createPack('p', baseLevels), createPack('p', ours), createPack('p', theirs));
      if (mustConflict.length > 0) {
        seen.conflict++;
        expect(r.conflicts.map((c) => c.id).sort()).toEqual(mustConflict.sort());
      } else {
        seen.clean++;
        expect(r.conflicts).toEqual([]);
        expect(shape(r.pack)).toEqual(shape(createPack('p', exp)));
      }
    }), { numRuns: 300, seed: 31 });
    // Both outcomes were exercised.
    expect(seen.clean).toBeGreaterThan(50);
    expect(seen.conflict).toBeGreaterThan(5);
  });
});
