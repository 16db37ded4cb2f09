import { describe, expect, it } from 'vitest';
import type { TrainingProgress } from '../../workers/training.api';
import { appendThinned } from '../store/trainingSlice';
import { formatCount, formatDuration, trainingSeries } from './trainingSeries';

function point(elapsed: number, episodes: number, o: Partial<TrainingProgress> = {}): TrainingProgress {
  return {
    episodes,
    envSteps: episodes * 10,
    updates: 0,
    elapsed,
    epsilon: 1 - elapsed / 100,
    meanReturn: 2,
    meanDifficulty: 10,
    meanLoss: 0,
    episodesPerSecond: 5,
    envStepsPerSecond: 50,
    updatesPerSecond: 0,
    testDifficulty: null,
    status: 'running',
    ...o,
  };
}

describe('training series', () => {
  it('plots each metric against minutes, skipping values that do not exist yet', () => {
    const history = [point(0, 0), point(30, 60, { updates: 3, meanLoss: 0.5, testDifficulty: 12 }), point(60, 90, { updates: 9, meanLoss: 0.25 })];
    const byKey = Object.fromEntries(trainingSeries(history).map((s) => [s.key, s]));
    expect(byKey.epsilon!.points.map((p) => p.x)).toEqual([0, 0.5, 1]);
    expect(byKey.epsilon!.yDomain).toEqual([0, 1]);
    // No episodes yet -> no reward; no updates yet -> no loss; the test only where it ran.
    expect(byKey.meanReturn!.points).toHaveLength(2);
    expect(byKey.meanLoss!.points.map((p) => p.y)).toEqual([0.5, 0.25]);
    expect(byKey.testDifficulty!.points).toEqual([{ x: 0.5, y: 12 }]);
    expect(byKey.testDifficulty!.last).toBe(12);
    // Episodes per second between reports (60 then 30 episodes in 30 s), not the run's average.
    expect(byKey.episodesPerSecond!.points.map((p) => p.y)).toEqual([5, 2, 1]);
    expect(byKey.meanLoss!.yDomain[0]).toBe(0);
    expect(byKey.meanLoss!.yDomain[1]).toBeGreaterThan(0.5);
  });

  it('has a usable domain with no data or one value', () => {
    for (const s of trainingSeries([])) {
      expect(s.points).toEqual([]);
      expect(s.last).toBeNull();
      expect(s.yDomain[1]).toBeGreaterThan(s.yDomain[0]);
      expect(s.xDomain[1]).toBeGreaterThan(s.xDomain[0]);
    }
    const flat = trainingSeries([point(10, 5, { meanReturn: -3 }), point(20, 9, { meanReturn: -3 })]).find((s) => s.key === 'meanReturn')!;
    expect(flat.yDomain[0]).toBeLessThan(-3);
    expect(flat.yDomain[1]).toBeGreaterThan(-3);
  });

  it('thins old points and keeps the newest', () => {
    let list: number[] = [];
    for (let i = 0; i < 25; i++) list = appendThinned(list, i, 10);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list.at(-1)).toBe(24);
    expect(list[0]).toBe(0);
    expect([...list].sort((a, b) => a - b)).toEqual(list);
  });

  it('formats counters', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatCount(1234567.4)).toBe('1,234,567');
  });
});
