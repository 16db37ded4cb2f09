/**
 * Ice (SPEC §14, the ice-sliding puzzle of RPG caves): the mover slides until
 * rock or the edge, or into the goal, which stops it; reach the goal. A state
 * is the mover's cell, so graphs are small, have cycles and take the solver's
 * cycle-safe path; the dead test (the goal is unreachable) is exact.
 */
import { cellKindsProblem, emptyKind, goalKind, wallKind } from '../cellKinds';
import type { Ruleset } from '../ruleset';
import { iceAssets } from './assets';
import { IceContext } from './context';
import { iceApplyMove, iceInitialState, iceLegalMoves, iceSlideCells, iceWon } from './play';
import { IceSolutionDown } from './solutionDown';

/** The ice ruleset. */
export const ice: Ruleset = {
  name: 'ice',
  title: 'Ice',
  acyclic: false,
  glyphs: {
    startName: 'slider',
    coveredName: 'trail',
    mover: 'ball',
    statesCover: false,
    coveredBlocks: false,
    summary: 'The slider glides until it hits a rock or the edge, or enters the goal, which stops it; reach the goal.',
  },
  cellKinds: [emptyKind('ice'), wallKind('rock'), goalKind('goal')],
  assets: iceAssets,
  levelProblem: (level) => cellKindsProblem(level, ice.cellKinds),
  compile: (level) => new IceContext(level),
  initialState: iceInitialState,
  slideCells: iceSlideCells,
  applyMove: iceApplyMove,
  legalMoves: iceLegalMoves,
  isWon: iceWon,
  solutionDown: (width, height) => new IceSolutionDown(width, height),
};

export { IceContext } from './context';
export { IceSolutionDown } from './solutionDown';
