/**
 * Paint (SPEC §12, the Roller Splat / AMAZE family): the ball slides until a
 * wall or the edge and paints every cell it passes; paint every open cell.
 * Paint does not block, so the state graph can have cycles: the solver and
 * classifier take their cycle-safe path.
 */
import { cellKindsProblem, emptyKind, wallKind } from '../cellKinds';
import type { Ruleset } from '../ruleset';
import { paintAssets } from './assets';
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
    mover: 'ball',
    statesCover: true,
    coveredBlocks: false,
    summary: 'The ball slides until it hits a wall or the edge, painting every cell it crosses; paint every open cell.',
  },
  cellKinds: [emptyKind('empty'), wallKind('wall')],
  assets: paintAssets,
  levelProblem: (level) => cellKindsProblem(level, paint.cellKinds),
  compile: (level) => new PaintContext(level),
  initialState: paintInitialState,
  slideCells: paintSlideCells,
  applyMove: paintApplyMove,
  legalMoves: paintLegalMoves,
  isWon: (_level, state) => state.emptyLeft === 0,
  solutionDown: (width, height) => new PaintSolutionDown(width, height),
};

export { PaintContext } from './context';
export { PaintSolutionDown } from './solutionDown';
