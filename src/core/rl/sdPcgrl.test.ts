/**
 * SD-PCGRL environment (SPEC §6): the RSD process with the agent choosing the
 * direction. Ground truth is independent of the environment's own analyzer
 * and walk: levels are rebuilt from the start cell and the chosen directions
 * with a reference written from the spec text, and difficulties come from the
 * naive solver's features fed to the difficulty predictor.
 */
import { describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveMoves } from '../../../test/naive/naiveSolver';
import { DEFAULT_DIFFICULTY_MODEL } from '../difficulty/defaultModel';
import { solvableDifficulty } from '../difficulty/predict';
import { toRows } from '../level/level';
import { createRng } from '../util/rng';
import { MAX_IDLE_STEPS, SdPcgrlEnv, type SdEncoding } from './sdPcgrl';
import type { FinishedEpisode } from './types';

const U = 0, D = 1, L = 2, R = 3;
const DX = [0, 0, -1, 1], DY = [-1, 1, 0, 0];

const difficulty = (f: Parameters<typeof solvableDifficulty>[1]): number => solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, f);

/** Difficulty of a level given as rows, from the naive solver's features (memoised). */
const naiveDifficultyMemo = new Map<string, number>();
function naiveDifficulty(rows: string[]): number {
  const key = rows.join('/');
  let d = naiveDifficultyMemo.get(key);
  if (d === undefined) {
    const a = naiveAnalyze(rows);
    expect(a.classes.success, `partial walk level ${key} must be solvable`).toBeGreaterThan(0);
    d = solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, a.features);
    naiveDifficultyMemo.set(key, d);
  }
  return d;
}

/** SPEC §6 solution-down walk written from the text: '.' empty, '#' wall, 'B' body. */
class RefWalk {
  grid: string[];
  x: number;
  y: number;
  last = -1;
  steps = 0;
  constructor(readonly w: number, readonly h: number, readonly start: number) {
    this.grid = Array<string>(w * h).fill('.');
    this.grid[start] = 'B';
    this.x = start % w;
    this.y = Math.floor(start / w);
  }
  inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.w && y < this.h;
  }
  open(d: number): boolean {
    const nx = this.x + DX[d]!, ny = this.y + DY[d]!;
    return this.inside(nx, ny) && this.grid[ny * this.w + nx] === '.';
  }
  step(d: number): void {
    if (!this.open(d)) throw new Error('reference: step into a blocked cell');
    if (this.last >= 0 && d !== this.last) {
      const ax = this.x + DX[this.last]!, ay = this.y + DY[this.last]!;
      if (this.inside(ax, ay) && this.grid[ay * this.w + ax] === '.') this.grid[ay * this.w + ax] = '#';
    }
    this.x += DX[d]!;
    this.y += DY[d]!;
    this.grid[this.y * this.w + this.x] = 'B';
    this.last = d;
    this.steps++;
  }
  /** "Level so far": walk cells open, the rest wall, head at the start. */
  rows(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < this.h; y++) {
      let s = '';
      for (let x = 0; x < this.w; x++) {
        const i = y * this.w + x;
        s += i === this.start ? 'C' : this.grid[i] === 'B' ? '.' : '#';
      }
      rows.push(s);
    }
    return rows;
  }
  /** The markov observation (empty, wall-or-outside, body, start; head-centred, side 2n-1) and the last-direction one-hot. */
  observation(channels: 3 | 4): { grid: Float32Array; extra: Float32Array } {
    const side = 2 * Math.max(this.w, this.h) - 1, half = (side - 1) / 2;
    const grid = new Float32Array(side * side * channels);
    for (let v = 0; v < side; v++) {
      for (let u = 0; u < side; u++) {
        const x = this.x + u - half, y = this.y + v - half;
        let ch: number;
        if (!this.inside(x, y)) ch = 1;
        else {
          const i = y * this.w + x;
          ch = channels === 4 && i === this.start ? 3 : this.grid[i] === '.' ? 0 : this.grid[i] === '#' ? 1 : 2;
        }
        grid[(v * side + u) * channels + ch] = 1;
      }
    }
    const extra = new Float32Array(channels === 4 ? 4 : 0);
    if (channels === 4 && this.last >= 0) extra[this.last] = 1;
    return { grid, extra };
  }
}

function startOnlyRows(w: number, h: number, start: number): string[] {
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let s = '';
    for (let x = 0; x < w; x++) s += y * w + x === start ? 'C' : '#';
    rows.push(s);
  }
  return rows;
}

