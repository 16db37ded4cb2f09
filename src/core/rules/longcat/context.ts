/**
 * Longcat compiled for one level (SPEC §1, §3): the packed-state slide the
 * solver's hot loop calls, and the dead test. The head stops at wall, body or
 * the grid's edge; every cell it enters becomes body, so each legal move
 * covers at least one new cell and the graph is acyclic.
 */
import { CELL_WALL, type Level } from '../../level/level';
import { topology, type Topology } from '../moves';
import { packSlide, type RuleContext } from '../ruleset';

/** CELL_WALL copied once: read through an import binding it costs a property load per cell under tsx's CommonJS transform. */
const WALL_BIT = CELL_WALL;

/**
 * Packs the level's walls into `walls` (one bit per cell) and returns the
 * open-cell count. Branch-free: cells hold CELL_EMPTY (0) or CELL_WALL (1),
 * and random walls defeat branch prediction.
 */
function packWalls(cells: Uint8Array, cellCount: number, stride: number, walls: Uint32Array): number {
  let wallCount = 0;
  for (let w = 0; w < stride; w++) {
    let word = 0;
    const end = Math.min(cellCount, (w + 1) * 32);
    for (let c = w * 32; c < end; c++) {
      const wall = cells[c]! & WALL_BIT;
      word |= wall << (c & 31);
      wallCount += wall;
    }
    walls[w] = word;
  }
  return cellCount - wallCount;
}

// Scratch of the dead test, shared: it is never re-entered (one search runs at a time per thread).
const seen = new Uint32Array(256);
const stack = new Int16Array(256);
let seenStamp = 0;

/**
 * Longcat's {@link RuleContext}: marks are wall, body and head. Building one
 * is O(cells) with no allocation beyond the wall words: the solver compiles
 * a context per search, and most levels have small graphs.
 */
export class LongcatContext implements RuleContext {
  level: Level;
  topology: Topology;
  openCells = 0;
  stride: number;
  private nb: Int16Array;
  private walls: Uint32Array;

  constructor(level: Level) {
    this.level = level;
    this.topology = topology(level.width, level.height);
    this.nb = this.topology.neighbour;
    this.stride = this.topology.words;
    this.walls = new Uint32Array(8);
    this.bind(level);
  }

  /** Points this context at another level (no allocation): the solver reuses one context per search. */
  bind(level: Level): this {
    if (level.width !== this.topology.width || level.height !== this.topology.height) {
      this.topology = topology(level.width, level.height);
      this.nb = this.topology.neighbour;
      this.stride = this.topology.words;
    }
    this.level = level;
    this.openCells = packWalls(level.cells, this.topology.cellCount, this.stride, this.walls);
    return this;
  }

  startMarks(out: Uint32Array, offset: number): number {
    for (let w = 0; w < this.stride; w++) out[offset + w] = this.walls[w]!;
    const h = this.level.head;
    out[offset + (h >>> 5)]! |= 1 << (h & 31);
    return 1;
  }

  slide(bits: Uint32Array, base: number, pos: number, dir: number, out: Uint32Array): number {
    const nb = this.nb;
    let n = nb[pos * 4 + dir]!;
    if (n < 0 || (bits[base + (n >>> 5)]! & (1 << (n & 31))) !== 0) return -1;
    const stride = this.stride;
    for (let w = 0; w < stride; w++) out[w] = bits[base + w]!;
    let c = pos;
    let len = 0;
    while (n >= 0 && (out[n >>> 5]! & (1 << (n & 31))) === 0) {
      out[n >>> 5]! |= 1 << (n & 31);
      c = n;
      len++;
      n = nb[c * 4 + dir]!;
    }
    return packSlide(c, len);
  }

  /** Dead (SPEC §3): the empty cells form two or more 4-connected components. O(cells). */
  isDead(bits: Uint32Array, base: number, _pos: number, covered: number): boolean {
    const stride = this.stride;
    const cellCount = this.topology.cellCount;
    const nb = this.nb;
    const empty = this.openCells - covered;
    if (empty < 2) return false;
    let first = -1;
    for (let w = 0; w < stride && first < 0; w++) {
      let free = ~bits[base + w]!;
      if (w === stride - 1 && (cellCount & 31) !== 0) free &= (1 << (cellCount & 31)) - 1;
      if (free !== 0) first = w * 32 + (31 - Math.clz32(free & -free));
    }
    seenStamp = (seenStamp + 1) >>> 0;
    if (seenStamp === 0) {
      seen.fill(0);
      seenStamp = 1;
    }
    const stamp = seenStamp;
    let top = 0, reached = 1;
    stack[top++] = first;
    seen[first] = stamp;
    while (top > 0) {
      const c = stack[--top]!;
      for (let d = 0; d < 4; d++) {
        const m = nb[c * 4 + d]!;
        if (m < 0 || seen[m] === stamp || (bits[base + (m >>> 5)]! & (1 << (m & 31))) !== 0) continue;
        seen[m] = stamp;
        reached++;
        stack[top++] = m;
      }
    }
    return reached < empty;
  }
}
