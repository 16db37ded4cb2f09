// Literal Monte-Carlo simulation of the random player (SPEC §4):
// pick uniformly among legal moves, restart at once on reaching a fail or
// dead state, stop at success. Used to cross-check the exact DP.
import { emptyComponents, isWon, naiveParse, naiveSuccessors } from './naiveSolver';

/** mulberry32: small seeded PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function simulateRandomPlayer(
  rows: string[],
  attempts: number,
  seed: number,
): { meanMoves: number; meanDecisions: number; successes: number } {
  const { w, h, start } = naiveParse(rows);

  // Guard: plain DFS for "some success state is reachable from start".
  const seen = new Set<string>([start]);
  const stack = [start];
  let reachable = false;
  while (stack.length > 0 && !reachable) {
    const s = stack.pop()!;
    if (isWon(s)) reachable = true;
    for (const [, t] of naiveSuccessors(s, w, h)) {
      if (!seen.has(t)) {
        seen.add(t);
        stack.push(t);
      }
    }
  }
  if (!reachable) return { meanMoves: Infinity, meanDecisions: Infinity, successes: 0 };

  // Each state's moves and whether it is dead, worked out once (pure functions of the state): the
  // plays visit the same few states over and over.
  const known = new Map<string, { succ: Array<[string, string]>; dead: boolean }>();
  const about = (s: string) => {
    let k = known.get(s);
    if (k === undefined) {
      const succ = naiveSuccessors(s, w, h);
      k = { succ, dead: succ.length > 0 && emptyComponents(s, w, h) >= 2 };
      known.set(s, k);
    }
    return k;
  };
  const rand = mulberry32(seed);
  let totalMoves = 0;
  let totalDecisions = 0;
  let successes = 0;
  for (let play = 0; play < attempts; play++) {
    // One play: attempts from the start until one reaches success.
    let won = false;
    while (!won) {
      let s = start;
      for (;;) {
        if (isWon(s)) {
          won = true;
          break;
        }
        const { succ, dead } = about(s);
        if (succ.length === 0) break; // fail: restart
        if (dead) break; // dead: restart
        if (succ.length > 1) totalDecisions++;
        const pick = succ[Math.floor(rand() * succ.length)]!;
        s = pick[1];
        totalMoves++;
      }
    }
    successes++;
  }
  return {
    meanMoves: attempts > 0 ? totalMoves / attempts : 0,
    meanDecisions: attempts > 0 ? totalDecisions / attempts : 0,
    successes,
  };
}
