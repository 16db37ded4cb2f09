/**
 * Turtle PCGRL (SPEC §6, puzzle-up baseline): 19 initial walls, an agent
 * with 7 actions, a budget of 25 edits (4 x 25 actions in all), and the
 * shaped reward (heads towards one, segregated -> connected, unsolvable ->
 * solvable, difficulty gained). Hand-made grids are installed through the
 * environment's internals (setup only); every assertion is on public
 * outputs: observations, legal masks, rewards, dones, finished episodes.
 * Expected difficulties come from the naive solver's features.
 */
import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../../test/naive/naiveSolver';
import { DEFAULT_DIFFICULTY_MODEL } from '../difficulty/defaultModel';
import { solvableDifficulty } from '../difficulty/predict';
import { createRng } from '../util/rng';
import { TURTLE_ACTIONS, TURTLE_EDIT_BUDGET, TURTLE_REWARD, TurtleEnv } from './turtle';

const U = 0, D = 1, L = 2, R = 3, PUT_EMPTY = 4, PUT_WALL = 5, PUT_HEAD = 6;
const difficulty = (f: Parameters<typeof solvableDifficulty>[1]): number => solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, f);

function naiveDifficulty(rows: string[]): number {
  const a = naiveAnalyze(rows);
  expect(a.classes.success, `${rows.join('/')} should be solvable`).toBeGreaterThan(0);
  return solvableDifficulty(DEFAULT_DIFFICULTY_MODEL, a.features);
}

class Harness {
  readonly grid: Float32Array;
  readonly extra = new Float32Array(0);
  readonly mask: Uint8Array;
  readonly actions: Int32Array;
  readonly rewards: Float32Array;
  readonly dones: Uint8Array;
  readonly side: number;
  constructor(readonly env: TurtleEnv) {
    const { side, channels } = env.observation;
    this.side = side;
    this.grid = new Float32Array(env.count * side * side * channels);
    this.mask = new Uint8Array(env.count * 7);
    this.actions = new Int32Array(env.count);
    this.rewards = new Float32Array(env.count);
    this.dones = new Uint8Array(env.count);
  }
  observe(): void {
    this.env.observe(this.grid, this.extra);
    this.env.legalMask(this.mask);
  }
  /** Env i's window as text rows: '.' empty, '#' wall (or outside), 'C' head. */
  window(i: number): string[] {
    this.observe();
    const s = this.side, per = s * s * 3, rows: string[] = [];
    for (let v = 0; v < s; v++) {
      let row = '';
      for (let u = 0; u < s; u++) {
        const o = i * per + (v * s + u) * 3;
        const hot = [0, 1, 2].filter((c) => this.grid[o + c] === 1);
        expect(hot.length, 'one-hot').toBe(1);
        expect(this.grid[o]! + this.grid[o + 1]! + this.grid[o + 2]!).toBe(1);
        row += '.#C'[hot[0]!];
      }
      rows.push(row);
    }
    return rows;
  }
  maskOf(i: number): number[] {
    this.observe();
    return [...this.mask.subarray(i * 7, i * 7 + 7)];
  }
  step(i: number, a: number, others = U): { reward: number; done: number; finished: ReturnType<TurtleEnv['step']> } {
    this.actions.fill(others);
    this.actions[i] = a;
    const finished = this.env.step(this.actions, this.rewards, this.dones);
    return { reward: this.rewards[i]!, done: this.dones[i]!, finished: finished.filter((f) => f.env === i) };
  }
}

/** Setup only: installs a grid ('.', '#', 'C' heads) and the agent cell in env i, as a fresh episode. */
function install(env: TurtleEnv, i: number, rows: string[], pos: number): void {
  const internals = env as unknown as { states: { grid: Uint8Array; pos: number; edits: number; steps: number; ret: number }[]; evaluate(s: unknown): void };
  const s = internals.states[i]!;
  const text = rows.join('');
  for (let c = 0; c < text.length; c++) s.grid[c] = '.#C'.indexOf(text[c]!);
  s.pos = pos;
  s.edits = 0;
  s.steps = 0;
  s.ret = 0;
  internals.evaluate(s);
}

const count = (rows: string[], ch: string): number => rows.join('').split('').filter((c) => c === ch).length;