const openCells = (rows: string[]): number => rows.join('').split('').filter((c) => c === '.' || c === 'C').length;

interface Buffers {
  grid: Float32Array;
  extra: Float32Array;
  mask: Uint8Array;
  actions: Int32Array;
  rewards: Float32Array;
  dones: Uint8Array;
}

function buffers(env: SdPcgrlEnv): Buffers {
  const { side, channels, extra } = env.observation;
  return {
    grid: new Float32Array(env.count * side * side * channels),
    extra: new Float32Array(env.count * extra),
    mask: new Uint8Array(env.count * 4),
    actions: new Int32Array(env.count),
    rewards: new Float32Array(env.count),
    dones: new Uint8Array(env.count),
  };
}

describe('SD-PCGRL with uniformly random legal actions', () => {
  const SIZES: [number, number][] = [[5, 5], [6, 6], [7, 7], [8, 8], [5, 8], [8, 6]];
  it.each(SIZES)('%ix%i: levels, solutions, steps, per-step rewards and observations match the spec reference', (w, h) => {
    const count = 16, EPISODES = 300;
    const startRng = createRng(1000 + w * 17 + h);
    const starts = new Int32Array(count);
    const env = new SdPcgrlEnv({
      width: w,
      height: h,
      count,
      seed: 7,
      difficulty,
      startCell: (i) => (starts[i] = startRng.int(w * h)),
    });
    expect(env.actions).toBe(4);
    expect(env.observation.side).toBe(2 * Math.max(w, h) - 1);
    const b = buffers(env);
    const refs = Array.from({ length: count }, (_, i) => new RefWalk(w, h, starts[i]!));
    const rewardSums = new Float64Array(count);
    const actionRng = createRng(99 + w * h);
    const { side, channels } = env.observation;
    const per = side * side * channels;
    let finishedCount = 0, steps = 0, obsMismatches = 0, maskMismatches = 0, rewardMismatches = 0;
    const firstProblem: string[] = [];

    while (finishedCount < EPISODES) {
      env.observe(b.grid, b.extra);
      env.legalMask(b.mask);
      for (let i = 0; i < count; i++) {
        const ref = refs[i]!;
        // The observation is exactly the spec encoding of the reference state.
        const want = ref.observation(4);
        for (let k = 0; k < per; k++) if (b.grid[i * per + k] !== want.grid[k]) { obsMismatches++; break; }
        for (let k = 0; k < 4; k++) if (b.extra[i * 4 + k] !== want.extra[k]) { obsMismatches++; break; }
        // The legal mask is exactly the empty neighbours of the head.
        for (let d = 0; d < 4; d++) if (b.mask[i * 4 + d] !== (ref.open(d) ? 1 : 0)) maskMismatches++;
        const legal = [0, 1, 2, 3].filter((d) => b.mask[i * 4 + d] === 1);
        // A running episode always has a legal move (an episode without one has ended).
        expect(legal.length, `env ${i} has no legal move but its episode is running`).toBeGreaterThan(0);
        b.actions[i] = legal[actionRng.int(legal.length)]!;
      }
      const before = refs.map((r) => naiveDifficulty(r.rows()));
      const finished = env.step(b.actions, b.rewards, b.dones);
      steps++;
      const byEnv = new Map<number, FinishedEpisode>(finished.map((f) => [f.env, f]));
      for (let i = 0; i < count; i++) {
        const ref = refs[i]!;
        ref.step(b.actions[i]!);
        const after = naiveDifficulty(ref.rows());
        const want = after - before[i]!;
        if (Math.abs(b.rewards[i]! - want) > 1e-4 * Math.max(1, Math.abs(want))) {
          rewardMismatches++;
          if (firstProblem.length === 0) firstProblem.push(`reward ${b.rewards[i]} != ${want} at ${ref.rows().join('/')}`);
        }
        rewardSums[i]! += b.rewards[i]!;
        const over = [0, 1, 2, 3].every((d) => !ref.open(d));
        expect(b.dones[i], `done flag of env ${i} (walk over: ${over})`).toBe(over ? 1 : 0);
        const f = byEnv.get(i);
        expect(f !== undefined).toBe(over);
        if (f === undefined) continue;
        finishedCount++;
        const rows = toRows(f.level);
        const refRows = ref.rows();
        expect(rows).toEqual(refRows);
        expect([f.level.width, f.level.height]).toEqual([w, h]);
        // Solvable by the naive solver, and the reported solution wins it.
        const a = naiveAnalyze(rows);
        expect(a.classes.success, rows.join('/')).toBeGreaterThan(0);
        expect(f.solution).toBeDefined();
        expect(naiveMoves(rows, f.solution!), `${rows.join('/')} ${f.solution}`).toEqual({ ok: true, won: true });
        // Steps: one per cell added to the walk.
        expect(f.steps).toBe(ref.steps);
        expect(f.steps).toBe(openCells(rows) - 1);
        // Return telescopes: difficulty(final) - difficulty(start only).
        const dFinal = solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, a.features);
        const dStart = solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, naiveAnalyze(startOnlyRows(w, h, ref.start)).features);
        expect(rewardSums[i]!).toBeCloseTo(dFinal - dStart, 3);
        expect(f.episodeReturn).toBeCloseTo(dFinal - dStart, 6);
        expect(f.difficulty).toBeCloseTo(dFinal, 6);
        // The environment reset at once: a fresh walk from the new start.
        refs[i] = new RefWalk(w, h, starts[i]!);
        rewardSums[i] = 0;
      }
    }
    expect(firstProblem).toEqual([]);
    expect({ obsMismatches, maskMismatches, rewardMismatches }).toEqual({ obsMismatches: 0, maskMismatches: 0, rewardMismatches: 0 });
    expect(steps).toBeGreaterThan(0);
  });
});

