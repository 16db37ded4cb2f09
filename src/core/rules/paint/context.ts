/**
 * Paint compiled for one level (SPEC §12): the packed-state slide and the
 * dead test. The ball slides until the next cell is wall or outside; paint
 * never blocks, so a move can cover nothing new and the graph can have
 * cycles.
 */
import { CELL_WALL, type Level } from '../../level/level';
import { topology, type Topology } from '../moves';
import { packSlide as packSlideOf, type RuleContext } from '../ruleset';

/** Copied once: called through an import binding it costs a getter call per use under tsx's and vitest's module transforms (about 9% of a paint corpus). */
const packSlide = packSlideOf;

/** CELL_WALL copied once: read through an import binding it costs a property load per use under tsx's CommonJS transform. */
const WALL = CELL_WALL;

/** Paint's {@link RuleContext}: marks are wall and paint. */
export class PaintContext implements RuleContext {
  readonly topology: Topology;
  readonly openCells: number;
  readonly stride: number;
  private readonly nb: Int16Array;
  private readonly cells: Uint8Array;
  /** Per ball cell, `stride` words: the cells on any slide from any cell the ball can reach (paint ignored); filled lazily. */
  private readonly cover: Uint32Array;
  private readonly coverKnown: Uint8Array;
  private readonly lastWordMask: number;

  constructor(readonly level: Level) {
    this.topology = topology(level.width, level.height);
    this.nb = this.topology.neighbour;
    this.stride = this.topology.words;
    this.cells = level.cells;
    let open = 0;
    for (let c = 0; c < this.topology.cellCount; c++) if (level.cells[c] !== WALL) open++;
    this.openCells = open;
    this.cover = new Uint32Array(this.topology.cellCount * this.stride);
    this.coverKnown = new Uint8Array(this.topology.cellCount);
    const rest = this.topology.cellCount & 31;
    this.lastWordMask = rest === 0 ? -1 : (1 << rest) - 1;
  }

  /** Won when every open cell is covered. */
  isWon(_bits: Uint32Array, _base: number, _pos: number, covered: number): boolean {
    return covered === this.openCells;
  }

  startMarks(out: Uint32Array, offset: number): number {
    for (let w = 0; w < this.stride; w++) out[offset + w] = 0;
    for (let c = 0; c < this.topology.cellCount; c++) {
      if (this.cells[c] === WALL) out[offset + (c >>> 5)]! |= 1 << (c & 31);
    }
    const h = this.level.head;
    out[offset + (h >>> 5)]! |= 1 << (h & 31);
    return 1;
  }

  slide(bits: Uint32Array, base: number, pos: number, dir: number, out: Uint32Array): number {
    const nb = this.nb, cells = this.cells;
    let n = nb[pos * 4 + dir]!;
    if (n < 0 || cells[n] === WALL) return -1;
    for (let w = 0; w < this.stride; w++) out[w] = bits[base + w]!;
    let c = pos;
    let gained = 0;
    while (n >= 0 && cells[n] !== WALL) {
      const bit = 1 << (n & 31);
      if ((out[n >>> 5]! & bit) === 0) {
        out[n >>> 5]! |= bit;
        gained++;
      }
      c = n;
      n = nb[c * 4 + dir]!;
    }
    return packSlide(c, gained);
  }

  /**
   * Dead (SPEC §12): some unpainted cell lies on no slide from any cell the
   * ball can reach from `pos`, paint ignored. The cover of each ball cell is
   * computed once per level (O(cells x slide length) each), then the test is
   * O(stride).
   */
  isDead(bits: Uint32Array, base: number, pos: number, _covered: number): boolean {
    const stride = this.stride;
    if (this.coverKnown[pos] === 0) this.computeCover(pos);
    const cb = pos * stride;
    for (let w = 0; w < stride; w++) {
      let missing = ~bits[base + w]! & ~this.cover[cb + w]!;
      if (w === stride - 1) missing &= this.lastWordMask;
      if (missing !== 0) return true;
    }
    return false;
  }

  private computeCover(pos: number): void {
    const nb = this.nb, cells = this.cells, stride = this.stride;
    const cb = pos * stride;
    const seen = new Uint8Array(this.topology.cellCount);
    const queue = [pos];
    seen[pos] = 1;
    this.cover[cb + (pos >>> 5)]! |= 1 << (pos & 31);
    for (let k = 0; k < queue.length; k++) {
      const q = queue[k]!;
      for (let d = 0; d < 4; d++) {
        let c = q;
        for (let n = nb[c * 4 + d]!; n >= 0 && cells[n] !== WALL; n = nb[c * 4 + d]!) {
          this.cover[cb + (n >>> 5)]! |= 1 << (n & 31);
          c = n;
        }
        if (c !== q && seen[c] === 0) {
          seen[c] = 1;
          queue.push(c);
        }
      }
    }
    this.coverKnown[pos] = 1;
  }
}
