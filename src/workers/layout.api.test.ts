import { describe, expect, it } from 'vitest';
import { layoutGraph } from './layout.api';
import { LayoutClient } from './layout.client';

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