describe('Turtle initial state', () => {
  it('8x8: exactly 19 walls and no head, the agent on the grid; same seed same grids', () => {
    const env = new TurtleEnv({ width: 8, height: 8, count: 24, seed: 5, difficulty });
    expect(env.actions).toBe(7);
    expect(env.actionNames).toEqual(['U', 'D', 'L', 'R', 'empty', 'wall', 'head']);
    expect(env.observation).toMatchObject({ side: 15, channels: 3, extra: 0 });
    const h = new Harness(env);
    const twin = new Harness(new TurtleEnv({ width: 8, height: 8, count: 24, seed: 5, difficulty }));
    const distinct = new Set<string>();
    for (let i = 0; i < env.count; i++) {
      const w = h.window(i);
      // The 8x8 grid lies somewhere in the 15x15 window; everything else reads as wall.
      expect(count(w, '#')).toBe(15 * 15 - 64 + 19);
      expect(count(w, '.')).toBe(64 - 19);
      expect(count(w, 'C')).toBe(0);
      expect(twin.window(i)).toEqual(w);
      distinct.add(w.join('/'));
    }
    expect(distinct.size).toBeGreaterThan(20);
  });

  it('8x8: the agent is on the grid (walked to the top-left corner with legal moves only), and the grid is there with 19 walls', () => {
    for (let seed = 0; seed < 6; seed++) {
      const h = new Harness(new TurtleEnv({ width: 8, height: 8, count: 1, seed, difficulty }));
      let left = 0, up = 0;
      while (h.maskOf(0)[L] === 1) {
        h.step(0, L);
        left++;
      }
      while (h.maskOf(0)[U] === 1) {
        h.step(0, U);
        up++;
      }
      expect(left).toBeLessThanOrEqual(7);
      expect(up).toBeLessThanOrEqual(7);
      expect(h.maskOf(0).slice(0, 4)).toEqual([0, 1, 0, 1]);
      // Agent at (0,0) in the window centre (7,7): the grid is rows/columns 7..14.
      const w = h.window(0);
      for (let v = 0; v < 15; v++) for (let u = 0; u < 15; u++) if (u < 7 || v < 7) expect(w[v]![u]).toBe('#');
      const inside = w.slice(7).map((r) => r.slice(7));
      expect(count(inside, '#')).toBe(19);
    }
  });
});

describe('Turtle legal mask', () => {
  it('forbids moving off the grid and placing the type the cell already has', () => {
    const env = new TurtleEnv({ width: 5, height: 4, count: 1, seed: 1, difficulty });
    const h = new Harness(env);
    // 5x4: corners, edges and the middle, on each cell type.
    const rows = ['C#...', '.#..#', '..C..', '#...#'];
    const cases: [number, number[]][] = [
      [0, [0, 1, 0, 1, 1, 1, 0]], // (0,0) head: U, L off; head illegal
      [4, [0, 1, 1, 0, 0, 1, 1]], // (4,0) empty: U, R off; empty illegal
      [6, [1, 1, 1, 1, 1, 0, 1]], // (1,1) wall: all moves; wall illegal
      [12, [1, 1, 1, 1, 1, 1, 0]], // (2,2) head
      [15, [1, 0, 0, 1, 1, 0, 1]], // (0,3) wall: D, L off
      [19, [1, 0, 1, 0, 1, 0, 1]], // (4,3) wall: D, R off
      [17, [1, 0, 1, 1, 0, 1, 1]], // (2,3) empty: D off
    ];
    for (const [pos, want] of cases) {
      install(env, 0, rows, pos);
      expect(h.maskOf(0), `agent at ${pos}`).toEqual(want);
    }
  });

  it('an off-grid move or placing the current type is a no-op with reward 0 (and no edit)', () => {
    const env = new TurtleEnv({ width: 5, height: 5, count: 1, seed: 1, difficulty });
    const h = new Harness(env);
    install(env, 0, ['#....', '.....', '..C..', '.....', '.....'], 0);
    const before = h.window(0);
    // 40 no-op edits (wall on a wall) and off-grid moves: more than the edit budget, yet no end.
    for (let k = 0; k < 40; k++) {
      const r = h.step(0, [PUT_WALL, U, L][k % 3]!);
      expect(r).toEqual({ reward: 0, done: 0, finished: [] });
      expect(h.window(0)).toEqual(before);
    }
  });
});

