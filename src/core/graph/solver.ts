/**
 * Solution-graph search (SPEC §3, §12): breadth-first over every state
 * reachable from the start under a {@link Ruleset} (default Longcat), with
 * states packed as bitsets and deduplicated in an open-addressing hash table.
 * The ruleset's compiled {@link RuleContext} makes each move and says which
 * states are won ({@link RuleContext.isWon}); a won state is never expanded
 * (the game ends there). A {@link Solver} keeps its buffers between
 * calls, so analysing thousands of levels allocates almost nothing; the graph
 * it returns is a view into those buffers and is valid until its next call.
 * Copy out whatever must outlive the next call.
 *
 * Complexity: O(S * (4 * L + w)) for S states, slide length L and w words per
 * state; memory (w + 8) * 4 bytes per state plus the table.
 */
import type { Level } from '../level/level';
import { longcat } from '../rules/longcat';
import type { Topology } from '../rules/moves';
import { slideEnd as slideEndOf, slideGain as slideGainOf, type RuleContext, type Ruleset } from '../rules/ruleset';

/** Copied once: called through an import binding it costs a getter call per use under tsx's and vitest's module transforms (about 9% of a paint corpus). */
const slideEnd = slideEndOf, slideGain = slideGainOf;

/** Default cap on explored states (SPEC §3). */
export const DEFAULT_STATE_CAP = 200_000;

/** The searched state graph, a view into the {@link Solver}'s buffers: valid until its next search. */
export interface SearchGraph {
  readonly level: Level;
  readonly ruleset: Ruleset;
  /** The ruleset compiled for this level (its dead test is what the classifier calls). */
  readonly rules: RuleContext;
  readonly topology: Topology;
  /** False when the state cap stopped the search; then only the explored part is present. */
  readonly complete: boolean;
  readonly stateCount: number;
  /** Open cells (not wall), the start included. */
  readonly openCells: number;
  /** Words per state in `bits`. */
  readonly stride: number;
  /** Per state, `stride` words: bit c set when cell c is marked (wall, or covered: Longcat's body and head, paint's paint). */
  readonly bits: Uint32Array;
  readonly head: Uint16Array;
  /** Open cells covered per state. Never decreases along an edge; strictly increases for an acyclic ruleset. */
  readonly filled: Uint16Array;
  /** Fewest moves from the start (BFS depth). */
  readonly depth: Uint16Array;
  /** `child[s * 4 + d]`: the state after direction d (U, D, L, R), or -1 when illegal. */
  readonly child: Int32Array;
  readonly outdeg: Uint8Array;
  /** 1 per won state (the ruleset's end of the game, asked once per state during the search); a won state has no edge out. */
  readonly won: Uint8Array;
}

const INITIAL_CAPACITY = 256;

/** Reusable state-space search with its own buffers. Not re-entrant. */
export class Solver {
  private capacity = 0;
  private stride = 0;
  private bits = new Uint32Array(0);
  private head = new Uint16Array(0);
  private filled = new Uint16Array(0);
  private depth = new Uint16Array(0);
  private child = new Int32Array(0);
  private outdeg = new Uint8Array(0);
  private won = new Uint8Array(0);
  /**
   * The open-addressing table, two words per slot: the search's stamp (a slot
   * holding an older stamp is free, so a new search clears nothing) and the
   * state index. Side by side, a probe touches one cache line.
   */
  private slots = new Int32Array(0);
  private stamp = 0;
  private tmp = new Uint32Array(8);
  /** The last compiled rules, handed back to the ruleset to reuse (the graph it belonged to is invalid by now). */
  private context: RuleContext | undefined;

