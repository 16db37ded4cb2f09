/**
 * Longcat's solution-down process (thesis §5.2, SPEC §6). The head walks one
 * cell at a time to an empty neighbour, leaving body; on a turn a wall goes in
 * the cell straight ahead of the turning cell (old direction) unless that
 * cell is body or outside. The walk ends when no neighbour is empty. The
 * finished level (body open, everything else wall, head at the start) has the
 * walk as a solution, so it is always solvable.
 */
import { CELL_EMPTY, CELL_WALL, type Level } from '../../level/level';
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
  /** Solution as a move string: one letter per straight run. */
  moves = '';
  steps = 0;

  constructor(readonly width: number, readonly height: number) {
    this.topo = topology(width, height);
    this.grid = new Uint8Array(width * height);
  }

  reset(start: number): void {
    this.grid.fill(EMPTY);
    this.start = start;
    this.head = start;
    this.grid[start] = BODY;
    this.lastDir = -1;
    this.moves = '';
    this.steps = 0;
  }

  /** True when the head can step in `dir` (the next cell is empty). */
  canStep(dir: number): boolean {
    const n = this.topo.neighbour[this.head * 4 + dir]!;
    return n >= 0 && this.grid[n] === EMPTY;
  }

  /** Bit d set when direction d is open. 0 means the walk is over. */
  openMask(): number {
    let m = 0;
    for (let d = 0; d < 4; d++) if (this.canStep(d)) m |= 1 << d;
    return m;
  }

  /** The walk is over when no neighbour is empty. */
  done(): boolean {
    return this.openMask() === 0;
  }

  /** One step in an open direction (caller checks {@link canStep}). */
  step(dir: number): void {
    const nb = this.topo.neighbour;
    if (this.lastDir >= 0 && dir !== this.lastDir) {
      const ahead = nb[this.head * 4 + this.lastDir]!;
      if (ahead >= 0 && this.grid[ahead] === EMPTY) this.grid[ahead] = WALL;
    }
    if (dir !== this.lastDir) this.moves += DIRECTIONS[dir];
    const n = nb[this.head * 4 + dir]!;
    this.grid[n] = BODY;
    this.head = n;
    this.lastDir = dir;
    this.steps++;
  }

  /** The finished level for the walk so far: body -> empty, rest -> wall, head at start. */
  toLevel(name?: string): Level {
    const cells = new Uint8Array(this.grid.length);
    for (let i = 0; i < cells.length; i++) cells[i] = this.grid[i] === BODY ? CELL_EMPTY : CELL_WALL;
    const level = { width: this.width, height: this.height, cells, head: this.start };
    return name !== undefined ? { ...level, name } : level;
  }

  /** Key of {@link toLevel} without building it (same as `levelKey(toLevel())`). */
  levelKey(): string {
    let s = `${this.width}x${this.height}:`;
    for (let i = 0; i < this.grid.length; i++) {
      if (i > 0 && i % this.width === 0) s += '/';
      s += i === this.start ? 'C' : this.grid[i] === BODY ? '.' : '#';
    }
    return s;
  }
}
