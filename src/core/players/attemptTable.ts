/**
 * Attempts as columns (typed arrays that double as they fill): what `rate`
 * keeps of ten million rows, about 26 bytes an attempt, players' names held
 * once each. Also the two passes over it: repeats removed (the same
 * player, level and start time: one attempt in two files) and the pooling
 * of a player's tries into one time per level (rate.ts's rule) with the
 * practice position of each.
 */
import type { TimeColumns } from './rating';

/** Outcome codes in the columns. */
export const OUTCOME_CODE = { solved: 0, failed: 1, gaveup: 2 } as const;

export class AttemptTable {
  length = 0;
  level = new Int32Array(1024);
  player = new Int32Array(1024);
  outcome = new Uint8Array(1024);
  seconds = new Float64Array(1024);
  /** Epoch ms; NaN when not known. */
  startedAt = new Float64Array(1024);
  replay = new Uint8Array(1024);
  readonly playerIds = new Map<string, number>();

  /** The player's number (given in first-seen order). */
  playerId(name: string): number {
    let p = this.playerIds.get(name);
    if (p === undefined) {
      p = this.playerIds.size;
      this.playerIds.set(name, p);
    }
    return p;
  }

  add(level: number, player: string, outcome: keyof typeof OUTCOME_CODE, seconds: number, startedAt: number | undefined, replay: boolean): void {
    if (this.length >= this.level.length) this.grow();
    const k = this.length++;
    this.level[k] = level;
    this.player[k] = this.playerId(player);
    this.outcome[k] = OUTCOME_CODE[outcome];
    this.seconds[k] = seconds;
    this.startedAt[k] = startedAt ?? NaN;
    this.replay[k] = replay ? 1 : 0;
  }

  /** Shrinks the columns to the rows held (a ten-million-row table drops the doubling's slack before the passes below). */
  trim(): void {
    const n = this.length;
    this.level = this.level.slice(0, n);
    this.player = this.player.slice(0, n);
    this.outcome = this.outcome.slice(0, n);
    this.seconds = this.seconds.slice(0, n);
    this.startedAt = this.startedAt.slice(0, n);
    this.replay = this.replay.slice(0, n);
  }

  /** Lets go of the columns and names (after the times were taken), so the fit does not hold both. */
  release(): void {
    this.length = 0;
    this.level = new Int32Array(0);
    this.player = new Int32Array(0);
    this.outcome = new Uint8Array(0);
    this.seconds = new Float64Array(0);
    this.startedAt = new Float64Array(0);
    this.replay = new Uint8Array(0);
    this.playerIds.clear();
  }

  private grow(): void {
    const cap = Math.max(1024, this.level.length * 2);
    const more = <T extends Int32Array | Uint8Array | Float64Array>(a: T, make: new (n: number) => T): T => {
      const b = new make(cap);
      b.set(a);
      return b;
    };
    this.level = more(this.level, Int32Array);
    this.player = more(this.player, Int32Array);
    this.outcome = more(this.outcome, Uint8Array);
    this.seconds = more(this.seconds, Float64Array);
    this.startedAt = more(this.startedAt, Float64Array);
    this.replay = more(this.replay, Uint8Array);
  }

