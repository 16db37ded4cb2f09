/**
 * The ruleset seam (SPEC §12, STYLE habit 13). A sliding puzzle is a grid of
 * empty and wall cells with one start cell; a ruleset says how the mover
 * slides, what a slide marks, when a level is won and which lost states are
 * obviously lost. The solver, classes, features, player model, generators and
 * environments take a {@link Ruleset}; only `rules/<name>/` knows a rule.
 *
 * A state is always (mover cell, marked cells), where "marked" means wall or
 * already covered by the mover (Longcat: wall, body and head; paint: wall and
 * paint; ice: walls only, a state is the mover's cell). The ruleset decides
 * the end of the game on its compiled context ({@link RuleContext.isWon}; a
 * state that is not won and has no legal move is failed), its cell kinds
 * ({@link Ruleset.cellKinds}) and its assets (difficulty default, SD-PCGRL
 * model, generators, exports): code outside `rules/` asks it and never tests
 * a ruleset's name.
 */
import type { Level } from '../level/level';
import type { Topology } from './moves';

/** The names of the rulesets the studio knows, in menu order. */
export const RULESET_NAMES = ['longcat', 'paint', 'ice'] as const;
/** One of {@link RULESET_NAMES}. */
export type RulesetName = (typeof RULESET_NAMES)[number];
/**
 * The ruleset of data that names none: text files, version-1 packs, records
 * saved before rulesets. The only place its name is written down.
 */
export const DEFAULT_RULESET_NAME: RulesetName = 'longcat';

/**
 * One state of play, never mutated (moves return a new state). `head` is the
 * mover's cell (Longcat's head, paint's ball); `filled` is 1 per marked cell
 * (wall, or covered by the mover: Longcat's body and head, paint's paint).
 */
export interface PlayState {
  readonly head: number;
  /** 1 where the cell is wall or already covered by the mover. */
  readonly filled: Uint8Array;
  /** Open cells not yet covered (progress; whether the state is won is {@link Ruleset.isWon}). */
  readonly emptyLeft: number;
}

/**
 * A ruleset compiled for one level: the packed-state operations the solver's
 * hot loop calls. States are bitsets of `stride` Uint32 words, bit c set when
 * cell c is marked. Implementations keep no per-call state beyond scratch
 * buffers, so one context serves a whole search.
 */
export interface RuleContext {
  readonly level: Level;
  readonly topology: Topology;
  /** Open (non-wall) cells, the start included. */
  readonly openCells: number;
  /** Uint32 words per packed state. */
  readonly stride: number;
  /** Writes the start state's marks into `out[offset .. offset + stride)` and returns how many open cells they cover. */
  startMarks(out: Uint32Array, offset: number): number;
  /**
   * The move from `pos` in direction `dir` on the state `bits[base .. base +
   * stride)`. Illegal (first cell blocked): returns -1 and leaves `out` alone.
   * Legal: writes the next state's marks into `out[0 .. stride)` and returns
   * {@link packSlide}(end cell, newly covered cells).
   */
  slide(bits: Uint32Array, base: number, pos: number, dir: number, out: Uint32Array): number;
  /**
   * The end of the game: true when the state `bits[base .. base + stride)`
   * with the mover on `pos` and `covered` open cells covered is won (Longcat
   * and paint: every open cell covered; ice: the mover on the goal). A won
   * state has no move (the game ends there); a state that is not won and has
   * no legal move is failed.
   */
  isWon(bits: Uint32Array, base: number, pos: number, covered: number): boolean;
  /**
   * The ruleset's cheap "obviously lost" test (SPEC §3, §12) for a state that
   * is neither won nor failed; `covered` is its number of covered open cells.
   */
  isDead(bits: Uint32Array, base: number, pos: number, covered: number): boolean;
}

/** A legal slide's result: end cell (0..255) and cells newly covered, in one number. */
export function packSlide(end: number, gained: number): number {
  return end | (gained << 8);
}
/** The end cell of a {@link packSlide} result. */
export function slideEnd(packed: number): number {
  return packed & 255;
}
/** The cells newly covered by a {@link packSlide} result. */
export function slideGain(packed: number): number {
  return packed >>> 8;
}

/**
 * A kind of cell a ruleset's levels may hold besides the start: its value in
 * `Level.cells`, its character in the text format and the editor tool that
 * paints it. `unique`: exactly one such cell per level (ice's goal).
 */
export interface CellKind {
  readonly value: number;
  readonly char: string;
  /** What the cell is in this game ("ice", "rock", "goal"). */
  readonly name: string;
  /** The editor tool that paints it. */
  readonly tool: 'empty' | 'wall' | 'goal';
  readonly unique?: boolean;
}

/**
 * What a ruleset ships and allows, looked up through it (never by testing
 * its name). File paths are relative to the package root.
 */
export interface RulesetAssets {
  /** The shipped default difficulty model: its file and its data (validated by `core/difficulty/defaultModel.ts`). */
  readonly difficultyModel: { readonly file: string; readonly data: unknown };
  /** The folder of the shipped SD-PCGRL model under `models/` (it may be absent from a build). */
  readonly rlModelFolder: string;
  /** The generators that run under these rules, by name (`core/generators/registry.ts`). */
  readonly generators: readonly string[];
  /** The generators of the difficulty recipe's corpus (`core/difficulty/recipe.ts`). */
  readonly corpusGenerators: readonly string[];
  /** The export formats that can hold these rules' levels (`core/export/formats.ts`). */
  readonly exports: readonly string[];
  /** True when the graph has no cycles and solution paths are counted, so "unique solution" can be asked for. */
  readonly uniqueSolution: boolean;
  /** True when the Turtle environment can train for these rules. */
  readonly turtle: boolean;
}

