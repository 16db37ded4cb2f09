/**
 * Traffic on the graph against a naive count: random traces (moves, undos,
 * restarts) walked over the naive solver's own graph (string states), and
 * the passes, restarts, give-ups and most-travelled wrong branch counted
 * again by hand over those strings.
 */
import { describe, expect, it } from 'vitest';
import { NODE_CLASSES } from '../graph/classes';
import { naiveGraph } from '../../../test/naive/naiveSolver';
import { createRng } from '../util/rng';
import { traceTraffic, type TracedAttempt, type TrafficGraph } from './traffic';

function asTrafficGraph(rows: string[]) {
  const g = naiveGraph(rows);
  const index = new Map(g.order.map((s, i) => [s, i]));
  const edgeFrom: number[] = [], edgeTo: number[] = [], edgeMove: number[] = [];
  for (const s of g.order) for (const [dir, t] of g.edges.get(s)!) {
    edgeFrom.push(index.get(s)!);
    edgeTo.push(index.get(t)!);
    edgeMove.push('UDLR'.indexOf(dir));
  }
  const graph: TrafficGraph = { nodeCount: g.order.length, edgeFrom, edgeTo, edgeMove, cls: g.order.map((s) => NODE_CLASSES.indexOf(g.cls.get(s)!)) };
  return { g, graph, index };
}

describe('traffic on the graph', () => {
  it('a one-path level by hand: passes, restarts and give-ups', () => {
    const { graph } = asTrafficGraph(['C..', '##.', '##.']);
    const t = traceTraffic(graph, [{ trace: 'RD', solved: true }, { trace: 'R|RD', solved: true }, { trace: 'R', solved: false }]);
    expect([...t.passes]).toEqual([3, 3, 2]);
    expect([...t.restarts]).toEqual([0, 1, 0]);
    expect([...t.giveUps]).toEqual([0, 1, 0]);
    expect(t.mostTravelledWrongBranch).toBeNull();
  });

  it('random traces on a branching level match a naive count over string states; the wrong branch is the naive one', () => {
    const rows = ['C...', '....', '.#..'];
    const { g, graph, index } = asTrafficGraph(rows);
    const rng = createRng(9);
    const attempts: TracedAttempt[] = [];
    const passes = new Map<string, number>(), restarts = new Map<string, number>(), giveUps = new Map<string, number>(), edgeUse = new Map<string, number>();
    const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);
    for (let k = 0; k < 200; k++) {
      let stack = [g.start];
      let trace = '';
      const seen = new Set([g.start]), seenEdges = new Set<string>();
      for (let step = 0; step < 12; step++) {
        const at = stack[stack.length - 1]!;
        const succ = g.edges.get(at)!;
        const r = rng.next();
        if (r < 0.1 && stack.length > 1) {
          trace += '-';
          stack.pop();
        } else if (r < 0.18 && stack.length > 1) {
          trace += '|';
          bump(restarts, at);
          stack = [g.start];
        } else if (succ.length > 0) {
          const [dir, next] = succ[rng.int(succ.length)]!;
          trace += dir;
          stack.push(next);
          if (!seen.has(next)) seen.add(next);
          seenEdges.add(`${at}>${next}`);
        } else break;
        if (!stack[stack.length - 1]!.includes('.')) break;
      }
      const end = stack[stack.length - 1]!;
      const solved = !end.includes('.');
      if (!solved) bump(giveUps, end);
      for (const s of seen) bump(passes, s);
      for (const e of seenEdges) bump(edgeUse, e);
      attempts.push({ trace, solved });
    }
    const t = traceTraffic(graph, attempts);
    expect(t.attempts).toBe(200);
    expect(t.skipped).toBe(0);
    for (const s of g.order) {
      const i = index.get(s)!;
      expect([t.passes[i], t.restarts[i], t.giveUps[i]]).toEqual([passes.get(s) ?? 0, restarts.get(s) ?? 0, giveUps.get(s) ?? 0]);
    }
    // The naive wrong branch: from a solution state to a state that is neither solution nor success, most attempts.
    let best: { from: string; to: string; n: number } | null = null;
    for (const s of g.order) for (const [, next] of g.edges.get(s)!) {
      const n = edgeUse.get(`${s}>${next}`) ?? 0;
      if (g.cls.get(s) !== 'solution' || g.cls.get(next) === 'solution' || g.cls.get(next) === 'success' || n === 0) continue;
      if (best === null || n > best.n) best = { from: s, to: next, n };
    }
    expect(best).not.toBeNull();
    expect(t.mostTravelledWrongBranch).toMatchObject({ from: index.get(best!.from), to: index.get(best!.to), attempts: best!.n, reached: passes.get(best!.from) });
  });

  it('a trace that leaves the graph is skipped, not half counted', () => {
    const { graph } = asTrafficGraph(['C..', '##.', '##.']);
    const t = traceTraffic(graph, [{ trace: 'RU', solved: false }]);
    expect(t).toMatchObject({ skipped: 1, attempts: 0 });
    expect([...t.passes]).toEqual([0, 0, 0]);
  });
});