describe('SD-PCGRL blocked actions', () => {
  it('a blocked direction is a no-op; MAX_IDLE_STEPS blocked in a row end the episode with a valid level', () => {
    // 5x5, start in the top-left corner: U and L leave the grid.
    const env = new SdPcgrlEnv({ width: 5, height: 5, count: 1, seed: 3, difficulty, startCell: () => 0 });
    const b = buffers(env);
    const obs = (): { grid: number[]; extra: number[]; mask: number[] } => {
      env.observe(b.grid, b.extra);
      env.legalMask(b.mask);
      return { grid: [...b.grid], extra: [...b.extra], mask: [...b.mask] };
    };
    const stepWith = (a: number): FinishedEpisode[] => {
      b.actions[0] = a;
      return env.step(b.actions, b.rewards, b.dones);
    };
    const initial = obs();
    expect(initial.mask).toEqual([0, 1, 0, 1]); // U D L R at the corner

    // MAX_IDLE_STEPS - 1 blocked actions: nothing changes, no reward, no end.
    for (let k = 0; k < MAX_IDLE_STEPS - 1; k++) {
      expect(stepWith(k % 2 === 0 ? U : L)).toEqual([]);
      expect(b.rewards[0]).toBe(0);
      expect(b.dones[0]).toBe(0);
      expect(obs()).toEqual(initial);
    }
    // A legal step resets the idle count.
    expect(stepWith(R)).toEqual([]);
    expect(b.dones[0]).toBe(0);
    const rewardR = b.rewards[0]!;
    const twoCells = ['C.###', '#####', '#####', '#####', '#####'];
    expect(rewardR).toBeCloseTo(naiveDifficulty(twoCells) - naiveDifficulty(startOnlyRows(5, 5, 0)), 4);
    const afterR = obs();
    expect(afterR.mask).toEqual([0, 1, 0, 1]); // at (1,0): U outside, L is body
    for (let k = 0; k < MAX_IDLE_STEPS - 1; k++) {
      expect(stepWith(k % 2 === 0 ? U : L)).toEqual([]);
      expect(b.rewards[0]).toBe(0);
      expect(b.dones[0]).toBe(0);
      expect(obs()).toEqual(afterR);
    }
    // The MAX_IDLE_STEPS-th blocked action in a row ends the episode.
    const finished = stepWith(U);
    expect(b.dones[0]).toBe(1);
    expect(b.rewards[0]).toBe(0);
    expect(finished).toHaveLength(1);
    const f = finished[0]!;
    const rows = toRows(f.level);
    expect(rows).toEqual(twoCells);
    expect(naiveAnalyze(rows).classes.success).toBeGreaterThan(0);
    expect(naiveMoves(rows, f.solution!)).toEqual({ ok: true, won: true });
    expect(f.steps).toBe(1);
    expect(f.episodeReturn).toBeCloseTo(rewardR, 5);
    // A fresh episode from the same start follows.
    expect(obs()).toEqual(initial);
  });

  it('a blocked action at the very start still ends the episode after MAX_IDLE_STEPS with the one-cell level', () => {
    const env = new SdPcgrlEnv({ width: 6, height: 5, count: 1, seed: 3, difficulty, startCell: () => 29 }); // bottom-right corner
    const b = buffers(env);
    let finished: FinishedEpisode[] = [];
    for (let k = 0; k < MAX_IDLE_STEPS; k++) {
      b.actions[0] = k % 2 === 0 ? D : R;
      finished = env.step(b.actions, b.rewards, b.dones);
      expect(b.rewards[0]).toBe(0);
      expect(b.dones[0]).toBe(k === MAX_IDLE_STEPS - 1 ? 1 : 0);
    }
    expect(finished).toHaveLength(1);
    const rows = toRows(finished[0]!.level);
    expect(rows).toEqual(startOnlyRows(6, 5, 29));
    expect(naiveAnalyze(rows).classes.success).toBe(1);
    expect(naiveMoves(rows, finished[0]!.solution!)).toEqual({ ok: true, won: true });
    expect(finished[0]!.steps).toBe(0);
    expect(finished[0]!.episodeReturn).toBe(0);
  });
});

