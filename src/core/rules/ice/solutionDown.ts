/**
 * Ice's solution-down process (SPEC §14): the mover walks one cell at a time;
 * a run of steps in one direction is one slide. Turning closes the slide: the
 * cell straight ahead (old direction) becomes rock if it is still undecided,
 * and a turn is not allowed where that cell is already open (the mover would
 * not stop there). Steps may cross open cells (ice does not block) but never
 * the start. The goal goes where the walk ends; undecided cells become rock.
 *
 * The mover stops on the goal the first time it enters it, so the solution is
 * the walk's slides up to that first entry (a later part of the walk may cross
 * the goal's cell before ending there): {@link IceSolutionDown.moves} is that
 * prefix, a solution of the finished level.
 *
 * The walk ends when no step is allowed, when no undecided cell is left, or
 * after `cellCount` steps in a row that opened nothing new.
 */
import { CELL_GOAL, type Level } from '../../level/level';
import { carvedLevel, carvedLevelKey, carveStepOpens, carveStepWalls } from '../carved';
import { DIRECTIONS, topology, type Topology } from '../moves';
import { CARVE_EMPTY as EMPTY, CARVE_OPEN as OPEN, CARVE_WALL as WALL, type SolutionDownCarver } from '../ruleset';

/** The ice solution-down process, one step at a time. */
export class IceSolutionDown implements SolutionDownCarver {
  readonly topo: Topology;
  readonly grid: Uint8Array;
  start = 0;
  head = 0;
  lastDir = -1;
  steps = 0;
  /** Per cell, the step (1-based) on which the walk first entered it; 0 when never (the start: 0 too). */
  private readonly firstEntry: Int32Array;
  /** The slides' letters and the step each began on (0-based: steps taken before it). */
  private letters = '';
  private slideStarts: number[] = [];
  private idle = 0;
  private undecided = 0;

  constructor(readonly width: number, readonly height: number) {
    this.topo = topology(width, height);
    this.grid = new Uint8Array(width * height);
    this.firstEntry = new Int32Array(width * height);
  }

  /** The solution: the slides up to the first entry into the goal (the walk's end). */
  get moves(): string {
    if (this.head === this.start) return '';
    const until = this.firstEntry[this.head]!;
    let n = 0;
    while (n < this.slideStarts.length && this.slideStarts[n]! < until) n++;
    return this.letters.slice(0, n);
  }

  reset(start: number): void {
    this.grid.fill(EMPTY);
    this.firstEntry.fill(0);
    this.start = start;
    this.head = start;
    this.grid[start] = OPEN;
    this.undecided = this.grid.length - 1;
    this.lastDir = -1;
    this.letters = '';
    this.slideStarts = [];
    this.steps = 0;
    this.idle = 0;
  }

  canStep(dir: number): boolean {
    const nb = this.topo.neighbour;
    const n = nb[this.head * 4 + dir]!;
    if (n < 0 || n === this.start || this.grid[n] === WALL) return false;
    if (this.lastDir >= 0 && dir !== this.lastDir) {
      const ahead = nb[this.head * 4 + this.lastDir]!;
      if (ahead >= 0 && (this.grid[ahead] === OPEN)) return false;
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
    if (dir !== this.lastDir) {
      this.letters += DIRECTIONS[dir];
      this.slideStarts.push(this.steps);
    }
    const n = nb[this.head * 4 + dir]!;
    this.steps++;
    if (this.grid[n] === EMPTY) {
      this.grid[n] = OPEN;
      this.undecided--;
      this.idle = 0;
    } else {
      this.idle++;
    }
    if (this.firstEntry[n] === 0) this.firstEntry[n] = this.steps;
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
    const level = carvedLevel(this.width, this.height, this.grid, this.start, name);
    if (this.head !== this.start) (level.cells as Uint8Array)[this.head] = CELL_GOAL;
    return level;
  }

  levelKey(): string {
    const key = carvedLevelKey(this.width, this.grid, this.start);
    if (this.head === this.start) return key;
    // The key is `WxH:` then rows joined by '/': the goal's character sits after its row's separators.
    const at = key.indexOf(':') + 1 + this.head + Math.floor(this.head / this.width);
    return key.slice(0, at) + 'G' + key.slice(at + 1);
  }
}