describe('Turtle episode length', () => {
  it('ends on the 25th edit exactly (edits only)', () => {
    const env = new TurtleEnv({ width: 6, height: 6, count: 1, seed: 9, difficulty });
    const h = new Harness(env);
    const rng = createRng(4);
    for (let episode = 0; episode < 3; episode++) {
      for (let edit = 1; edit <= TURTLE_EDIT_BUDGET; edit++) {
        const m = h.maskOf(0);
        const legalEdits = [PUT_EMPTY, PUT_WALL, PUT_HEAD].filter((a) => m[a] === 1);
        expect(legalEdits).toHaveLength(2);
        const r = h.step(0, legalEdits[rng.int(2)]!);
        expect(r.done, `edit ${edit}`).toBe(edit === 25 ? 1 : 0);
        expect(r.finished.length).toBe(edit === 25 ? 1 : 0);
        if (edit === 25) expect(r.finished[0]!.steps).toBe(25);
      }
    }
  });

  it('ends after 100 actions when fewer than 25 edits were made (moves only)', () => {
    const env = new TurtleEnv({ width: 6, height: 6, count: 1, seed: 9, difficulty });
    const h = new Harness(env);
    const rng = createRng(8);
    for (let a = 1; a <= 100; a++) {
      const m = h.maskOf(0);
      const moves = [U, D, L, R].filter((d) => m[d] === 1);
      const r = h.step(0, moves[rng.int(moves.length)]!);
      expect(r.reward).toBe(0);
      expect(r.done, `action ${a}`).toBe(a === 100 ? 1 : 0);
      if (a === 100) {
        expect(r.finished).toHaveLength(1);
        expect(r.finished[0]!.steps).toBe(100);
        expect(r.finished[0]!.episodeReturn).toBe(0);
        expect(r.finished[0]!.difficulty).toBeNull(); // 19 random walls and no head: not solvable
      }
    }
  });

  it('random legal actions: done exactly when 25 edits or 100 actions are reached, and the return is the sum of rewards', () => {
    const n = 4;
    const env = new TurtleEnv({ width: 6, height: 6, count: n, seed: 21, difficulty });
    const h = new Harness(env);
    const rng = createRng(77);
    const edits = new Int32Array(n), actionsTaken = new Int32Array(n), sums = new Float64Array(n);
    let finished = 0, byEdits = 0, bySteps = 0;
    while (finished < 16) {
      h.observe();
      for (let i = 0; i < n; i++) {
        const legal = [0, 1, 2, 3, 4, 5, 6].filter((a) => h.mask[i * 7 + a] === 1);
        // Mostly moves (so some episodes reach the action cap), some edits.
        const moves = legal.filter((a) => a < 4), puts = legal.filter((a) => a >= 4);
        h.actions[i] = rng.next() < 0.8 ? moves[rng.int(moves.length)]! : puts[rng.int(puts.length)]!;
      }
      const fin = env.step(h.actions, h.rewards, h.dones);
      for (let i = 0; i < n; i++) {
        actionsTaken[i]!++;
        if (h.actions[i]! >= 4) edits[i]!++;
        sums[i]! += h.rewards[i]!;
        const want = edits[i] === TURTLE_EDIT_BUDGET || actionsTaken[i] === 4 * TURTLE_EDIT_BUDGET;
        expect(h.dones[i]).toBe(want ? 1 : 0);
        const f = fin.find((e) => e.env === i);
        expect(f !== undefined).toBe(want);
        if (f === undefined) continue;
        finished++;
        if (edits[i] === TURTLE_EDIT_BUDGET) byEdits++;
        else bySteps++;
        expect(f.steps).toBe(actionsTaken[i]);
        expect(f.episodeReturn).toBeCloseTo(sums[i]!, 4);
        edits[i] = 0;
        actionsTaken[i] = 0;
        sums[i] = 0;
      }
    }
    expect(byEdits).toBeGreaterThan(0);
    expect(bySteps).toBeGreaterThan(0);
  });
});