describe('SD-PCGRL batched vs single', () => {
  it.each(['markov', 'thesis'] as SdEncoding[])('count 4 equals four envs of count 1 fed the same actions (%s)', (encoding) => {
    const [w, h] = [6, 5];
    const startCells = [0, 7, 14, 29];
    const batched = new SdPcgrlEnv({ width: w, height: h, count: 4, seed: 11, difficulty, encoding, startCell: (env) => startCells[env]! });
    const singles = startCells.map((s, k) => new SdPcgrlEnv({ width: w, height: h, count: 1, seed: 100 + k, difficulty, encoding, startCell: () => s }));
    const bb = buffers(batched);
    const sb = singles.map(buffers);
    const per = batched.observation.side ** 2 * batched.observation.channels, ex = batched.observation.extra;
    const rng = createRng(5);
    let finishedTotal = 0;
    for (let t = 0; t < 400; t++) {
      batched.observe(bb.grid, bb.extra);
      batched.legalMask(bb.mask);
      for (let k = 0; k < 4; k++) {
        singles[k]!.observe(sb[k]!.grid, sb[k]!.extra);
        singles[k]!.legalMask(sb[k]!.mask);
        expect([...bb.grid.subarray(k * per, (k + 1) * per)]).toEqual([...sb[k]!.grid]);
        expect([...bb.extra.subarray(k * ex, (k + 1) * ex)]).toEqual([...sb[k]!.extra]);
        expect([...bb.mask.subarray(k * 4, k * 4 + 4)]).toEqual([...sb[k]!.mask]);
        // Any action, blocked ones included (mostly legal so episodes progress).
        const legal = [0, 1, 2, 3].filter((d) => bb.mask[k * 4 + d] === 1);
        const a = rng.next() < 0.3 || legal.length === 0 ? rng.int(4) : legal[rng.int(legal.length)]!;
        bb.actions[k] = a;
        sb[k]!.actions[0] = a;
      }
      const fb = batched.step(bb.actions, bb.rewards, bb.dones);
      for (let k = 0; k < 4; k++) {
        const fs = singles[k]!.step(sb[k]!.actions, sb[k]!.rewards, sb[k]!.dones);
        expect(bb.rewards[k]).toBe(sb[k]!.rewards[0]);
        expect(bb.dones[k]).toBe(sb[k]!.dones[0]);
        const mine = fb.filter((f) => f.env === k);
        expect(mine.length).toBe(fs.length);
        if (fs.length === 1) {
          finishedTotal++;
          const [x, y] = [mine[0]!, fs[0]!];
          expect(toRows(x.level)).toEqual(toRows(y.level));
          expect(x.solution).toBe(y.solution);
          expect(x.steps).toBe(y.steps);
          expect(x.episodeReturn).toBe(y.episodeReturn);
          expect(x.difficulty).toBe(y.difficulty);
          expect(y.env).toBe(0);
        }
      }
    }
    expect(finishedTotal).toBeGreaterThan(20);
  });
});

