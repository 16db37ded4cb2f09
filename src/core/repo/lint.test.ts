import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { defaultModelFor } from '../difficulty/defaultModel';
import { longcat } from '../rules/registry';
import { EffectOracle } from './effect';
import { DEFAULT_LINT_RULES, levelViolations, lintPack, parseLintRules, type LintRules } from './lint';
import { transformRows } from './symmetry';

const oracle = new EffectOracle(longcat, defaultModelFor('longcat'), 200_000);
const rules = (extra: object): LintRules => {
  const r = parseLintRules(JSON.stringify({ format: 'longcat-lint-rules', version: 1, ...extra }));
  if (!r.ok) throw new Error(r.error.join('; '));
  return r.value;
};
const GRIDS = [['C...', '....', '....'], ['C#..', '....', '....'], ['C#.#', '....', '....'], ['C..', '.#.', '...'], ['C....', '.....', '..#..', '.....'], ['C..', '...', '...']];

describe('lint rules', () => {
  it('each rule against the naive solver\'s numbers', () => {
    for (const g of GRIDS) {
      const n = naiveAnalyze(g);
      const solvable = Number.isFinite(n.features.shortestSolutionLength);
      const e = oracle.of(g);
      const broken = (r: object) => levelViolations(e, rules(r)).map((v) => v.rule);
      expect(broken({ solvable: true }), g.join('/')).toEqual(solvable ? [] : ['solvable']);
      if (!solvable) continue;
      expect(broken({ uniqueSolution: true })).toEqual(n.features.solutionPaths === 1 ? [] : ['uniqueSolution']);
      const shortest = n.features.shortestSolutionLength;
      expect(broken({ minShortestSolution: shortest })).toEqual([]);
      expect(broken({ minShortestSolution: shortest + 1 })).toEqual(['minShortestSolution']);
      expect(broken({ maxShortestSolution: shortest - 1 })).toEqual(['maxShortestSolution']);
      const share = n.classes.dead / n.nStates;
      expect(broken({ maxDeadShare: share })).toEqual([]);
      if (share > 0) expect(broken({ maxDeadShare: share * 0.99 })).toEqual(['maxDeadShare']);
      expect(broken({ difficulty: { min: e.difficulty! + 1 } })).toEqual(['difficulty']);
      expect(broken({ difficulty: { max: e.difficulty! } })).toEqual([]);
    }
  });

  it('duplicates up to rotation and mirroring name the earlier level; the defaults are solvable + no duplicates', () => {
    const levels = [
      { id: 'a', name: 'A', rows: GRIDS[3]! },
      { id: 'b', name: 'B', rows: GRIDS[1]! },
      { id: 'c', name: 'C', rows: transformRows(GRIDS[3]!, 1) },
      { id: 'd', name: 'D', rows: GRIDS[2]! },
    ];
    const v = lintPack(levels, (r) => oracle.of(r), DEFAULT_LINT_RULES);
    expect(v.map((x) => [x.id, x.rule])).toEqual([['c', 'noSymmetricDuplicates'], ['d', 'solvable']]);
    expect(v[0]!.message).toContain('#1 a "A"');
  });

  it('a rules file with a misspelt rule, a wrong type or min above max is refused with its path', () => {
    const bad = (extra: object) => parseLintRules(JSON.stringify({ format: 'longcat-lint-rules', version: 1, ...extra }));
    expect(bad({ uniqeSolution: true }).ok).toBe(false);
    expect(bad({ minShortestSolution: 'six' })).toMatchObject({ ok: false, error: [expect.stringMatching(/^minShortestSolution: /)] });
    expect(bad({ difficulty: { min: 9, max: 3 } })).toMatchObject({ ok: false, error: ['difficulty: min 9 is above max 3'] });
    expect(parseLintRules('{').ok).toBe(false);
  });
});
