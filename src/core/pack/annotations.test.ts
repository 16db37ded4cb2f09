import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { DEFAULT_DIFFICULTY_MODEL } from '../difficulty/defaultModel';
import { solvableDifficulty } from '../difficulty/predict';
import type { LevelFeatures } from '../graph/features';
import { recomputePackAnnotations } from './annotations';
import { importPack } from './pack';

const rows = ['C..#', '.#..', '....'];
const unsolvable = ['C#.', '##.', '...'];

function packText(levels: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: 'longcat-pack', version: 1, name: 'p', levels, ...extra });
}

function imported(text: string) {
  const r = importPack(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.pack;
}

describe('recomputePackAnnotations: imported features and difficulty are recomputed, never trusted', () => {
  const truth = naiveAnalyze(rows).features;
  const difficulty = Number(solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, truth as unknown as LevelFeatures).toPrecision(6)); // six significant digits, as shown

  it('a forged difficulty of 999 and a forged feature are reported and replaced by what the rows give (checked by the naive solver)', () => {
    const pack = imported(packText([{ id: 'a', name: 'a', rows, difficulty: 999, features: { nSolutions: 42, nStates: truth.nStates } }], { difficultyModel: DEFAULT_DIFFICULTY_MODEL.name }));
    const r = recomputePackAnnotations(pack, { model: DEFAULT_DIFFICULTY_MODEL, maxStates: 200_000 });
    expect(r.problems.map((p) => p.path).sort()).toEqual(['levels[0].difficulty', 'levels[0].features.nSolutions']);
    expect(r.problems.find((p) => p.path.endsWith('difficulty'))!.message).toMatch(/the file says 999 but the rows give/);
    const level = r.pack.levels[0]!;
    expect(level.difficulty).toBe(difficulty);
    expect(level.features['nSolutions']).toBe(truth.nSolutions);
    expect(level.features['nIndeterminateBranches']).toBe(truth.nIndeterminateBranches);
    expect(r.pack.difficultyModel).toBe(DEFAULT_DIFFICULTY_MODEL.name);
  });

  it('true claims pass without a word; a claim from another model is replaced but not called wrong', () => {
    const honest = imported(packText([{ id: 'a', name: 'a', rows, difficulty, features: { ...truth } }], { difficultyModel: DEFAULT_DIFFICULTY_MODEL.name }));
    expect(recomputePackAnnotations(honest, { model: DEFAULT_DIFFICULTY_MODEL, maxStates: 200_000 }).problems).toEqual([]);
    const other = imported(packText([{ id: 'a', name: 'a', rows, difficulty: 5, features: {} }], { difficultyModel: 'someone else’s model' }));
    const r = recomputePackAnnotations(other, { model: DEFAULT_DIFFICULTY_MODEL, maxStates: 200_000 });
    expect(r.problems).toEqual([]);
    expect(r.pack.levels[0]!.difficulty).toBe(difficulty);
  });

  it('an unsolvable level claiming a difficulty is reported (it has none); one past the state cap keeps no annotations', () => {
    expect(naiveAnalyze(unsolvable).features.nSolutions).toBe(0);
    const pack = imported(packText([{ id: 'u', name: 'u', rows: unsolvable, difficulty: 12, features: {} }, { id: 'a', name: 'a', rows, difficulty: 3, features: { nStates: 1 } }]));
    const r = recomputePackAnnotations(pack, { model: DEFAULT_DIFFICULTY_MODEL, maxStates: 2 });
    expect(r.pack.levels.map((l) => l.difficulty)).toEqual([null, null]);
    expect(r.pack.levels[1]!.features).toEqual({});
    expect(r.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['levels[1]']));
    const full = recomputePackAnnotations(pack, { model: DEFAULT_DIFFICULTY_MODEL, maxStates: 200_000 });
    expect(full.problems.find((p) => p.path === 'levels[0].difficulty')!.message).toMatch(/unsolvable/);
  });
});
