/**
 * The ruleset seam: the registry, and each ruleset's packed context agreeing
 * with its own playable-state moves (two forms of one rule) on random levels
 * and random move sequences. The rules themselves are checked against the
 * naive solvers in test/naive (solver.test.ts, paint.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { randomRows } from '../../../test/support/levels';
import { parseRows } from '../level/format';
import type { Level } from '../level/level';
import { createRng } from '../util/rng';
import { allRulesets, isRulesetName, longcat, paint, rulesetByName } from './registry';
import { RULESET_NAMES, slideEnd, slideGain, type PlayState, type Ruleset } from './ruleset';
import { applyMove, initialState, legalMoves } from './state';

const levelOf = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const packed = (s: PlayState, words: number): Uint32Array => {
  const out = new Uint32Array(words);
  s.filled.forEach((f, c) => {
    if (f === 1) out[c >>> 5]! |= 1 << (c & 31);
  });
  return out;
};

describe('the ruleset registry', () => {
  it('finds every ruleset by its name, in menu order', () => {
    expect(allRulesets().map((r) => r.name)).toEqual([...RULESET_NAMES]);
    for (const name of RULESET_NAMES) expect(rulesetByName(name).name).toBe(name);
    expect(rulesetByName('longcat')).toBe(longcat);
    expect(rulesetByName('paint')).toBe(paint);
  });

  it('tells ruleset names from anything else', () => {
    expect(isRulesetName('paint')).toBe(true);
    for (const bad of ['Paint', '', 'chess', null, 3, undefined]) expect(isRulesetName(bad)).toBe(false);
  });

  it('only Longcat is acyclic', () => {
    expect(longcat.acyclic).toBe(true);
    expect(paint.acyclic).toBe(false);
  });
});

describe('the Longcat wrappers in rules/state.ts', () => {
  it('default to Longcat and forward to the ruleset', () => {
    const level = levelOf(['C..', '.#.', '...']);
    expect(initialState(level)).toEqual(longcat.initialState(level));
    const s = initialState(level);
    expect(legalMoves(level, s)).toEqual([1, 3]);
    expect(applyMove(level, s, 3)).toEqual(longcat.applyMove(level, s, 3));
    expect(legalMoves(level, s, paint)).toEqual(paint.legalMoves(level, s));
  });
});

/** Random walks with both forms of the rule side by side. */
function agreeOnRandomWalks(rules: Ruleset, seed: number): void {
  const rng = createRng(seed);
  for (let k = 0; k < 300; k++) {
    const w = 3 + rng.int(8), h = 3 + rng.int(8);
    const level = levelOf(randomRows(rng, w, h, 0.1 + 0.4 * rng.next()));
    const ctx = rules.compile(level);
    let state = rules.initialState(level);
    let bits = new Uint32Array(ctx.stride);
    let covered = ctx.startMarks(bits, 0);
    expect(Array.from(bits)).toEqual(Array.from(packed(state, ctx.stride)));
    expect(ctx.openCells - covered).toBe(state.emptyLeft);
    for (let step = 0; step < 30 && state.emptyLeft > 0; step++) {
      const legal = rules.legalMoves(level, state);
      for (let d = 0; d < 4; d++) {
        const out = new Uint32Array(ctx.stride);
        const r = ctx.slide(bits, 0, state.head, d, out);
        const next = rules.applyMove(level, state, d);
        expect(r < 0, `${rules.name} ${d}`).toBe(next === null);
        expect(legal.includes(d)).toBe(next !== null);
        if (next === null) continue;
        expect(slideEnd(r)).toBe(next.head);
        expect(slideGain(r)).toBe(state.emptyLeft - next.emptyLeft);
        expect(Array.from(out)).toEqual(Array.from(packed(next, ctx.stride)));
      }
      if (legal.length === 0) break;
      const d = legal[rng.int(legal.length)]!;
      const out = new Uint32Array(ctx.stride);
      const r = ctx.slide(bits, 0, state.head, d, out);
      covered += slideGain(r);
      bits = out;
      state = rules.applyMove(level, state, d)!;
      expect(ctx.openCells - covered).toBe(state.emptyLeft);
    }
  }
}

describe('packed context and playable state agree', () => {
  it('Longcat, on 300 random levels 3x3..10x10', () => agreeOnRandomWalks(longcat, 1));
  it('paint, on 300 random levels 3x3..10x10', () => agreeOnRandomWalks(paint, 2));
});
