/**
 * Paint's solution-down process (SPEC §12): the slide walk of
 * {@link SlideCarver} (steps may cross painted cells: paint does not block);
 * every slide carved stays valid, so the walk's slides are a solution of the
 * finished level.
 */
import { DIRECTIONS } from '../moves';
import { SlideCarver } from '../slideCarver';

/** The paint solution-down process, one step at a time. */
export class PaintSolutionDown extends SlideCarver {
  moves = '';

  override reset(start: number): void {
    super.reset(start);
    this.moves = '';
  }

  protected onSlide(dir: number): void {
    this.moves += DIRECTIONS[dir];
  }
}
