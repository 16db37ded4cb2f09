/**
 * Hints under paint (SPEC §12: its graph has cycles), checked against the
 * naive paint solver on every level of a pack: the listed states are exactly
 * the winnable, not yet won ones; every hint is legal and takes the fewest
 * moves to a win from its state (by a breadth-first search over the naive
 * solver's graph); the solution is a shortest one (the naive BFS solution's
 * length). And through "Levels JSON with
 * hints" for a paint pack.
 */
import { describe, expect, it } from 'vitest';
import { paintGraph, paintSolution, paintStep, paintWon, type NaivePaintGraph } from '../../../test/naive/naivePaint';
import { createLevelSource } from '../generators/registry';
import { parseRows } from '../level/format';
import { levelKey, toRows, type Level } from '../level/level';
import { paint } from '../rules/registry';
import { exportPackAs } from './formats';
import { levelHints } from './hints';

/** The key of a naive paint state ('O' ball, 'P' painted, '.' not, '#' wall), from docs/formats.md's description. */
function naiveKey(state: string): string {
  const bits = [...state].map((ch) => (ch === 'P' || ch === 'O' ? 1 : 0));
  while (bits.length % 4 !== 0) bits.push(0);
  let hex = '';
  for (let i = 0; i < bits.length; i += 4) hex += (bits[i]! * 8 + bits[i + 1]! * 4 + bits[i + 2]! * 2 + bits[i + 3]!).toString(16);
  return `${state.indexOf('O')}:${hex}`;
}

/** Fewest moves to a win from every state of the naive graph: breadth-first search backwards from the won states (absent: no win). */
function naiveDistances(g: NaivePaintGraph): Map<string, number> {
  const parents = new Map<string, string[]>();
  for (const [s, out] of g.edges) for (const [, next] of out) parents.set(next, [...(parents.get(next) ?? []), s]);
  const dist = new Map<string, number>();
  const queue = g.order.filter((s) => paintWon(s));
  for (const s of queue) dist.set(s, 0);
  for (let i = 0; i < queue.length; i++) {
    for (const p of parents.get(queue[i]!) ?? []) {
      if (!dist.has(p)) {
        dist.set(p, dist.get(queue[i]!)! + 1);
        queue.push(p);
      }
    }
  }
  return dist;
}

/** A pack's worth of paint levels: random solution-down levels of 3x3 to 5x5 (seeded), plus one unsolvable level. */
function paintPack(): Level[] {
  const out = new Map<string, Level>();
  for (const [w, h] of [[3, 3], [4, 3], [4, 4], [5, 4], [5, 5]] as const) {
    const source = createLevelSource({ generator: 'rsd', width: w, height: h, seed: 36, rules: 'paint' });
    for (let i = 0; i < 8; i++) for (const l of source.generate(i).levels) out.set(levelKey(l), l);
  }
  return [...out.values()];
}

describe('levelHints under paint', () => {
  const levels = paintPack();

  it(`agree with the naive paint solver on every state of ${levels.length} levels`, () => {
    let states = 0;
    for (const level of levels) {
      const rows = toRows(level);
      const g = paintGraph(rows);
      const hints = levelHints(level, { rules: paint });
      expect(hints.next, rows.join('/')).toBeDefined();
      const dist = naiveDistances(g);
      const winnable = g.order.filter((s) => !paintWon(s) && dist.has(s));
      expect(Object.keys(hints.next!).sort(), rows.join('/')).toEqual(winnable.map(naiveKey).sort());
      for (const start of winnable) {
        const want = dist.get(start)!;
        let s = start, moves = 0;
        while (!paintWon(s)) {
          const move = hints.next![naiveKey(s)];
          expect(move, `${rows.join('/')}: no hint at a winnable state`).toBeDefined();
          const next = paintStep(s, g.w, g.h, move!);
          expect(next, `${rows.join('/')}: the hint ${move} is not a legal move`).not.toBeNull();
          s = next!;
          moves++;
          expect(moves).toBeLessThanOrEqual(want);
        }
        expect(moves).toBe(want);
        states++;
      }
      // The solution: a shortest one, legal from the start.
      const shortest = paintSolution(rows);
      if (shortest === null) expect(hints.solution).toBeNull();
      else {
        expect(hints.solution!.length).toBe(shortest.length);
        let s = g.start;
        for (const m of hints.solution!) s = paintStep(s, g.w, g.h, m)!;
        expect(paintWon(s)).toBe(true);
      }
    }
    expect(states).toBeGreaterThan(200);
  });

  it('an unsolvable paint level has no solution and no hinted state', () => {
    // Two rooms the ball cannot both reach.
    const r = parseRows(['C.#..', '..#..', '..#..']);
    if (!r.ok) throw new Error(r.error.message);
    expect(paintSolution(toRows(r.value))).toBeNull();
    const h = levelHints(r.value, { rules: paint });
    expect(h.solution).toBeNull();
    expect(h.next).toEqual({});
  });

  it('"Levels JSON with hints" of a paint pack gives every solvable level its solution', () => {
    const pick = levels.slice(0, 5);
    const pack = {
      format: 'longcat-pack' as const,
      version: 2 as const,
      rules: 'paint' as const,
      name: 'P',
      levels: pick.map((l, i) => ({ id: `p${i}`, name: `p${i}`, rows: toRows(l), difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } })),
    };
    const out = exportPackAs(pack, 'json', { hints: true });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const json = JSON.parse(out.value) as { levels: { rows: string[]; hints: { solution: string | null; next: Record<string, string> } }[] };
    for (const l of json.levels) {
      const shortest = paintSolution(l.rows);
      expect(l.hints.solution?.length ?? null).toBe(shortest?.length ?? null);
      expect(Object.keys(l.hints.next).length).toBeGreaterThan(0);
    }
  });
});