describe('Turtle rewards (hand-made transitions)', () => {
  it('heads: a second head costs 1, removing it gives 1 back; a first head gives 1', () => {
    const env = new TurtleEnv({ width: 5, height: 5, count: 2, seed: 1, difficulty });
    const h = new Harness(env);
    // Two open regions (segregated, so never solvable): only the head term moves.
    const rows = ['C..##', '#####', '...##', '#####', '#####'];
    install(env, 0, rows, 11);
    install(env, 1, ['...##', '#####', '...##', '#####', '#####'], 0);
    expect(h.maskOf(0)[PUT_HEAD]).toBe(1);
    expect(h.step(0, PUT_HEAD, R)).toMatchObject({ reward: -TURTLE_REWARD.head, done: 0 });
    expect(h.window(0)[4]![4]).toBe('C'); // the agent's cell now shows a head
    expect(h.step(0, PUT_EMPTY, R)).toMatchObject({ reward: TURTLE_REWARD.head, done: 0 });
    expect(h.window(0)[4]![4]).toBe('.');
    // Env 1 has no head: the first one is a step towards one head.
    expect(h.step(1, PUT_HEAD, R)).toMatchObject({ reward: TURTLE_REWARD.head, done: 0 });
    // A third head from two: -1 again, then a head replaced by a wall: +1 (and nothing else changes).
    install(env, 0, ['C..##', '#####', '.C.##', '#####', '#####'], 12);
    expect(h.step(0, PUT_HEAD, R).reward).toBe(-TURTLE_REWARD.head);
    install(env, 0, ['C..##', '#####', '.C.##', '#####', '#####'], 11);
    expect(h.step(0, PUT_WALL, R).reward).toBe(TURTLE_REWARD.head);
  });

  it('connecting the regions makes the level solvable: segregation + solvable + its difficulty; the reverse edit gives the negative', () => {
    const env = new TurtleEnv({ width: 5, height: 5, count: 1, seed: 1, difficulty });
    const h = new Harness(env);
    // Cell 7 = (2,1) is the wall separating {0,1,2} from {12}.
    install(env, 0, ['C..##', '#####', '##.##', '#####', '#####'], 7);
    const after = ['C..##', '##.##', '##.##', '#####', '#####']; // R then D fills it
    const d = naiveDifficulty(after);
    const gain = TURTLE_REWARD.segregation + TURTLE_REWARD.solvable + d;
    expect(h.step(0, PUT_EMPTY).reward).toBeCloseTo(gain, 4);
    expect(h.step(0, PUT_WALL).reward).toBeCloseTo(-gain, 4);
    expect(h.step(0, PUT_EMPTY).reward).toBeCloseTo(gain, 4);
  });

  it('solvable -> unsolvable while connected: -solvable - the difficulty it had', () => {
    const env = new TurtleEnv({ width: 5, height: 5, count: 1, seed: 1, difficulty });
    const h = new Harness(env);
    const before = ['C..##', '##.##', '##.##', '#####', '#####'];
    install(env, 0, before, 6); // (1,1): opening it leaves the head unable to fill it
    const d = naiveDifficulty(before);
    // C..## / #..## / ##.##: R fills 1,2; D fills 7,12; cell 6 stays empty -> no solution.
    expect(naiveAnalyze(['C..##', '#..##', '##.##', '#####', '#####']).classes.success).toBe(0);
    expect(h.step(0, PUT_EMPTY).reward).toBeCloseTo(-TURTLE_REWARD.solvable - d, 4);
  });

  it('solvable -> solvable: the reward is the difficulty change alone', () => {
    const env = new TurtleEnv({ width: 5, height: 5, count: 1, seed: 1, difficulty });
    const h = new Harness(env);
    const before = ['C...#', '..#..', '.....', '.....', '.....'];
    const after = ['C...#', '..#..', '..#..', '.....', '.....'];
    install(env, 0, before, 12);
    const d0 = naiveDifficulty(before), d1 = naiveDifficulty(after);
    expect(Math.abs(d1 - d0)).toBeGreaterThan(1); // a transition where the term matters
    expect(h.step(0, PUT_WALL).reward).toBeCloseTo(d1 - d0, 4);
    expect(h.step(0, PUT_EMPTY).reward).toBeCloseTo(d0 - d1, 4);
    // Moving the agent is never rewarded.
    expect(h.step(0, U).reward).toBe(0);
  });

  it('the finished level of a solvable grid carries its difficulty; an unsolvable one carries null', () => {
    const env = new TurtleEnv({ width: 5, height: 5, count: 1, seed: 1, difficulty });
    const h = new Harness(env);
    const rows = ['C..##', '##.##', '##.##', '#####', '#####'];
    install(env, 0, rows, 24);
    let last: ReturnType<Harness['step']> | undefined;
    for (let a = 0; a < 100; a++) last = h.step(0, a % 2 === 0 ? U : D);
    expect(last!.done).toBe(1);
    expect(last!.finished).toHaveLength(1);
    expect(last!.finished[0]!.difficulty).toBeCloseTo(naiveDifficulty(rows), 6);
    expect(last!.finished[0]!.level.head).toBe(0);
    expect(TURTLE_ACTIONS).toHaveLength(7);
  });
});
