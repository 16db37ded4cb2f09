/**
 * Ice's solution-down process (SPEC §14): the slide walk of
 * {@link SlideCarver} (walls are rock; steps may cross open cells, since ice
 * does not block, but never the start). The goal goes where the walk ends;
 * undecided cells become rock.
 *
 * The mover stops on the goal the first time it enters it, so the solution is
 * the walk's slides up to that first entry (a later part of the walk may cross
 * the goal's cell before ending there): {@link IceSolutionDown.moves} is that
 * prefix, a solution of the finished level.
 */
import { CELL_GOAL, type Level } from '../../level/level';
import { DIRECTIONS } from '../moves';
import { SlideCarver } from '../slideCarver';

/** The ice solution-down process, one step at a time. */
export class IceSolutionDown extends SlideCarver {
  /** Per cell, the step (1-based) on which the walk first entered it; 0 when never (the start: 0 too). */
  private readonly firstEntry: Int32Array;
  /** The slides' letters and the step each began on (0-based: steps taken before it). */
  private letters = '';
  private slideStarts: number[] = [];

  constructor(width: number, height: number) {
    super(width, height);
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

  override reset(start: number): void {
    super.reset(start);
    this.firstEntry.fill(0);
    this.letters = '';
    this.slideStarts = [];
  }

  protected override mayEnter(n: number): boolean {
    return n !== this.start;
  }

  protected onSlide(dir: number): void {
    this.letters += DIRECTIONS[dir];
    this.slideStarts.push(this.steps);
  }

  protected override onEnter(n: number): void {
    if (this.firstEntry[n] === 0) this.firstEntry[n] = this.steps;
  }

  override toLevel(name?: string): Level {
    const level = super.toLevel(name);
    if (this.head !== this.start) (level.cells as Uint8Array)[this.head] = CELL_GOAL;
    return level;
  }

  override levelKey(): string {
    const key = super.levelKey();
    if (this.head === this.start) return key;
    // The key is `WxH:` then rows joined by '/': the goal's character sits after its row's separators.
    const at = key.indexOf(':') + 1 + this.head + Math.floor(this.head / this.width);
    return key.slice(0, at) + 'G' + key.slice(at + 1);
  }
}
