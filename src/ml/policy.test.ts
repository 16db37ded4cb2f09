/**
 * Generating levels with an SD-PCGRL policy (SPEC §6): determinism by seed
 * whatever the batch, exact index ranges, every level solvable with a
 * replaying solution (naive solver), temperature 0 following the Q-values
 * (walks derived by hand for fake Q-functions), start cells, and the
 * temperature range.
 */
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveMoves } from '../../test/naive/naiveSolver';
import { toRows } from '../core/level/level';
import type { SdEncoding } from '../core/rl/sdPcgrl';
import { chooseBackend } from './backend';
import { buildQNetwork } from './network';
import { generateWithPolicy, type PolicyGenerationOptions, type PolicyLevel, type QFunction } from './policy';
import { QModel } from './qModel';

const TINY = { blocks: [[4]], dense: 16 };
const nets: tf.LayersModel[] = [];

/** A random-weight Q-network for w x h walks in the given encoding. */
function randomPolicy(w: number, h: number, encoding: SdEncoding, seed: number): QFunction {
  const side = 2 * Math.max(w, h) - 1, channels = encoding === 'markov' ? 4 : 3, extra = encoding === 'markov' ? 4 : 0;
  const net = buildQNetwork({ side, channels, extra, actions: 4 }, TINY, seed);
  nets.push(net);
  return new QModel(net, { side, channels, extra });
}

/** Fixed Q-values per direction (U, D, L, R) for every observation; counts calls and batch sizes. */
function fixedQ(values: [number, number, number, number]): QFunction & { calls: number; sizes: Set<number> } {
  const f = {
    calls: 0,
    sizes: new Set<number>(),
    qValues(_grid: Float32Array, _extra: Float32Array, n: number): Promise<Float32Array> {
      f.calls++;
      f.sizes.add(n);
      const out = new Float32Array(n * 4);
      for (let i = 0; i < n; i++) out.set(values, i * 4);
      return Promise.resolve(out);
    },
  };
  return f;
}

const summary = (ls: PolicyLevel[]): string[] => ls.map((l) => `${l.index}:${toRows(l.level).join('/')}:${l.solution}`);

function expectValid(ls: PolicyLevel[], w: number, h: number): void {
  for (const l of ls) {
    const rows = toRows(l.level);
    expect([l.level.width, l.level.height]).toEqual([w, h]);
    expect(naiveAnalyze(rows).classes.success, rows.join('/')).toBeGreaterThan(0);
    expect(naiveMoves(rows, l.solution), `${rows.join('/')} ${l.solution}`).toEqual({ ok: true, won: true });
  }
}

beforeAll(async () => {
  await chooseBackend('wasm');
});

afterAll(() => {
  for (const n of nets) n.dispose();
});

describe('generateWithPolicy determinism', () => {
  it.each([
    [5, 5, 'markov', 0.3],
    [6, 4, 'thesis', 0],
  ] as const)('%ix%i %s t=%f: same seed same levels, for batch 1, 7 and 64; a different seed differs', async (w, h, encoding, temperature) => {
    const q = randomPolicy(w, h, encoding, 11);
    const base: PolicyGenerationOptions = { width: w, height: h, encoding, temperature, seed: 7, from: 0, to: 64 };
    const a = await generateWithPolicy(q, { ...base, batch: 64 });
    const b = await generateWithPolicy(q, { ...base, batch: 64 });
    const one = await generateWithPolicy(q, { ...base, batch: 1 });
    const seven = await generateWithPolicy(q, { ...base, batch: 7 });
    expect(a).toHaveLength(64);
    expect(summary(b)).toEqual(summary(a));
    expect(summary(one)).toEqual(summary(a));
    expect(summary(seven)).toEqual(summary(a));
    const other = await generateWithPolicy(q, { ...base, seed: 8 });
    expect(summary(other)).not.toEqual(summary(a));
    expectValid(a, w, h);
    // Random starts: more than one distinct level.
    expect(new Set(summary(a).map((s) => s.split(':')[1])).size).toBeGreaterThan(5);
  });

  it('indices are exactly from..to-1, in order, each reported once to onLevel; a shard equals the same indices of a full run', async () => {
    const q = randomPolicy(5, 5, 'markov', 3);
    const seen: number[] = [];
    const part = await generateWithPolicy(q, {
      width: 5, height: 5, encoding: 'markov', temperature: 0.5, seed: 2, from: 10, to: 27, batch: 4,
      onLevel: (i, level, solution) => {
        seen.push(i);
        expect(naiveMoves(toRows(level), solution)).toEqual({ ok: true, won: true });
      },
    });
    expect(part.map((l) => l.index)).toEqual(Array.from({ length: 17 }, (_, k) => 10 + k));
    expect([...seen].sort((x, y) => x - y)).toEqual(part.map((l) => l.index));
    const full = await generateWithPolicy(q, { width: 5, height: 5, encoding: 'markov', temperature: 0.5, seed: 2, from: 0, to: 30 });
    expect(summary(full.slice(10, 27))).toEqual(summary(part));
    expect(await generateWithPolicy(q, { width: 5, height: 5, encoding: 'markov', temperature: 0.5, seed: 2, from: 4, to: 4 })).toEqual([]);
  });

  it('every level is solvable and its solution replays (3x3..6x6, several temperatures)', async () => {
    for (const [w, h] of [[3, 3], [4, 6], [6, 6], [5, 3]] as const) {
      const q = randomPolicy(w, h, 'markov', w * 10 + h);
      for (const temperature of [0, 0.5, 1]) {
        const ls = await generateWithPolicy(q, { width: w, height: h, encoding: 'markov', temperature, seed: 4, from: 0, to: 40 });
        expect(ls).toHaveLength(40);
        expectValid(ls, w, h);
      }
    }
  });
});

