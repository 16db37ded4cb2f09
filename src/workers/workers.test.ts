import { describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { AnalysisClient, SUPERSEDED } from './analysis.client';
import { analyzeRowsSync } from './analysis.api';
import { generateLevelsSync } from './generators.api';
import { GeneratorsClient } from './generators.client';

describe('analysis api', () => {
  it('matches the naive solver and validates its request', () => {
    const rows = ['#..#.', '.C...', '...#.', '.....'];
    const answer = analyzeRowsSync({ rows, maxStates: 200_000 });
    if (answer.kind !== 'ok' || answer.value.kind !== 'graph') throw new Error('no graph');
    const r = answer.value;
    expect(r.graph.counts).toEqual(naiveAnalyze(rows).classes);
    expect(r.graph.edgeFrom.length).toBe([...r.graph.outdeg].reduce((a, b) => a + b, 0));
    expect(analyzeRowsSync({ rows: ['C.', '..'], maxStates: 10 })).toMatchObject({ kind: 'invalid' });
    expect(analyzeRowsSync({ rows: 'C..' as unknown as string[], maxStates: 10 })).toEqual({ kind: 'invalid', message: 'the request has no rows of text' });
    expect(analyzeRowsSync({ rows: ['C....', '.....', '.....', '.....'], maxStates: 3 })).toMatchObject({ kind: 'ok', value: { kind: 'state-cap', cap: 3 } });
    // A cap that is not a positive whole number falls back to the default instead of refusing the level.
    expect(analyzeRowsSync({ rows: ['C..', '...', '...'], maxStates: -5 })).toMatchObject({ kind: 'ok', value: { kind: 'graph' } });
  });
});

describe('analysis client (main-thread fallback where there is no Worker, as in Node)', () => {
  it('runs in the page and reports its mode', async () => {
    const client = new AnalysisClient();
    const r = await client.analyze({ rows: ['C..', '...', '...'], maxStates: 1000 });
    expect(r.kind).toBe('ok');
    expect(client.worker.mode).toBe('main-thread');
  });

  it('only the newest of overlapping requests is answered', async () => {
    const client = new AnalysisClient();
    const first = client.analyze({ rows: ['C..', '...', '...'], maxStates: 1000 });
    const second = client.analyze({ rows: ['C..', '.#.', '...'], maxStates: 1000 });
    const third = client.analyze({ rows: ['C#.', '...', '...'], maxStates: 1000 });
    const [a, b, c] = await Promise.all([first, second, third]);
    // The first ran (it started before the others came) but its answer is stale; the second never ran.
    expect(a).toEqual({ kind: 'cancelled', message: SUPERSEDED });
    expect(b).toEqual({ kind: 'cancelled', message: SUPERSEDED });
    expect(c.kind === 'ok' && c.value.kind === 'graph' && c.value.graph.levelKey).toBe('3x3:C#./.../...');
  });
});

describe('generators', () => {
  it('returns unique solvable levels and explains bad requests', async () => {
    const answer = generateLevelsSync({ generator: 'rsd', width: 6, height: 6, seed: 3, count: 5 });
    if (answer.kind !== 'ok') throw new Error(answer.message);
    const r = answer.value;
    expect(r.levels).toHaveLength(5);
    expect(new Set(r.levels.map((l) => l.key)).size).toBe(5);
    expect(r.levels.every((l) => l.features.nSolutions > 0)).toBe(true);
    expect(generateLevelsSync({ generator: 'rsd', width: 2, height: 6, seed: 3, count: 5 })).toEqual({ kind: 'invalid', message: 'width and height must each be between 3 and 16' });
    expect(generateLevelsSync({ generator: 'rsd', width: 6, height: 6, seed: -1, count: 5 })).toEqual({ kind: 'invalid', message: 'the seed must be a whole number from 0 to 4294967295' });
    expect(generateLevelsSync({ generator: 'bogus' as 'rsd', width: 6, height: 6, seed: 1, count: 5 })).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/generator must be one of rpu, rsd/) });
    const client = new GeneratorsClient();
    const again = await client.generate({ generator: 'rsd', width: 6, height: 6, seed: 3, count: 5 });
    expect(again.kind === 'ok' && again.value.levels.map((l) => l.id)).toEqual(r.levels.map((l) => l.id));
  });
});
