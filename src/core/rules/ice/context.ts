/**
 * Ice compiled for one level (SPEC §14): the packed-state slide, the end of
 * the game and the dead test. A state is the mover's cell: the marks are the
 * rocks only and never change, so a slide covers nothing new and the graph
 * has cycles. The mover slides until the next cell is rock or outside, or it
 * enters the goal, which stops it.
 */
import { CELL_GOAL, CELL_WALL, type Level } from '../../level/level';
import { topology, type Topology } from '../moves';
import { packSlide as packSlideOf, type RuleContext } from '../ruleset';

/** Copied once: called through an import binding it costs a getter call per use under tsx's and vitest's module transforms (about 9% of a paint corpus). */
const packSlide = packSlideOf;

const ROCK = CELL_WALL;

/** Ice's {@link RuleContext}: marks are the rocks (and the start, counted once). */
export class IceContext implements RuleContext {
  readonly topology: Topology;
  readonly openCells: number;
  readonly stride: number;
  /** The goal's cell, or -1 when the level has none (then nothing is won and every state is dead). */
  readonly goal: number;
  private readonly nb: Int16Array;
  private readonly cells: Uint8Array;
  /** 1 where the goal can be reached from that cell; computed on the first dead test. */
  private reaches: Uint8Array | null = null;

  constructor(readonly level: Level) {
    this.topology = topology(level.width, level.height);
    this.nb = this.topology.neighbour;
    this.stride = this.topology.words;
    this.cells = level.cells;
    let open = 0, goal = -1;
    for (let c = 0; c < this.topology.cellCount; c++) {
      if (level.cells[c] !== ROCK) open++;
      if (level.cells[c] === CELL_GOAL && goal < 0) goal = c;
    }
    this.openCells = open;
    this.goal = goal;
  }

  startMarks(out: Uint32Array, offset: number): number {
    for (let w = 0; w < this.stride; w++) out[offset + w] = 0;
    for (let c = 0; c < this.topology.cellCount; c++) {
      if (this.cells[c] === ROCK) out[offset + (c >>> 5)]! |= 1 << (c & 31);
    }
    return 1;
  }

  /** Where a slide from `pos` in `dir` ends, or -1 when its first cell is rock or outside. */
  slideEnd(pos: number, dir: number): number {
    const nb = this.nb, cells = this.cells, goal = this.goal;
    let n = nb[pos * 4 + dir]!;
    if (n < 0 || cells[n] === ROCK) return -1;
    let c = n;
    while (c !== goal) {
      n = nb[c * 4 + dir]!;
      if (n < 0 || cells[n] === ROCK) break;
      c = n;
    }
    return c;
  }

  slide(bits: Uint32Array, base: number, pos: number, dir: number, out: Uint32Array): number {
    const end = this.slideEnd(pos, dir);
    if (end < 0) return -1;
    for (let w = 0; w < this.stride; w++) out[w] = bits[base + w]!;
    return packSlide(end, 0);
  }

  /** Won when the mover is on the goal. */
  isWon(_bits: Uint32Array, _base: number, pos: number, _covered: number): boolean {
    return pos === this.goal;
  }

  /**
   * Dead (SPEC §14): the goal cannot be reached from `pos`. Exact for ice: a
   * state is its cell, so this is the backward search from the goal over
   * the slides, done once per level (O(cells x slide length)), then O(1).
   */
  isDead(_bits: Uint32Array, _base: number, pos: number, _covered: number): boolean {
    this.reaches ??= this.computeReaches();
    return this.reaches[pos] === 0;
  }

  private computeReaches(): Uint8Array {
    const n = this.topology.cellCount;
    const reaches = new Uint8Array(n);
    if (this.goal < 0) return reaches;
    // Reversed slide edges: for every open cell and direction, end -> from.
    const from: number[][] = Array.from({ length: n }, () => []);
    for (let c = 0; c < n; c++) {
      if (this.cells[c] === ROCK || c === this.goal) continue;
      for (let d = 0; d < 4; d++) {
        const e = this.slideEnd(c, d);
        if (e >= 0) from[e]!.push(c);
      }
    }
    const queue = [this.goal];
    reaches[this.goal] = 1;
    for (let k = 0; k < queue.length; k++) {
      for (const p of from[queue[k]!]!) {
        if (reaches[p] === 1) continue;
        reaches[p] = 1;
        queue.push(p);
      }
    }
    return reaches;
  }
}
