/**
 * Fast solvability check under any ruleset (default Longcat): depth-first
 * search that stops at the first success, visits each state once, and prunes
 * states the ruleset's dead test calls lost (for Longcat: empty cells in 2+
 * components can never all be filled by one connected slide path). Used by
 * puzzle-up generators, which test many nearly empty grids whose full graphs
 * would be large. The moves and the dead test come from the ruleset's
 * compiled {@link RuleContext}, the same code the full search uses.
 */
import type { Level } from '../level/level';
import { longcat } from '../rules/longcat';
import { slideEnd as slideEndOf, slideGain as slideGainOf, type Ruleset } from '../rules/ruleset';

/** Copied once: called through an import binding it costs a getter call per use under tsx's and vitest's module transforms (about 9% of a paint corpus). */
const slideEnd = slideEndOf, slideGain = slideGainOf;

/** Whether a level is solvable, and the work spent finding out. */
export interface SolvableResult {
  readonly solvable: boolean;
  /** States expanded; when the budget ran out, `solvable` is false and `exhausted` true. */
  readonly expanded: number;
  readonly exhausted: boolean;
}

/** Is the level solvable under `rules`? Gives up (exhausted) after `budget` expansions. Iterative: no recursion limit. */
export function checkSolvable(level: Level, budget = 200_000, rules: Ruleset = longcat): SolvableResult {
  const ctx = rules.compile(level);
  const stride = ctx.stride;
  // Frames: marks (stride words), mover cell, covered count, next direction to try.
  let bits = new Uint32Array(stride * 64);
  let pos = new Int32Array(64), covered = new Int32Array(64), nextDir = new Int8Array(64);
  const visited = new Set<string>();
  const out = new Uint32Array(stride);
  let expanded = 0;

  const key = (base: number, p: number): string => {
    let s = String.fromCharCode(p + 1);
    for (let w = 0; w < stride; w++) s += String.fromCharCode(bits[base + w]! & 0xffff, bits[base + w]! >>> 16);
    return s;
  };
  /** Enters the state in frame `top`; true when it is won. False also when it is pruned (then the frame is dropped by the caller). */
  const enter = (top: number): 'won' | 'pruned' | 'open' => {
    if (ctx.isWon(bits, top * stride, pos[top]!, covered[top]!)) return 'won';
    const base = top * stride;
    if (ctx.isDead(bits, base, pos[top]!, covered[top]!)) return 'pruned';
    const k = key(base, pos[top]!);
    if (visited.has(k)) return 'pruned';
    visited.add(k);
    expanded++;
    nextDir[top] = 0;
    return 'open';
  };

  covered[0] = ctx.startMarks(bits, 0);
  pos[0] = level.head;
  const first = enter(0);
  if (first === 'won') return { solvable: true, expanded, exhausted: false };
  if (first === 'pruned') return { solvable: false, expanded, exhausted: false };
  if (expanded > budget) return { solvable: false, expanded, exhausted: true };
  let top = 0;
  while (top >= 0) {
    const d = nextDir[top]!;
    if (d >= 4) {
      top--;
      continue;
    }
    nextDir[top] = d + 1;
    const r = ctx.slide(bits, top * stride, pos[top]!, d, out);
    if (r < 0) continue;
    const t = top + 1;
    if (t >= pos.length) {
      const grow = <T extends Int32Array | Int8Array | Uint32Array>(a: T, make: (n: number) => T, n: number): T => {
        const b = make(n);
        b.set(a);
        return b;
      };
      bits = grow(bits, (n) => new Uint32Array(n), bits.length * 2);
      pos = grow(pos, (n) => new Int32Array(n), pos.length * 2);
      covered = grow(covered, (n) => new Int32Array(n), covered.length * 2);
      nextDir = grow(nextDir, (n) => new Int8Array(n), nextDir.length * 2);
    }
    bits.set(out, t * stride);
    pos[t] = slideEnd(r);
    covered[t] = covered[top]! + slideGain(r);
    const state = enter(t);
    if (state === 'won') return { solvable: true, expanded, exhausted: false };
    if (state === 'pruned') continue;
    if (expanded > budget) return { solvable: false, expanded, exhausted: true };
    top = t;
  }
  return { solvable: false, expanded, exhausted: false };
}