  /**
   * Removes every repeat of an attempt (same player, level and start time;
   * attempts without a start time are never repeats), keeping the first, in
   * order. Open addressing on a table of indices; O(attempts). Returns how
   * many were removed.
   */
  dedupe(): number {
    const n = this.length;
    let cap = 1;
    while (cap < 2 * n + 2) cap <<= 1;
    const slots = new Int32Array(cap).fill(-1);
    const mask = cap - 1;
    let w = 0;
    for (let k = 0; k < n; k++) {
      const at = this.startedAt[k]!;
      let keep = true;
      if (!Number.isNaN(at)) {
        const lo = at % 4294967296 | 0, hi = Math.floor(at / 4294967296) | 0;
        let h = Math.imul(this.player[k]! ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(this.level[k]! + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(lo, 0x27d4eb2f) ^ Math.imul(hi, 0x165667b1);
        h ^= h >>> 15;
        for (let s = h & mask; ; s = (s + 1) & mask) {
          const j = slots[s]!;
          if (j < 0) {
            slots[s] = w;
            break;
          }
          if (this.player[j] === this.player[k] && this.level[j] === this.level[k] && this.startedAt[j] === at) {
            keep = false;
            break;
          }
        }
      }
      if (!keep) continue;
      if (w !== k) {
        this.level[w] = this.level[k]!;
        this.player[w] = this.player[k]!;
        this.outcome[w] = this.outcome[k]!;
        this.seconds[w] = this.seconds[k]!;
        this.startedAt[w] = at;
        this.replay[w] = this.replay[k]!;
      }
      w++;
    }
    const removed = n - w;
    this.length = w;
    return removed;
  }

  /**
   * One time per player and level: every try up to and including the first
   * solve, added up (a never-solved level gives a censored time); replays
   * and tries after the first solve are not timed. Each time's position is
   * how many other levels the player had started before it (by start
   * times; NaN when any of the player's attempts has none). Tries are taken
   * in the order given. Players in first-seen order. O(attempts).
   */
  times(levelCount: number): TimeColumns {
    const n = this.length, players = this.playerIds.size;
    // Counting sort of the attempts by player, stable.
    const startOf = new Int32Array(players + 1);
    for (let k = 0; k < n; k++) startOf[this.player[k]! + 1]!++;
    for (let p = 0; p < players; p++) startOf[p + 1]! += startOf[p]!;
    const byPlayer = new Int32Array(n), fill = startOf.slice(0, players);
    for (let k = 0; k < n; k++) byPlayer[fill[this.player[k]!]!++] = k;
    const slot = new Int32Array(levelCount).fill(-1);
    let cap = Math.max(16, Math.min(n, 1 << 20)), m = 0;
    let lv = new Int32Array(cap), pl = new Int32Array(cap), sec = new Float64Array(cap), ok = new Uint8Array(cap), first = new Float64Array(cap);
    const grow = (): void => {
      cap *= 2;
      const g = <T extends Int32Array | Uint8Array | Float64Array>(a: T, make: new (c: number) => T): T => {
        const b = new make(cap);
        b.set(a);
        return b;
      };
      lv = g(lv, Int32Array);
      pl = g(pl, Int32Array);
      sec = g(sec, Float64Array);
      ok = g(ok, Uint8Array);
      first = g(first, Float64Array);
    };
    const position = (): Float64Array => new Float64Array(cap);
    let pos = position();
    for (let p = 0; p < players; p++) {
      const from = m;
      let known = true;
      for (let q = startOf[p]!; q < startOf[p + 1]!; q++) {
        const k = byPlayer[q]!;
        const i = this.level[k]!;
        const at = this.startedAt[k]!;
        if (Number.isNaN(at)) known = false;
        if (this.replay[k] === 1) continue;
        let e = slot[i]!;
        if (e < 0) {
          if (m === cap) {
            const old = pos;
            grow();
            pos = position();
            pos.set(old.subarray(0, m));
          }
          e = m++;
          slot[i] = e;
          lv[e] = i;
          pl[e] = p;
          sec[e] = 0;
          ok[e] = 0;
          first[e] = at;
        }
        if (at < first[e]!) first[e] = at;
        if (ok[e] === 1) continue;
        sec[e]! += this.seconds[k]!;
        if (this.outcome[k] === OUTCOME_CODE.solved) ok[e] = 1;
      }
      for (let e = from; e < m; e++) slot[lv[e]!] = -1;
      if (!known) {
        for (let e = from; e < m; e++) pos[e] = NaN;
        continue;
      }
      // Position: how many of the player's levels started earlier (ties share the lower count).
      const idx = Array.from({ length: m - from }, (_, d) => from + d).sort((a, b) => first[a]! - first[b]!);
      for (let r = 0; r < idx.length; r++) pos[idx[r]!] = r > 0 && first[idx[r]!] === first[idx[r - 1]!] ? pos[idx[r - 1]!]! : r;
    }
    return { n: m, level: lv.subarray(0, m), player: pl.subarray(0, m), seconds: sec.subarray(0, m), solved: ok.subarray(0, m), position: pos.subarray(0, m) };
  }
}
