/**
 * The walk both "slide over open cells" carvers share (paint, SPEC §12; ice,
 * SPEC §14): the mover walks one cell at a time and a run of steps in one
 * direction is one slide. Turning closes the slide: the cell straight ahead
 * (old direction) becomes wall if it is still undecided, and a turn is not
 * allowed where that cell is already open (the mover would not stop there).
 * Steps may cross open cells. Walls only ever go on undecided cells, so every
 * slide carved so far stays valid.
 *
 * The walk ends when no step is allowed, when no undecided cell is left, or
 * after `cellCount` steps in a row that opened nothing new (it could
 * otherwise cycle over open cells forever).
 *
 * A ruleset's carver extends this with what it records of the walk (its
 * `moves`), the cells it may not enter ({@link SlideCarver.mayEnter}) and how
 * the finished level looks.
 */
import type { Level } from '../level/level';
import { carvedLevel, carvedLevelKey, carveStepOpens, carveStepWalls } from './carved';
import { topology, type Topology } from './moves';
import { CARVE_EMPTY as EMPTY, CARVE_OPEN as OPEN, CARVE_WALL as WALL, type SolutionDownCarver } from './ruleset';

export abstract class SlideCarver implements SolutionDownCarver {
  readonly topo: Topology;
  readonly grid: Uint8Array;
  start = 0;
  head = 0;
  lastDir = -1;
  steps = 0;
  abstract readonly moves: string;
  /** Steps in a row that opened no new cell. */
  private idle = 0;
  private undecided = 0;

  constructor(readonly width: number, readonly height: number) {
    this.topo = topology(width, height);
    this.grid = new Uint8Array(width * height);
  }

  reset(start: number): void {
    this.grid.fill(EMPTY);
    this.start = start;
    this.head = start;
    this.grid[start] = OPEN;
    this.undecided = this.grid.length - 1;
    this.lastDir = -1;
    this.steps = 0;
    this.idle = 0;
  }

  /** Whether the walk may step onto cell `n` (a cell on the grid, not wall). Every cell by default. */
  protected mayEnter(_n: number): boolean {
    return true;
  }

  /** Called when a step in `dir` begins a new slide, before `steps` counts it. */
  protected abstract onSlide(dir: number): void;

  /** Called after a step entered cell `n` (`steps` counts it). */
  protected onEnter(_n: number): void {}

  canStep(dir: number): boolean {
    const nb = this.topo.neighbour;
    const n = nb[this.head * 4 + dir]!;
    if (n < 0 || this.grid[n] === WALL || !this.mayEnter(n)) return false;
    if (this.lastDir >= 0 && dir !== this.lastDir) {
      const ahead = nb[this.head * 4 + this.lastDir]!;
      if (ahead >= 0 && this.grid[ahead] === OPEN) return false;
    }
    return true;
  }

  openMask(): number {
    let m = 0;
    for (let d = 0; d < 4; d++) if (this.canStep(d)) m |= 1 << d;
    return m;
  }

  done(): boolean {
    return this.undecided === 0 || this.idle >= this.grid.length || this.openMask() === 0;
  }

  step(dir: number): void {
    const nb = this.topo.neighbour;
    if (this.lastDir >= 0 && dir !== this.lastDir) {
      const ahead = nb[this.head * 4 + this.lastDir]!;
      if (ahead >= 0 && this.grid[ahead] === EMPTY) {
        this.grid[ahead] = WALL;
        this.undecided--;
      }
    }
    if (dir !== this.lastDir) this.onSlide(dir);
    const n = nb[this.head * 4 + dir]!;
    this.steps++;
    if (this.grid[n] === EMPTY) {
      this.grid[n] = OPEN;
      this.undecided--;
      this.idle = 0;
    } else {
      this.idle++;
    }
    this.onEnter(n);
    this.head = n;
    this.lastDir = dir;
  }

  stepOpens(dir: number): number {
    return carveStepOpens(this.topo, this.grid, this.head, dir);
  }

  stepWalls(dir: number): number {
    return carveStepWalls(this.topo, this.grid, this.head, this.lastDir, dir);
  }

  toLevel(name?: string): Level {
    return carvedLevel(this.width, this.height, this.grid, this.start, name);
  }

  levelKey(): string {
    return carvedLevelKey(this.width, this.grid, this.start);
  }
}
