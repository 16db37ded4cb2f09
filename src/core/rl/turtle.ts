/**
 * Turtle PCGRL environment (thesis §5.3, puzzle-up baseline): the agent sits
 * on a cell of a level that starts with 19 random walls; 7 actions move it
 * (U, D, L, R) or set its cell to empty, wall or head. An episode allows 25
 * edits (actions that change a cell) and at most 4 x 25 actions in all.
 *
 * Shaped reward, as the thesis describes: + for the number of heads moving
 * towards one, + for segregated -> not segregated, + for unsolvable ->
 * solvable, and the gain in difficulty while solvable (the reverse changes
 * give the negative). The thesis's agent never produced a solvable level; this
 * is a baseline to beat.
 */
import { Analyzer } from '../graph/analyze';
import type { LevelFeatures } from '../graph/features';
import { checkSolvable } from '../graph/solvable';
import { CELL_EMPTY, CELL_WALL, type Level } from '../level/level';
import { topology, type Topology } from '../rules/moves';
import { createRng, type Rng } from '../util/rng';
import { encodeCentred, observationSide } from './encode';
import type { BatchedEnv, FinishedEpisode, ObservationSpec } from './types';

/** Random walls an episode starts with (thesis: 19). */
export const TURTLE_INITIAL_WALLS = 19;
/** Edits an episode may make (thesis: 25). */
export const TURTLE_EDIT_BUDGET = 25;
/** The agent's actions: move, or write empty / wall / head at its position. */
export const TURTLE_ACTIONS = ['U', 'D', 'L', 'R', 'empty', 'wall', 'head'] as const;
/** Reward weights of the shaped terms (difficulty enters in its own units). */
export const TURTLE_REWARD = { head: 1, segregation: 1, solvable: 2 } as const;

const EMPTY = 0, WALL = 1, HEAD = 2;

interface TurtleState {
  readonly grid: Uint8Array;
  pos: number;
  edits: number;
  steps: number;
  ret: number;
  heads: number;
  segregated: boolean;
  solvable: boolean;
  difficulty: number;
}

/** A Turtle batch: size, number of environments, seed and the difficulty in the reward. */
export interface TurtleOptions {
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly seed: number;
  readonly difficulty: (features: LevelFeatures) => number;
}

/**
 * `count` Turtle PCGRL environments stepped together (the puzzle-up
 * baseline): the reward is shaped by heads approaching one, segregation
 * removed, solvability gained and difficulty gained. Deterministic by seed.
 */
export class TurtleEnv implements BatchedEnv {
  readonly count: number;
  readonly actions = 7;
  readonly actionNames = TURTLE_ACTIONS;
  readonly observation: ObservationSpec;
  private readonly topo: Topology;
  private readonly states: TurtleState[];
  private readonly rng: Rng;
  private readonly analyzer = new Analyzer();

  constructor(private readonly options: TurtleOptions) {
    this.count = options.count;
    this.topo = topology(options.width, options.height);
    this.observation = { side: observationSide(options.width, options.height), channels: 3, extra: 0, channelNames: ['empty', 'wall', 'head'] };
    this.rng = createRng(options.seed);
    this.states = Array.from({ length: options.count }, () => this.fresh());
  }

  private fresh(): TurtleState {
    const n = this.topo.cellCount;
    const grid = new Uint8Array(n);
    let placed = 0;
    while (placed < Math.min(TURTLE_INITIAL_WALLS, n - 1)) {
      const c = this.rng.int(n);
      if (grid[c] === EMPTY) {
        grid[c] = WALL;
        placed++;
      }
    }
    const s: TurtleState = { grid, pos: this.rng.int(n), edits: 0, steps: 0, ret: 0, heads: 0, segregated: true, solvable: false, difficulty: 0 };
    this.evaluate(s);
    return s;
  }

  /** The level when the grid has exactly one head, else null. */
  private levelOf(s: TurtleState): Level | null {
    if (s.heads !== 1) return null;
    const cells = new Uint8Array(s.grid.length);
    let head = 0;
    for (let c = 0; c < cells.length; c++) {
      cells[c] = s.grid[c] === WALL ? CELL_WALL : CELL_EMPTY;
      if (s.grid[c] === HEAD) head = c;
    }
    return { width: this.options.width, height: this.options.height, cells, head };
  }

