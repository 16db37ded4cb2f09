/**
 * Longcat (SPEC §1): the cat's head slides until wall, body or the edge and
 * leaves body behind; fill every empty cell. Every move covers a new cell, so
 * the state graph is acyclic and takes the solver's fast path.
 */
import { cellKindsProblem, emptyKind, wallKind } from '../cellKinds';
import type { Ruleset } from '../ruleset';
import { longcatAssets } from './assets';
import { LongcatContext } from './context';
import { longcatApplyMove, longcatInitialState, longcatLegalMoves, longcatSlideCells } from './play';
import { SolutionDownWalk } from './solutionDown';

/** The Longcat ruleset. */
export const longcat: Ruleset = {
  name: 'longcat',
  title: 'Longcat',
  acyclic: true,
  deadInherited: true,
  glyphs: {
    startName: 'cat head',
    coveredName: 'body',
    mover: 'cat',
    statesCover: true,
    coveredBlocks: true,
    summary: 'The head slides until it hits a wall, the body or the edge, leaving body behind; fill every empty cell.',
  },
  cellKinds: [emptyKind('empty'), wallKind('wall')],
  assets: longcatAssets,
  levelProblem: (level) => cellKindsProblem(level, longcat.cellKinds),
  compile: (level, reuse) => (reuse instanceof LongcatContext ? reuse.bind(level) : new LongcatContext(level)),
  initialState: longcatInitialState,
  slideCells: longcatSlideCells,
  applyMove: longcatApplyMove,
  legalMoves: longcatLegalMoves,
  isWon: (_level, state) => state.emptyLeft === 0,
  solutionDown: (width, height) => new SolutionDownWalk(width, height),
};

export { LongcatContext } from './context';
export { SolutionDownWalk } from './solutionDown';