/** How the editor and the state view draw a ruleset, as data (the studio maps roles to its palette). */
export interface RulesetEditorGlyphs {
  /** What `C` is called in this game ("cat head", "ball"). */
  readonly startName: string;
  /** What a covered cell is called ("body", "paint"). */
  readonly coveredName: string;
  /** True when a graph state holds the covered cells (Longcat, paint); false when it is the mover's cell only (ice), so the studio shows no cover counts per state. */
  readonly statesCover: boolean;
  /** How the studio draws the mover: a cat with its body through the covered cells, or a ball on its cell. */
  readonly mover: 'cat' | 'ball';
  /** True when covered cells block the mover (drawn as solid body), false when they only show progress (a trail). */
  readonly coveredBlocks: boolean;
  /** One sentence of the rules for help texts. */
  readonly summary: string;
}

/**
 * The solution-down process of a ruleset (SPEC §6, §12), one step at a time:
 * random solution-down runs it with random directions, SD-PCGRL with a
 * policy. `grid` holds {@link CARVE_EMPTY} (not yet decided), {@link
 * CARVE_WALL} or {@link CARVE_OPEN} (on the solution) per cell; the mover's
 * cell is open.
 */
export interface SolutionDownCarver {
  readonly width: number;
  readonly height: number;
  readonly grid: Uint8Array;
  readonly start: number;
  readonly head: number;
  /** Last direction stepped, or -1 before the first step. */
  readonly lastDir: number;
  /** The solution so far, one letter per slide. */
  readonly moves: string;
  readonly steps: number;
  reset(start: number): void;
  /** True when a step in `dir` is allowed now. */
  canStep(dir: number): boolean;
  /** Bit d set when direction d is allowed. */
  openMask(): number;
  /** True when the walk is over (no step allowed, or the ruleset's own end rule). */
  done(): boolean;
  /** One step in an allowed direction (the caller checks {@link canStep}). */
  step(dir: number): void;
  /**
   * The undecided cell a step in `dir` (allowed now) would open, or -1 when it
   * opens none. With {@link stepWalls} it says what a step decides without
   * taking it, so a constraint (pinned cells) can veto steps without knowing
   * the rules. O(1).
   */
  stepOpens(dir: number): number;
  /** The undecided cell a step in `dir` (allowed now) would make a wall, or -1 when none. O(1). */
  stepWalls(dir: number): number;
  /** Cells a walk may start from (absent: every cell). A constraint narrows it; generators draw the start among them. */
  readonly startCells?: readonly number[];
  /** The finished level so far: open cells empty, the rest wall, the mover at the start. */
  toLevel(name?: string): Level;
  /** `levelKey(toLevel())` without building the level. */
  levelKey(): string;
}

/** Carver cell: not yet decided (becomes wall when the level is finished). */
export const CARVE_EMPTY = 0;
/** Carver cell: wall. */
export const CARVE_WALL = 1;
/** Carver cell: on the solution (open in the finished level). */
export const CARVE_OPEN = 2;

/** A game's rules behind one interface (SPEC §12). */
export interface Ruleset {
  readonly name: RulesetName;
  /** Display name ("Longcat", "Paint"). */
  readonly title: string;
  /**
   * True when every legal move covers at least one new cell, so the state
   * graph is a DAG layered by covered count: the solver and classifier take
   * their fast acyclic path. False: the cycle-safe path (SCCs, trapped sets).
   */
  readonly acyclic: boolean;
  /**
   * True when the dead test is inherited along moves: a state reached by a
   * legal move from a dead state is dead itself whenever it has a legal move.
   * Longcat's holds (a slide covers a straight run of one empty component and
   * ends beside a cell of that component when the next state can move, so the
   * other components stay apart). The acyclic classifier then runs the dead
   * test only where no parent is dead. Absent means false.
   */
  readonly deadInherited?: boolean;
  readonly glyphs: RulesetEditorGlyphs;
  /** The cell kinds of its levels besides the start, wall and empty first (the editor's tools, the text format's characters). */
  readonly cellKinds: readonly CellKind[];
  readonly assets: RulesetAssets;
  /** A level this ruleset cannot play (a cell kind it lacks, a unique kind missing or repeated), as a sentence, or null. */
  levelProblem(level: Level): string | null;
  /**
   * The packed-state operations for one level (the solver's hot loop). May
   * rebind and return `reuse` (a context this ruleset compiled earlier, no
   * longer needed) to save allocations on hot paths.
   */
  compile(level: Level, reuse?: RuleContext): RuleContext;
  /** The level's start state. */
  initialState(level: Level): PlayState;
  /** Cells the mover passes over moving in `dir` (empty when illegal), in order. */
  slideCells(level: Level, state: PlayState, dir: number): number[];
  /** The state after a move in `dir`, or null when it is illegal. */
  applyMove(level: Level, state: PlayState, dir: number): PlayState | null;
  /** True when `state` is won (the game ends there). */
  isWon(level: Level, state: PlayState): boolean;
  /** Legal direction indices in `state` (none once won: the game ends there). */
  legalMoves(level: Level, state: PlayState): number[];
  /** A fresh solution-down process for a `width x height` grid (generators and SD-PCGRL). */
  solutionDown(width: number, height: number): SolutionDownCarver;
}