  /** Recomputes heads, segregation, solvability and difficulty of a state. */
  private evaluate(s: TurtleState): void {
    const g = s.grid, nb = this.topo.neighbour;
    let heads = 0, open = 0, first = -1;
    for (let c = 0; c < g.length; c++) {
      if (g[c] === HEAD) heads++;
      if (g[c] !== WALL) {
        open++;
        if (first < 0) first = c;
      }
    }
    // Segregated: the open cells (empty and heads) are not one 4-connected region.
    let reached = 0;
    if (first >= 0) {
      const seen = new Uint8Array(g.length);
      const stack = [first];
      seen[first] = 1;
      while (stack.length > 0) {
        const c = stack.pop()!;
        reached++;
        for (let d = 0; d < 4; d++) {
          const m = nb[c * 4 + d]!;
          if (m >= 0 && seen[m] === 0 && g[m] !== WALL) {
            seen[m] = 1;
            stack.push(m);
          }
        }
      }
    }
    s.heads = heads;
    s.segregated = reached < open;
    const level = this.levelOf(s);
    s.solvable = level !== null && !s.segregated && checkSolvable(level, 20_000).solvable;
    if (s.solvable && level !== null) {
      const r = this.analyzer.analyze(level);
      s.difficulty = r.ok ? this.options.difficulty(r.value.features) : 0;
    } else {
      s.difficulty = 0;
    }
  }

  observe(grid: Float32Array, _extra: Float32Array): void {
    const { side, channels } = this.observation;
    for (let i = 0; i < this.count; i++) {
      const s = this.states[i]!;
      encodeCentred(grid, i * side * side * channels, side, channels, this.options.width, this.options.height, s.pos, 1, (c) => s.grid[c]!);
    }
  }

  legalMask(mask: Uint8Array): void {
    for (let i = 0; i < this.count; i++) {
      const s = this.states[i]!;
      for (let d = 0; d < 4; d++) mask[i * 7 + d] = this.topo.neighbour[s.pos * 4 + d]! >= 0 ? 1 : 0;
      for (let k = 0; k < 3; k++) mask[i * 7 + 4 + k] = s.grid[s.pos] === k ? 0 : 1;
    }
  }

  step(actions: Int32Array, rewards: Float32Array, dones: Uint8Array): FinishedEpisode[] {
    const finished: FinishedEpisode[] = [];
    for (let i = 0; i < this.count; i++) {
      const s = this.states[i]!;
      const a = actions[i]!;
      let reward = 0;
      s.steps++;
      if (a >= 0 && a < 4) {
        const m = this.topo.neighbour[s.pos * 4 + a]!;
        if (m >= 0) s.pos = m;
      } else if (a >= 4 && a < 7 && s.grid[s.pos] !== a - 4) {
        const before = { heads: s.heads, segregated: s.segregated, solvable: s.solvable, difficulty: s.difficulty };
        s.grid[s.pos] = a - 4;
        s.edits++;
        this.evaluate(s);
        reward += TURTLE_REWARD.head * (Math.abs(before.heads - 1) - Math.abs(s.heads - 1));
        reward += TURTLE_REWARD.segregation * (Number(before.segregated) - Number(s.segregated));
        reward += TURTLE_REWARD.solvable * (Number(s.solvable) - Number(before.solvable));
        reward += s.difficulty - before.difficulty;
      }
      s.ret += reward;
      rewards[i] = reward;
      const done = s.edits >= TURTLE_EDIT_BUDGET || s.steps >= 4 * TURTLE_EDIT_BUDGET;
      dones[i] = done ? 1 : 0;
      if (done) {
        const level = this.levelOf(s) ?? this.levelOfAnyHead(s);
        finished.push({ env: i, level, difficulty: s.solvable ? s.difficulty : null, episodeReturn: s.ret, steps: s.steps });
        this.states[i] = this.fresh();
      }
    }
    return finished;
  }

  /** For reporting a finished grid that has no single head: first head kept (or the agent cell), other heads as empty. */
  private levelOfAnyHead(s: TurtleState): Level {
    let head = s.grid.indexOf(HEAD);
    if (head < 0) head = s.pos;
    const cells = new Uint8Array(s.grid.length);
    for (let c = 0; c < cells.length; c++) cells[c] = s.grid[c] === WALL && c !== head ? CELL_WALL : CELL_EMPTY;
    return { width: this.options.width, height: this.options.height, cells, head };
  }
}
