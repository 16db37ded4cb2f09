/**
 * Longcat's solution-down process (thesis §5.2, SPEC §6). The head walks one
 * cell at a time to an empty neighbour, leaving body; on a turn a wall goes in
 * the cell straight ahead of the turning cell (old direction) unless that
 * cell is body or outside. The walk ends when no neighbour is empty. The
 * finished level (body open, everything else wall, head at the start) has the
 * walk as a solution, so it is always solvable.
 */
import type { Level } from '../../level/level';
import { carvedLevel, carvedLevelKey, carveStepOpens, carveStepWalls } from '../carved';
import { DIRECTIONS, topology, type Topology } from '../moves';
import { CARVE_EMPTY as EMPTY, CARVE_OPEN as BODY, CARVE_WALL as WALL, type SolutionDownCarver } from '../ruleset';

/** The Longcat solution-down process, one step at a time. */
export class SolutionDownWalk implements SolutionDownCarver {
  readonly topo: Topology;
  /** EMPTY / WALL / BODY per cell ({@link CARVE_EMPTY} etc.); the head's cell is BODY too. */
  readonly grid: Uint8Array;
  start = 0;
  head = 0;
  /** Last direction moved, or -1 before the first step. */
  lastDir = -1;
  steps = 0;
  /** Direction of each straight run so far; {@link moves} spells them out on demand. */
  private readonly runs: Uint8Array;
  private runCount = 0;
  /** {@link moves} as last spelled, or null when a run was added since. */
  private spelled: string | null = '';
  /** {@link openMask} of the current position, or -1 when it must be recomputed (after a step or reset). */
  private mask = -1;

  constructor(readonly width: number, readonly height: number) {
    this.topo = topology(width, height);
    this.grid = new Uint8Array(width * height);
    this.runs = new Uint8Array(width * height);
  }

  /** Solution as a move string: one letter per straight run. */
  get moves(): string {
    if (this.spelled === null) {
      let s = '';
      for (let i = 0; i < this.runCount; i++) s += DIRECTIONS[this.runs[i]!];
      this.spelled = s;
    }
    return this.spelled;
  }

  reset(start: number): void {
    this.grid.fill(EMPTY);
    this.start = start;
    this.head = start;
    this.grid[start] = BODY;
    this.lastDir = -1;
    this.runCount = 0;
    this.spelled = '';
    this.steps = 0;
    this.mask = -1;
  }

  /** True when the head can step in `dir` (the next cell is empty). */
  canStep(dir: number): boolean {
    return ((this.openMask() >>> dir) & 1) !== 0;
  }

  /** Bit d set when direction d is open. 0 means the walk is over. Computed once per position. */
  openMask(): number {
    if (this.mask < 0) {
      const nb = this.topo.neighbour, grid = this.grid, at = this.head * 4;
      let m = 0;
      for (let d = 0; d < 4; d++) {
        const n = nb[at + d]!;
        if (n >= 0 && grid[n] === EMPTY) m |= 1 << d;
      }
      this.mask = m;
    }
    return this.mask;
  }

  /** The walk is over when no neighbour is empty. */
  done(): boolean {
    return this.openMask() === 0;
  }

  /** One step in an open direction (caller checks {@link canStep}). */
  step(dir: number): void {
    const nb = this.topo.neighbour, grid = this.grid;
    if (dir !== this.lastDir) {
      if (this.lastDir >= 0) {
        const ahead = nb[this.head * 4 + this.lastDir]!;
        if (ahead >= 0 && grid[ahead] === EMPTY) grid[ahead] = WALL;
      }
      this.runs[this.runCount++] = dir;
      this.spelled = null;
    }
    const n = nb[this.head * 4 + dir]!;
    grid[n] = BODY;
    this.head = n;
    this.lastDir = dir;
    this.steps++;
    this.mask = -1;
  }

  /** The empty cell entered by a step in `dir` (every Longcat step opens one). */
  stepOpens(dir: number): number {
    return carveStepOpens(this.topo, this.grid, this.head, dir);
  }

  /** On a turn, the empty cell straight ahead in the old direction. */
  stepWalls(dir: number): number {
    return carveStepWalls(this.topo, this.grid, this.head, this.lastDir, dir);
  }

  /** The finished level for the walk so far: body -> empty, rest -> wall, head at start. */
  toLevel(name?: string): Level {
    return carvedLevel(this.width, this.height, this.grid, this.start, name);
  }

  /** Key of {@link toLevel} without building it (same as `levelKey(toLevel())`). */
  levelKey(): string {
    return carvedLevelKey(this.width, this.grid, this.start);
  }
}
