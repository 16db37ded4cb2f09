/**
 * The goal cell in the editor's verbs and the share link (SPEC §14): one goal
 * per level, never on the start, kept by "clear", and carried by a share link
 * with its ruleset, which opens it as that game.
 */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { ice, longcat } from '../../core/rules/registry';
import { decodeShareHash, encodeShareHash } from '../adapters/shareLink';
import { applyTool, clearLevel } from './levelEdits';
import { packRules } from './rules';
import { createStudioStore } from './store';

const level = (rows: string[]): Level => {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('the goal tool', () => {
  it('moves the one goal, never onto the start, and an ice level needs it', () => {
    let l = level(['C..', '.#.', '...']);
    expect(ice.levelProblem(l)).toMatch(/exactly one goal 'G', this one has 0/);
    l = applyTool(l, 8, 'goal');
    expect(toRows(l)).toEqual(['C..', '.#.', '..G']);
    l = applyTool(l, 2, 'goal');
    expect(toRows(l)).toEqual(['C.G', '.#.', '...']);
    expect(applyTool(l, 0, 'goal')).toBe(l);
    expect(ice.levelProblem(l)).toBeNull();
    expect(longcat.levelProblem(l)).toMatch(/a goal 'G' is not part of this game/);
  });

  it('clear keeps the goal (and the start), walls go', () => {
    expect(toRows(clearLevel(level(['C#G', '.#.', '...'])))).toEqual(['C.G', '...', '...']);
  });

  it('a share link carries the goal and the ice rules', () => {
    const l = level(['C#G', '...', '...']);
    const back = decodeShareHash(encodeShareHash(l, 'a cave', 'ice'));
    expect(back.ok && toRows(back.value.level)).toEqual(['C#G', '...', '...']);
    expect(back.ok && back.value.rules).toBe('ice');
  });
});

describe('a shared level opens as its game', () => {
  it("in a pack of another game: a new pack of the link's game, one undo step that brings the old pack and level back", () => {
    let id = 0;
    const store = createStudioStore({ now: () => 1_000, newId: () => `id${id++}` });
    const s = store.getState;
    s().openLevel(level(['C..', '##.', '##.']), 'mine');
    s().addCurrentLevelToPack();
    expect(packRules(s().pack)).toBe('longcat');
    const link = decodeShareHash(encodeShareHash(level(['C.G', '.#.', '...']), 'cave', 'ice'));
    if (!link.ok) throw new Error(link.error);
    s().openLevelAs(link.value.level, link.value.name, link.value.rules);
    expect([packRules(s().pack), s().pack.levels.length, toRows(s().level), s().levelName]).toEqual(['ice', 0, ['C.G', '.#.', '...'], 'cave']);
    s().undo();
    expect([packRules(s().pack), s().pack.levels.map((l) => l.rows), toRows(s().level)]).toEqual(['longcat', [['C..', '##.', '##.']], ['C..', '##.', '##.']]);
    // A link of the pack's own game opens in the pack as before.
    s().openLevelAs(level(['C.#', '...', '...']), 'same', 'longcat');
    expect([packRules(s().pack), s().pack.levels.length, toRows(s().level)]).toEqual(['longcat', 1, ['C.#', '...', '...']]);
  });
});
