/**
 * Longcat compiled for one level (SPEC §1, §3): the packed-state slide the
 * solver's hot loop calls, and the dead test. The head stops at wall, body or
 * the grid's edge; every cell it enters becomes body, so each legal move
 * covers at least one new cell and the graph is acyclic.
 */
import { CELL_WALL, type Level } from '../../level/level';
import { topology, type Topology } from '../moves';
import { packSlide as packSlideOf, type RuleContext } from '../ruleset';

/** Copied once: called through an import binding it costs a getter call per use under tsx's and vitest's module transforms (about 9% of a paint corpus). */
const packSlide = packSlideOf;

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

// Scratch of the row-by-row dead test (levels over 64 cells), shared: it is never re-entered (one search runs at a time per thread).
const reachRows = new Int32Array(16);
const freeRows = new Int32Array(16);

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
  private width = 0;
  // The dead test's masks for levels of up to 64 cells (see setMasks), as fields so it reads no arrays.
  private notFirstLo = 0;
  private notFirstHi = 0;
  private notLastLo = 0;
  private notLastHi = 0;
  private insideLo = 0;
  private insideHi = 0;

  constructor(level: Level) {
    this.level = level;
    this.topology = topology(level.width, level.height);
    this.nb = this.topology.neighbour;
    this.stride = this.topology.words;
    this.walls = new Uint32Array(8);
    this.setMasks();
    this.bind(level);
  }

  /** Points this context at another level (no allocation): the solver reuses one context per search. */
  bind(level: Level): this {
    if (level.width !== this.topology.width || level.height !== this.topology.height) {
      this.topology = topology(level.width, level.height);
      this.nb = this.topology.neighbour;
      this.stride = this.topology.words;
      this.setMasks();
    }
    this.level = level;
    this.openCells = packWalls(level.cells, this.topology.cellCount, this.stride, this.walls);
    return this;
  }

  /**
   * The column masks of the dead test for levels of up to 64 cells (two
   * words): `notFirst` has every cell but column 0's, `notLast` every cell but
   * the last column's, `inside` every cell. A one-cell shift towards higher
   * indices lands in column 0 exactly when it wrapped round a row end, so
   * `notFirst` clears those bits (`notLast` those of the other way).
   */
  private setMasks(): void {
    const t = this.topology;
    this.width = t.width;
    let nfLo = 0, nfHi = 0, nlLo = 0, nlHi = 0, inLo = 0, inHi = 0;
    if (t.cellCount <= 64) {
      for (let c = 0; c < t.cellCount; c++) {
        const bit = 1 << (c & 31), x = c % t.width;
        const notFirst = x !== 0 ? bit : 0, notLast = x !== t.width - 1 ? bit : 0;
        if (c < 32) {
          inLo |= bit;
          nfLo |= notFirst;
          nlLo |= notLast;
        } else {
          inHi |= bit;
          nfHi |= notFirst;
          nlHi |= notLast;
        }
      }
    }
    this.notFirstLo = nfLo;
    this.notFirstHi = nfHi;
    this.notLastLo = nlLo;
    this.notLastHi = nlHi;
    this.insideLo = inLo;
    this.insideHi = inHi;
  }

  /** Won when every open cell is covered. */
  isWon(_bits: Uint32Array, _base: number, _pos: number, covered: number): boolean {
    return covered === this.openCells;
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

  /**
   * Dead (SPEC §3): the empty cells form two or more 4-connected components.
   * Bit-parallel: the component of the lowest empty cell grows by one step
   * in all four directions per round (shifts of the packed words, masked by
   * the empty cells) until it covers every empty cell (alive) or stops
   * growing (dead). O(rounds * words) with rounds at most the component's
   * radius; levels of up to 64 cells keep both words in registers.
   */
  isDead(bits: Uint32Array, base: number, _pos: number, covered: number): boolean {
    if (this.openCells - covered < 2) return false;
    if (this.stride > 2) return this.isDeadRows(bits, base);
    const w = this.width, wr = 32 - w;
    const nfLo = this.notFirstLo, nfHi = this.notFirstHi, nlLo = this.notLastLo, nlHi = this.notLastHi;
    const el = ~bits[base]! & this.insideLo;
    const eh = this.stride === 2 ? ~bits[base + 1]! & this.insideHi : 0;
    let rl = el & -el, rh = rl === 0 ? eh & -eh : 0;
    for (;;) {
      const nl = (rl | ((rl << 1) & nfLo) | (((rl >>> 1) | (rh << 31)) & nlLo) | (rl << w) | (rl >>> w) | (rh << wr)) & el;
      const nh = (rh | (((rh << 1) | (nl >>> 31)) & nfHi) | ((rh >>> 1) & nlHi) | (rh << w) | (nl >>> wr) | (rh >>> w)) & eh;
      if (nl === el && nh === eh) return false;
      if (nl === rl && nh === rh) return true;
      rl = nl;
      rh = nh;
    }
  }

  /**
   * {@link isDead} for levels over 64 cells, row by row (a row is at most 16
   * cells, one small integer): a row's reached cells grow to the whole runs
   * of empty cells they touch in one step (a carry for one direction, a
   * doubling fill for the other), and sweeps down then up carry them to the
   * rows beside, until a pair of sweeps changes nothing. Rounds grow with the
   * turns of the component, not its length.
   */
  private isDeadRows(bits: Uint32Array, base: number): boolean {
    const w = this.width, h = this.topology.height, full = (1 << w) - 1;
    let first = -1;
    for (let y = 0; y < h; y++) {
      const start = y * w, at = base + (start >>> 5), off = start & 31;
      let v = bits[at]! >>> off;
      if (off + w > 32) v |= bits[at + 1]! << (32 - off);
      const e = ~v & full;
      freeRows[y] = e;
      reachRows[y] = 0;
      if (first < 0 && e !== 0) first = y;
    }
    const e0 = freeRows[first]!;
    reachRows[first] = runsTouching(e0, e0 & -e0);
    for (;;) {
      let changed = false;
      for (let y = first + 1; y < h; y++) {
        const e = freeRows[y]!, r = reachRows[y]!;
        const grown = (r | reachRows[y - 1]!) & e;
        if (grown !== r) {
          reachRows[y] = runsTouching(e, grown);
          changed = true;
        }
      }
      for (let y = h - 2; y >= 0; y--) {
        const e = freeRows[y]!, r = reachRows[y]!;
        const grown = (r | reachRows[y + 1]!) & e;
        if (grown !== r) {
          reachRows[y] = runsTouching(e, grown);
          changed = true;
        }
      }
      if (!changed) break;
    }
    for (let y = 0; y < h; y++) if (reachRows[y] !== freeRows[y]) return true;
    return false;
  }
}

/**
 * The runs of `e` (one row's empty cells, at most 16 bits) that hold a bit of
 * `m` (a subset of `e`). Towards higher bits an addition carries through each
 * run; towards lower bits a doubling (Kogge-Stone) fill spans up to 15 cells.
 */
function runsTouching(e: number, m: number): number {
  const up = (((e + m) ^ e) | m) & e;
  let g = m, p = e;
  g |= p & (g >>> 1);
  p &= p >>> 1;
  g |= p & (g >>> 2);
  p &= p >>> 2;
  g |= p & (g >>> 4);
  p &= p >>> 4;
  g |= p & (g >>> 8);
  return up | g;
}