describe('generateWithPolicy temperature and start cell', () => {
  it('t=0 follows the Q-values: preferring R, then D, then L, then U on 4x4 from the top-left gives the walk derived by hand', async () => {
    // Walk: R R R (no wall: the turn cell's R side is outside), D D D, L L L, U to (0,2);
    // R turns at (0,2): the cell ahead going U, (0,1), becomes wall; R R to (2,2);
    // U (R side of (2,2) is body: no wall) to (2,1); L to (1,1): every neighbour is filled.
    const q = fixedQ([0, 2, 1, 3]);
    const ls = await generateWithPolicy(q, { width: 4, height: 4, encoding: 'markov', temperature: 0, seed: 1, from: 0, to: 3, startCell: 0 });
    for (const l of ls) {
      expect(toRows(l.level)).toEqual(['C...', '#...', '....', '....']);
      expect(l.solution).toBe('RDLURUL');
    }
    expectValid(ls, 4, 4);
    expect(q.calls).toBeGreaterThan(0);
    expect([...q.sizes]).toEqual([3]);
  });

  it('t=0 preferring U, then L, then D, then R on 3x3 from the centre fills every cell', async () => {
    // U to (1,0); L to (0,0); D D to (0,2); R R to (2,2); U U to (2,0). No turn leaves a wall (all outside).
    const q = fixedQ([3, 1, 2, 0]);
    const [l] = await generateWithPolicy(q, { width: 3, height: 3, encoding: 'thesis', temperature: 0, seed: 9, from: 0, to: 1, startCell: 4 });
    expect(toRows(l!.level)).toEqual(['...', '.C.', '...']);
    expect(l!.solution).toBe('ULDRU');
  });

  it('t=1 is RSD: the Q-function is never asked', async () => {
    const never: QFunction = { qValues: () => Promise.reject(new Error('asked at temperature 1')) };
    const ls = await generateWithPolicy(never, { width: 5, height: 5, encoding: 'markov', temperature: 1, seed: 3, from: 0, to: 30 });
    expect(ls).toHaveLength(30);
    expectValid(ls, 5, 5);
  });

  it('startCell puts the head there in every level', async () => {
    const q = randomPolicy(5, 5, 'markov', 21);
    const ls = await generateWithPolicy(q, { width: 5, height: 5, encoding: 'markov', temperature: 0.4, seed: 5, from: 0, to: 20, startCell: 13 });
    for (const l of ls) {
      expect(l.level.head).toBe(13);
      expect(toRows(l.level)[2]![3]).toBe('C');
    }
    expectValid(ls, 5, 5);
  });

  it("startCell 'every' starts level i at cell i mod cells, whatever the batch or range", async () => {
    const q = randomPolicy(4, 3, 'markov', 23);
    const ls = await generateWithPolicy(q, { width: 4, height: 3, encoding: 'markov', temperature: 0.2, seed: 5, from: 3, to: 30, startCell: 'every', batch: 7 });
    expect(ls.map((l) => l.level.head)).toEqual(ls.map((l) => l.index % 12));
    const again = await generateWithPolicy(q, { width: 4, height: 3, encoding: 'markov', temperature: 0.2, seed: 5, from: 3, to: 30, startCell: 'every', batch: 64 });
    expect(summary(again)).toEqual(summary(ls));
    expectValid(ls, 4, 3);
  });

  it.each([-0.1, 1.5, NaN, Infinity])('temperature %f rejects with a clear message', async (temperature) => {
    await expect(generateWithPolicy(fixedQ([0, 0, 0, 0]), { width: 5, height: 5, encoding: 'markov', temperature, seed: 1, from: 0, to: 2 })).rejects.toThrow(/temperature/);
  });

  it('shouldStop ends generation early with the levels finished so far', async () => {
    let polls = 0;
    const ls = await generateWithPolicy(fixedQ([0, 2, 1, 3]), {
      width: 5, height: 5, encoding: 'markov', temperature: 0, seed: 1, from: 0, to: 100, batch: 1, shouldStop: () => ++polls > 60,
    });
    expect(ls.length).toBeGreaterThan(0);
    expect(ls.length).toBeLessThan(100);
    expectValid(ls, 5, 5);
  });

  // Regression test for a bug found in review (see the commit that fixed it).
  it('a Q-function returning NaN still yields valid levels (no hang)', async () => {
    let polls = 0;
    const ls = await generateWithPolicy(fixedQ([NaN, NaN, NaN, NaN]), {
      width: 5, height: 5, encoding: 'markov', temperature: 0, seed: 1, from: 0, to: 4, startCell: 6, shouldStop: () => ++polls > 500,
    });
    expect(ls).toHaveLength(4);
    expectValid(ls, 5, 5);
  });
});
