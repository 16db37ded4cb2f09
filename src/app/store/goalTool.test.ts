/**
 * The goal cell in the editor's verbs and the share link (SPEC §14): one goal
 * per level, never on the start, kept by "clear", and carried by a share link.
 */
import { describe, expect, it } from 'vitest';
import { parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { ice, longcat } from '../../core/rules/registry';
import { decodeShareHash, encodeShareHash } from '../adapters/shareLink';
import { applyTool, clearLevel } from './levelEdits';

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
