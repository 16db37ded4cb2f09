import { describe, expect, it } from 'vitest';
import type { LevelFeatures } from '../../core/graph/features';
import type { LevelPack, PackLevel } from '../../core/pack/schema';
import { selectPackPendingCount } from './selectors';

const level = (id: string, rows: string[]): PackLevel => ({ id, name: id, rows, difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } });
// Keys written out by hand (width x height : rows), not through the code under test.
const features = { nSolutions: 1 } as unknown as LevelFeatures;
const packOf = (levels: PackLevel[]): LevelPack => ({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'p', levels });

describe('selectPackPendingCount', () => {
  const levels = [level('a', ['C.', '..']), level('b', ['C#', '..']), level('c', ['C.', '.#']), level('d', ['C.', '#.'])];
  const graph = null;

  it('counts the levels with neither features nor a past-the-cap mark, and recounts when the cache changes', () => {
    const pack = packOf(levels);
    const cache1 = new Map<string, LevelFeatures | null>([['2x2:C./..', features], ['2x2:C#/..', null]]);
    expect(selectPackPendingCount({ pack, featureCache: cache1, analysis: { graph } })).toBe(2);
    const cache2 = new Map(cache1).set('2x2:C./.#', features);
    expect(selectPackPendingCount({ pack, featureCache: cache2, analysis: { graph } })).toBe(1);
    // The level on screen counts as analysed through the editor's graph.
    const onScreen = { levelKey: '2x2:C./#.', features } as never;
    expect(selectPackPendingCount({ pack, featureCache: cache2, analysis: { graph: onScreen } })).toBe(0);
  });

  it('follows the pack: a new level array is counted afresh', () => {
    const cache = new Map<string, LevelFeatures | null>([['2x2:C./..', features]]);
    expect(selectPackPendingCount({ pack: packOf(levels.slice(0, 1)), featureCache: cache, analysis: { graph } })).toBe(0);
    expect(selectPackPendingCount({ pack: packOf([...levels]), featureCache: cache, analysis: { graph } })).toBe(3);
  });
});
