/**
 * SD-PCGRL over paint's solution-down process (SPEC §12): the policy picks
 * the direction, slides are closed by walls where the walk turns. Ground
 * truth comes from the naive paint solver (test/naive/naivePaint.ts): every
 * finished level is solvable, its recorded walk wins on the naive rules, and
 * the episode's return is the finished level's difficulty minus the start's,
 * with difficulties from the naive features.
 */
import { describe, expect, it } from 'vitest';
import { paintFeatures, paintGraph, paintStep, paintStart, paintValueIteration } from '../../../test/naive/naivePaint';
import type { LevelFeatures } from '../graph/features';
import { toRows } from '../level/level';
import { paint } from '../rules/registry';
import { SdPcgrlEnv } from './sdPcgrl';
import type { FinishedEpisode } from './types';

/** A difficulty stand-in both sides can compute: expected moves of the random player plus a little per state. */
const measure = (f: Pick<LevelFeatures, 'expectedMoves' | 'nStates'>): number => f.expectedMoves + 0.01 * f.nStates;

function naiveMeasure(rows: string[]): number {
  const g = paintGraph(rows);
  const { features, classes } = paintFeatures(g);
  expect(classes.success, `${rows.join('/')} must be solvable`).toBeGreaterThan(0);
  return measure({ expectedMoves: paintValueIteration(g).expectedMoves, nStates: features.nStates });
}

function run(seed: number, episodes: number, width = 5, height = 4): FinishedEpisode[] {
  const env = new SdPcgrlEnv({ width, height, count: 3, seed, difficulty: measure, rules: paint });
  const spec = env.observation;
  const grid = new Float32Array(env.count * spec.side * spec.side * spec.channels);
  const extra = new Float32Array(env.count * spec.extra);
  const mask = new Uint8Array(env.count * 4);
  const actions = new Int32Array(env.count), rewards = new Float32Array(env.count), dones = new Uint8Array(env.count);
  const finished: FinishedEpisode[] = [];
  let k = seed;
  for (let t = 0; finished.length < episodes && t < 20_000; t++) {
    env.observe(grid, extra);
    env.legalMask(mask);
    for (let i = 0; i < env.count; i++) {
      // Mostly legal picks (a fixed, seeded sequence), sometimes a blocked one, which must change nothing.
      k = (k * 1103515245 + 12345) >>> 0;
      const legal = [0, 1, 2, 3].filter((d) => mask[i * 4 + d] === 1);
      for (let d = 0; d < 4; d++) expect(mask[i * 4 + d] === 1).toBe(env.walk(i).canStep(d));
      actions[i] = legal.length > 0 && k % 7 !== 0 ? legal[k % legal.length]! : k % 4;
    }
    finished.push(...env.step(actions, rewards, dones));
  }
  return finished;
}

describe('SD-PCGRL on paint', () => {
  it('finishes solvable levels whose walk wins on the naive rules, with return = difficulty gained', () => {
    const done = run(3, 30);
    expect(done.length).toBeGreaterThanOrEqual(30);
    for (const e of done) {
      const rows = toRows(e.level);
      const { w, h, start } = paintStart(rows);
      let s = start;
      for (const m of e.solution!) {
        if (!s.includes('.')) break;
        const next = paintStep(s, w, h, m);
        expect(next, `${rows.join('/')} ${e.solution}`).not.toBeNull();
        s = next!;
      }
      expect(s.includes('.'), `${rows.join('/')} ${e.solution}`).toBe(false);
      expect(e.difficulty!).toBeCloseTo(naiveMeasure(rows), 6);
      // The start level is the ball's cell alone: won at once, expected moves 0, one state.
      const startOnly = e.level.cells.map((_, c) => (c === e.level.head ? 0 : 1));
      const startRows = toRows({ ...e.level, cells: Uint8Array.from(startOnly) });
      expect(e.episodeReturn).toBeCloseTo(e.difficulty! - naiveMeasure(startRows), 4);
    }
  });

  it('rewards every step with the naive difficulty gained, also steps over painted cells (no analysis) and levels seen before (cached)', () => {
    const env = new SdPcgrlEnv({ width: 4, height: 4, count: 2, seed: 5, difficulty: measure, rules: paint });
    const mask = new Uint8Array(8), actions = new Int32Array(2), rewards = new Float32Array(2), dones = new Uint8Array(2);
    const naive = new Map<string, number>();
    const measured = (rows: string[]): number => naive.get(rows.join('/')) ?? naive.set(rows.join('/'), naiveMeasure(rows)).get(rows.join('/'))!;
    let k = 11, unchanged = 0, repeated = 0;
    const seen = new Set<string>();
    for (let t = 0; t < 400; t++) {
      env.legalMask(mask);
      const before = [0, 1].map((i) => toRows(env.walk(i).toLevel()));
      for (let i = 0; i < 2; i++) {
        k = (k * 1103515245 + 12345) >>> 0;
        const legal = [0, 1, 2, 3].filter((d) => mask[i * 4 + d] === 1);
        actions[i] = legal.length > 0 ? legal[k % legal.length]! : 0;
      }
      const finished = env.step(actions, rewards, dones);
      for (let i = 0; i < 2; i++) {
        const after = dones[i] === 1 ? toRows(finished.find((f) => f.env === i)!.level) : toRows(env.walk(i).toLevel());
        if (after.join('/') === before[i]!.join('/')) unchanged++;
        else if (seen.has(after.join('/'))) repeated++;
        seen.add(after.join('/'));
        expect(rewards[i]!).toBeCloseTo(measured(after) - measured(before[i]!), 4);
      }
    }
    // Both shortcuts were exercised: paint crosses its own painted cells, and short walks repeat.
    expect(unchanged).toBeGreaterThan(20);
    expect(repeated).toBeGreaterThan(20);
  });

  it('is deterministic by seed', () => {
    const key = (es: FinishedEpisode[]): string[] => es.map((e) => `${toRows(e.level).join('/')} ${e.solution}`);
    expect(key(run(9, 12))).toEqual(key(run(9, 12)));
    expect(key(run(9, 12))).not.toEqual(key(run(10, 12)));
  });
});
