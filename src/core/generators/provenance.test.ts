import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { atDifficultyHead, atDifficultyLevelId, atDifficultySource, curveLevelId, formatTemperature, generatedLevelId, sdPcgrlLevelId, sdPcgrlSource } from './provenance';

describe('generated level ids', () => {
  it('put the seed right after the size for every generator', () => {
    expect(generatedLevelId('rsd', 8, 8, 3, { index: 5, k: 0, siblings: 1 })).toBe('rsd-8x8-s3-5');
    expect(generatedLevelId('rpu', 6, 7, 1, { index: 9, k: 1, siblings: 3 })).toBe('rpu-6x7-s1-9-2');
    expect(sdPcgrlLevelId(8, 8, 3, 0.2, 5)).toBe('sd-pcgrl-8x8-s3-t0.2-5');
    expect(atDifficultyLevelId(atDifficultyHead(44.6), 8, 8, 1, 0)).toBe('d45-8x8-s1-0');
    expect(atDifficultyLevelId(atDifficultyHead(50, 'medium'), 8, 8, 1, 2)).toBe('medium-8x8-s1-2');
    expect(curveLevelId(0, 10, 8, 8, 2)).toBe('curve-1-d10-8x8-s2');
  });

  it('write a temperature the same however it was computed (0.1 + 0.2 is 0.3)', () => {
    expect(formatTemperature(0.1 + 0.2)).toBe('0.3');
    expect(formatTemperature(1)).toBe('1');
    expect(sdPcgrlSource(1, 0.1 + 0.2, 'm').temperature).toBe(0.3);
  });

  it('SD-PCGRL ids are unique within a run and tell its settings apart (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 16 }), fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1000 }), (side, seed, t100, index) => {
        const t = t100 / 100;
        const id = sdPcgrlLevelId(side, side, seed, t, index);
        expect(id).not.toBe(sdPcgrlLevelId(side, side, seed, t, index + 1));
        expect(id).not.toBe(sdPcgrlLevelId(side, side, (seed + 1) % 2 ** 32, t, index));
        expect(id.split('-')).toEqual(['sd', 'pcgrl', `${side}x${side}`, `s${seed}`, `t${t}`, String(index)]);
      }),
    );
  });

  it('an at-difficulty source names the method, target, work and model, and no wall time', () => {
    expect(atDifficultySource({ target: 29.96, attempts: 120 }, 4, 'default')).toEqual({
      generator: 'at-difficulty (target 30, 120 evaluations)',
      seed: 4,
      temperature: null,
      model: 'default',
    });
  });
});
