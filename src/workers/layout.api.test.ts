import { describe, expect, it } from 'vitest';
import { layoutGraph } from './layout.api';
import { LayoutClient } from './layout.client';
import { DAGRE_LIMIT } from './layout.protocol';
import { paintGraph } from '../../test/naive/naivePaint';

/** A diamond: 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3 (depths 0, 1, 1, 2). */
const diamond = () => ({ nodeCount: 4, depth: Uint16Array.from([0, 1, 1, 2]), edgeFrom: Int32Array.from([0, 0, 1, 2]), edgeTo: Int32Array.from([1, 2, 3, 3]), aspect: 1.5 });

describe('layout api', () => {
  it('places nodes by depth left to right, the two middle nodes apart in one column', async () => {
    const r = await layoutGraph(diamond());
    expect(r.kind).toBe('ok');
    if (r.kind !== 'ok') return;
    const { x, y } = r.value;
    expect(x[0]).toBeLessThan(x[1]!);
    expect(x[1]).toBe(x[2]);
    expect(x[2]).toBeLessThan(x[3]!);
    expect(y[1]).not.toBe(y[2]);
  });

  it('lays out a paint graph with cycles (back and same-layer edges): every node once, in its depth column, none on another', async () => {
    // The ring (C.. / .#. / ...) under paint: moves that paint nothing new lead back or sideways.
    const g = paintGraph(['C..', '.#.', '...']);
    const index = new Map(g.order.map((st, i) => [st, i]));
    const from: number[] = [], to: number[] = [];
    for (const [st, edges] of g.edges) {
      for (const [, next] of edges) {
        from.push(index.get(st)!);
        to.push(index.get(next)!);
      }
    }
    const depth = Uint16Array.from(g.order.map((st) => g.depth.get(st)!));
    expect(from.some((f, e) => depth[to[e]!]! <= depth[f]!)).toBe(true); // the graph really has edges that do not go forward
    const r = await layoutGraph({ nodeCount: g.order.length, depth, edgeFrom: Int32Array.from(from), edgeTo: Int32Array.from(to), aspect: 1.5 });
    if (r.kind !== 'ok') throw new Error(r.kind);
    const { x, y } = r.value;
    const spots = new Set<string>();
    for (let i = 0; i < g.order.length; i++) {
      expect(Number.isFinite(x[i]!) && Number.isFinite(y[i]!)).toBe(true);
      spots.add(`${x[i]},${y[i]}`);
      for (let j = 0; j < g.order.length; j++) if (depth[j] === depth[i]) expect(x[j]).toBe(x[i]);
      if (depth[i]! > 0) expect(x[i]!).toBeGreaterThan(x[0]!);
    }
    expect(spots.size).toBe(g.order.length);
  });

  it('refuses a request whose arrays do not fit together, saying which', async () => {
    const badDepth = await layoutGraph({ ...diamond(), depth: Uint16Array.from([0, 1]) });
    expect(badDepth).toMatchObject({ kind: 'invalid' });
    expect(badDepth.kind === 'invalid' && badDepth.message).toMatch(/depth/);
    const badEdge = await layoutGraph({ ...diamond(), edgeTo: Int32Array.from([1, 2, 3, 9]) });
    expect(badEdge.kind === 'invalid' && badEdge.message).toMatch(/edge/);
    expect(await layoutGraph({ ...diamond(), depth: [0, 1, 1, 2] })).toMatchObject({ kind: 'invalid' });
  });
});

describe('layout client (in this thread)', () => {
  it('delivers only the newest answer: an older request resolves as cancelled', async () => {
    const client = new LayoutClient({ useWorker: false });
    const first = client.layout(diamond());
    const second = client.layout({ ...diamond(), aspect: 3 });
    expect((await first).kind).toBe('cancelled');
    expect((await second).kind).toBe('ok');
    client.dispose();
  });
});

/** A chain of `n` states (each one move from the last) with a side branch every fifth state. */
function branchy(n: number) {
  const depth = new Uint16Array(n), from: number[] = [], to: number[] = [];
  for (let i = 1; i < n; i++) {
    const parent = i % 5 === 0 ? i - 2 : i - 1;
    depth[i] = depth[parent]! + 1;
    from.push(parent);
    to.push(i);
  }
  return { nodeCount: n, depth, edgeFrom: Int32Array.from(from), edgeTo: Int32Array.from(to), aspect: 1.5 };
}

describe('dagre in the layout api', () => {
  it('ranks left to right: every edge goes from a smaller x to a larger one, and no two nodes share a place', async () => {
    const g = branchy(40);
    const r = await layoutGraph({ ...g, layout: 'dagre' });
    expect(r.kind).toBe('ok');
    if (r.kind !== 'ok') return;
    const { x, y } = r.value;
    expect(x.length).toBe(40);
    for (let k = 0; k < g.edgeFrom.length; k++) expect(x[g.edgeFrom[k]!]).toBeLessThan(x[g.edgeTo[k]!]!);
    const places = new Set([...x].map((xi, i) => `${xi},${y[i]}`));
    expect(places.size).toBe(40);
  });

  it('differs from the layered layout (it is not the same drawing under another name)', async () => {
    const g = diamond();
    const layered = await layoutGraph(g);
    const dagre = await layoutGraph({ ...g, layout: 'dagre' });
    if (layered.kind !== 'ok' || dagre.kind !== 'ok') throw new Error('both layouts should answer');
    expect([...dagre.value.x]).not.toEqual([...layered.value.x]);
  });

  it('refuses dagre above DAGRE_LIMIT states with a message naming the limit, and lays out the same graph layered', async () => {
    const g = branchy(DAGRE_LIMIT + 1);
    const refused = await layoutGraph({ ...g, layout: 'dagre' });
    expect(refused.kind).toBe('invalid');
    expect(refused.kind === 'invalid' && refused.message).toContain(DAGRE_LIMIT.toLocaleString('en-US'));
    expect((await layoutGraph(g)).kind).toBe('ok');
  });

  it('an unknown layout name is refused', async () => {
    expect(await layoutGraph({ ...diamond(), layout: 'spring' })).toMatchObject({ kind: 'invalid' });
  });
});
