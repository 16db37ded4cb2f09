/**
 * Paint (SPEC §12, the Roller Splat / AMAZE family): the ball slides until a
 * wall or the edge and paints every cell it passes; paint every open cell.
 * Paint does not block, so the state graph can have cycles: the solver and
 * classifier take their cycle-safe path.
 */
import type { Ruleset } from '../ruleset';
import { PaintContext } from './context';
import { paintApplyMove, paintInitialState, paintLegalMoves, paintSlideCells } from './play';
import { PaintSolutionDown } from './solutionDown';

/** The paint ruleset. */
export const paint: Ruleset = {
  name: 'paint',
  title: 'Paint',
  acyclic: false,
  glyphs: {
    startName: 'ball',
    coveredName: 'paint',
    coveredBlocks: false,
    summary: 'The ball slides until it hits a wall or the edge, painting every cell it crosses; paint every open cell.',
  },
  levelProblem: () => null,
  compile: (level) => new PaintContext(level),
  initialState: paintInitialState,
  slideCells: paintSlideCells,
  applyMove: paintApplyMove,
  legalMoves: paintLegalMoves,
  solutionDown: (width, height) => new PaintSolutionDown(width, height),
};

export { PaintContext } from './context';
export { PaintSolutionDown } from './solutionDown';