describe('SD-PCGRL observation encoding', () => {
  // 5x5, start (1,1). Walk R, D, L:
  //   R from (1,1) to (2,1);
  //   D turns at (2,1): the cell ahead in the old direction, (3,1), becomes wall; head to (2,2);
  //   L turns at (2,2): (2,3) becomes wall; head to (1,2).
  // Level so far (S start, B body, # wall):
  //   y0  . . . . .
  //   y1  . S B # .
  //   y2  . B B . .      head is the B at (1,2)
  //   y3  . . # . .
  //   y4  . . . . .
  // Observation side 9, head at the centre (4,4): column u is x = u - 3, row v is y = v - 2.
  // 'O' is outside.
  const WINDOW = [
    'OOOOOOOOO',
    'OOOOOOOOO',
    'OOO.....O',
    'OOO.SB#.O',
    'OOO.BB..O',
    'OOO..#..O',
    'OOO.....O',
    'OOOOOOOOO',
    'OOOOOOOOO',
  ];
  const walked = (encoding: SdEncoding): { env: SdPcgrlEnv; b: Buffers } => {
    const env = new SdPcgrlEnv({ width: 5, height: 5, count: 2, seed: 1, difficulty, encoding, startCell: (i) => (i === 0 ? 12 : 6) });
    const b = buffers(env);
    for (const a of [R, D, L]) {
      b.actions[0] = U; // env 0 (centre start) walks U three times: not looked at here
      b.actions[1] = a;
      expect(env.step(b.actions, b.rewards, b.dones)).toEqual([]);
    }
    env.observe(b.grid, b.extra);
    env.legalMask(b.mask);
    return { env, b };
  };

  it('markov: empty / wall-or-outside / body / start channels, head at the centre, previous-direction one-hot', () => {
    const { env, b } = walked('markov');
    expect(env.observation).toMatchObject({ side: 9, channels: 4, extra: 4 });
    const per = 9 * 9 * 4;
    const code: Record<string, number> = { O: 1, '#': 1, '.': 0, B: 2, S: 3 };
    for (let v = 0; v < 9; v++) {
      for (let u = 0; u < 9; u++) {
        const want = [0, 0, 0, 0];
        want[code[WINDOW[v]![u]!]!] = 1;
        const got = [...b.grid.subarray(per + (v * 9 + u) * 4, per + (v * 9 + u) * 4 + 4)];
        expect(got, `cell u=${u} v=${v}`).toEqual(want);
      }
    }
    // The centre is the head: a body cell with the start one cell up.
    expect([...b.grid.subarray(per + (4 * 9 + 4) * 4, per + (4 * 9 + 4) * 4 + 4)]).toEqual([0, 0, 1, 0]);
    expect(b.grid[per + (3 * 9 + 4) * 4 + 3]).toBe(1);
    // Exactly one start cell in the window.
    let starts = 0;
    for (let c = 0; c < 81; c++) starts += b.grid[per + c * 4 + 3]!;
    expect(starts).toBe(1);
    expect([...b.extra.subarray(4, 8)]).toEqual([0, 0, 1, 0]); // last move L
    expect([...b.mask.subarray(4, 8)]).toEqual([0, 1, 1, 0]); // U start, D empty, L empty, R body
  });

  it('markov: before the first step the head is the start cell and the extra vector is all zero', () => {
    const env = new SdPcgrlEnv({ width: 3, height: 4, count: 1, seed: 1, difficulty, startCell: () => 4 }); // (1,1)
    const b = buffers(env);
    env.observe(b.grid, b.extra);
    expect(env.observation.side).toBe(7);
    // 3x4 level in a 7x7 window, head (1,1) at (3,3): columns u = x + 2, rows v = y + 2.
    const window = ['OOOOOOO', 'OOOOOOO', 'OO...OO', 'OO.S.OO', 'OO...OO', 'OO...OO', 'OOOOOOO'];
    const code: Record<string, number> = { O: 1, '.': 0, S: 3 };
    const want = new Float32Array(7 * 7 * 4);
    window.forEach((row, v) => [...row].forEach((ch, u) => (want[(v * 7 + u) * 4 + code[ch]!] = 1)));
    expect([...b.grid]).toEqual([...want]);
    expect([...b.extra]).toEqual([0, 0, 0, 0]);
  });

  it("thesis: three channels (the start reads as body) and no extra vector", () => {
    const { env, b } = walked('thesis');
    expect(env.observation).toMatchObject({ side: 9, channels: 3, extra: 0 });
    expect(b.extra.length).toBe(0);
    const per = 9 * 9 * 3;
    const code: Record<string, number> = { O: 1, '#': 1, '.': 0, B: 2, S: 2 };
    for (let v = 0; v < 9; v++) {
      for (let u = 0; u < 9; u++) {
        const want = [0, 0, 0];
        want[code[WINDOW[v]![u]!]!] = 1;
        expect([...b.grid.subarray(per + (v * 9 + u) * 3, per + (v * 9 + u) * 3 + 3)], `cell u=${u} v=${v}`).toEqual(want);
      }
    }
  });
});