  /**
   * Explores every state reachable from the level's start, stopping once
   * `maxStates` states are known (then `complete` is false).
   */
  search(level: Level, maxStates: number = DEFAULT_STATE_CAP, ruleset: Ruleset = longcat): SearchGraph {
    const rules = ruleset.compile(level, this.context);
    this.context = rules;
    const topo = rules.topology;
    const stride = rules.stride;
    this.ensure(INITIAL_CAPACITY, stride, 0);
    this.newTable();
    const tmp = this.tmp;
    const openCells = rules.openCells;
    // The buffers as locals (reloaded after a growth): the loop below is the engine's hottest code.
    let { bits, head, filled, depth, child, outdeg, won, slots, capacity } = this;
    let mask = (slots.length >>> 1) - 1, stamp = this.stamp;

    // Start state.
    head[0] = level.head;
    filled[0] = rules.startMarks(bits, 0);
    depth[0] = 0;
    let count = 1;
    {
      let i = hashState(bits, 0, level.head, stride) & mask;
      while (slots[2 * i] === stamp) i = (i + 1) & mask;
      slots[2 * i] = stamp;
      slots[2 * i + 1] = 0;
    }
    let complete = true;

    for (let s = 0; s < count; s++) {
      const base = s * stride, at = s * 4;
      const h = head[s]!, covered = filled[s]!;
      if (rules.isWon(bits, base, h, covered)) {
        // Won: the game ends here (paint or ice could still move; Longcat cannot).
        child[at] = child[at + 1] = child[at + 2] = child[at + 3] = -1;
        outdeg[s] = 0;
        won[s] = 1;
        continue;
      }
      won[s] = 0;
      const nextDepth = depth[s]! + 1;
      let deg = 0;
      for (let d = 0; d < 4; d++) {
        const r = rules.slide(bits, base, h, d, tmp);
        if (r < 0) {
          child[at + d] = -1;
          continue;
        }
        deg++;
        const c = slideEnd(r);
        // Probe for (tmp, c); i ends on the match or on the free slot where it belongs.
        let i = hashState(tmp, 0, c, stride) & mask;
        let found = -1;
        while (slots[2 * i] === stamp) {
          const t = slots[2 * i + 1]!;
          if (head[t] === c) {
            const tb = t * stride;
            let w = 0;
            while (w < stride && bits[tb + w] === tmp[w]) w++;
            if (w === stride) {
              found = t;
              break;
            }
          }
          i = (i + 1) & mask;
        }
        if (found < 0) {
          if (count >= maxStates) {
            complete = false;
            child[at + d] = -1;
            continue;
          }
          if (count >= capacity) {
            this.ensure(capacity * 2, stride, count);
            ({ bits, head, filled, depth, child, outdeg, won, slots, capacity } = this);
            mask = (slots.length >>> 1) - 1;
            stamp = this.stamp;
            i = hashState(tmp, 0, c, stride) & mask;
            while (slots[2 * i] === stamp) i = (i + 1) & mask;
          }
          const nbase = count * stride;
          for (let w = 0; w < stride; w++) bits[nbase + w] = tmp[w]!;
          head[count] = c;
          filled[count] = covered + slideGain(r);
          depth[count] = nextDepth;
          slots[2 * i] = stamp;
          slots[2 * i + 1] = count;
          found = count++;
        }
        child[at + d] = found;
      }
      outdeg[s] = deg;
    }

    return {
      level,
      ruleset,
      rules,
      topology: topo,
      complete,
      stateCount: count,
      openCells,
      stride,
      bits,
      head,
      filled,
      depth,
      child,
      outdeg,
      won,
    };
  }

  /** Room for `capacity` states of `stride` words; the first `known` states (mid-search growth) are kept and re-inserted. */
  private ensure(capacity: number, stride: number, known: number): void {
    if (capacity <= this.capacity && stride === this.stride) return;
    const grow = <T extends Uint32Array | Uint16Array | Int32Array | Uint8Array>(old: T, make: (n: number) => T, n: number): T => {
      const next = make(n);
      if (stride === this.stride) next.set(old.subarray(0, Math.min(old.length, n)));
      return next;
    };
    const cap = Math.max(capacity, this.capacity);
    this.bits = grow(this.bits, (n) => new Uint32Array(n), cap * stride);
    this.head = grow(this.head, (n) => new Uint16Array(n), cap);
    this.filled = grow(this.filled, (n) => new Uint16Array(n), cap);
    this.depth = grow(this.depth, (n) => new Uint16Array(n), cap);
    this.child = grow(this.child, (n) => new Int32Array(n), cap * 4);
    this.outdeg = grow(this.outdeg, (n) => new Uint8Array(n), cap);
    this.won = grow(this.won, (n) => new Uint8Array(n), cap);
    this.capacity = cap;
    this.stride = stride;
    if (cap * 2 > this.slots.length >>> 1) {
      this.slots = new Int32Array(cap * 4);
      this.stamp = 0;
      this.newTable();
      // Re-insert the states found so far (growth in the middle of a search).
      for (let s = 0; s < known; s++) this.insert(s, stride);
    }
  }

  private newTable(): void {
    this.stamp++;
    if (this.stamp > 0x7fffffff) {
      this.slots.fill(0);
      this.stamp = 1;
    }
  }

  private insert(s: number, stride: number): void {
    const slots = this.slots, mask = (slots.length >>> 1) - 1;
    let i = hashState(this.bits, s * stride, this.head[s]!, stride) & mask;
    while (slots[2 * i] === this.stamp) i = (i + 1) & mask;
    slots[2 * i] = this.stamp;
    slots[2 * i + 1] = s;
  }
}

/** Hash of a state: its `stride` words at `offset` and its head cell. */
function hashState(words: Uint32Array, offset: number, head: number, stride: number): number {
  let h = Math.imul(head + 1, 0x9e3779b1);
  for (let w = 0; w < stride; w++) {
    h = Math.imul(h ^ words[offset + w]!, 0x85ebca6b);
    h ^= h >>> 13;
  }
  return Math.imul(h ^ (h >>> 16), 0xc2b2ae35) >>> 0;
}
