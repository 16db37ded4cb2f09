import { describe, expect, it } from 'vitest';
import { isWon, naiveGraph, naiveStep } from '../../../test/naive/naiveSolver';
import { readFixtureLevels } from '../../../test/fixtures/perft';
import { parseRows } from '../level/format';
import { toRows } from '../level/level';
import { exportPackAs } from './formats';
import { levelHints } from './hints';

const fixtures = readFixtureLevels().map(({ name, rows }) => {
  const r = parseRows(rows, name);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
});

/** The key of a naive state (a string of `.#BC` per cell), written here from the format's description in docs/formats.md. */
function naiveKey(state: string): string {
  const bits = [...state].map((ch) => (ch === 'B' || ch === 'C' ? 1 : 0));
  while (bits.length % 4 !== 0) bits.push(0);
  let hex = '';
  for (let i = 0; i < bits.length; i += 4) hex += (bits[i]! * 8 + bits[i + 1]! * 4 + bits[i + 2]! * 2 + bits[i + 3]!).toString(16);
  return `${state.indexOf('C')}:${hex}`;
}

describe('levelHints', () => {
  it('the key of the documented example', () => {
    const r = parseRows(['C..', '...', '...']);
    if (!r.ok) throw new Error();
    const h = levelHints(r.value);
    expect(Object.keys(h.next!)[0]).toBe('0:800');
  });

  // Every fixture level small enough to list (the naive solver walks every state).
  const small = fixtures.filter((l) => l.width * l.height <= 64);
  it(`following the hints from every winnable state of ${small.length} fixture levels wins (naive solver)`, () => {
    let states = 0;
    for (const level of small) {
      const rows = toRows(level);
      const g = naiveGraph(rows);
      const hints = levelHints(level);
      const winnable = g.order.filter((s) => g.cls.get(s) === 'solution');
      if (hints.next === undefined) continue;
      // Exactly the winnable, not yet won states are listed.
      expect(Object.keys(hints.next).sort(), level.name).toEqual(winnable.map(naiveKey).sort());
      const shortest = new Map<string, number>();
      for (const start of winnable) {
        let s = start;
        let moves = 0;
        while (!isWon(s)) {
          const move = hints.next[naiveKey(s)];
          expect(move, `${level.name}: no hint at a winnable state`).toBeDefined();
          const next = naiveStep(s, g.w, g.h, move!);
          expect(next, `${level.name}: the hint ${move} is not a legal move`).not.toBeNull();
          s = next!;
          moves++;
          expect(moves).toBeLessThanOrEqual(g.w * g.h);
        }
        shortest.set(start, moves);
        states++;
      }
      // The shortest solution is a real solution from the start, of the length the hints take.
      if (winnable.includes(g.start)) {
        let s = g.start;
        for (const m of hints.solution!) s = naiveStep(s, g.w, g.h, m)!;
        expect(isWon(s)).toBe(true);
        expect(hints.solution!.length).toBe(shortest.get(g.start));
      } else if (!isWon(g.start)) expect(hints.solution).toBeNull();
    }
    expect(states).toBeGreaterThan(500);
  });

  it('past the limit, only the shortest solution', () => {
    const level = fixtures.find((l) => l.name === 'open-4x4')!;
    const h = levelHints(level, { limit: 3 });
    expect(h.next).toBeUndefined();
    expect(h.note).toMatch(/shortest solution only/);
    expect(h.solution).toMatch(/^[UDLR]+$/);
  });

  it('the levels JSON carries hints only when asked', () => {
    const pack = { format: 'longcat-pack' as const, version: 2 as const, rules: 'longcat' as const, name: 'P', levels: [{ id: 'a', name: 'a', rows: ['C..', '...', '...'], difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } }] };
    const plain = exportPackAs(pack, 'json');
    const withHints = exportPackAs(pack, 'json', { hints: true });
    expect(plain.ok && plain.value.includes('"hints"')).toBe(false);
    expect(withHints.ok && JSON.parse(withHints.value).levels[0].hints.next['0:800']).toMatch(/^[DR]$/);
  });
});
