/**
 * The workspace record with generate at difficulty's second target: a
 * record written before the field existed still loads (no second target),
 * one with it comes back equal, and a bad one is refused with a sentence.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATD_SETTINGS, DEFAULT_BATCH_SETTINGS } from '../store/batchSlice';
import { DEFAULT_HIT_RATE_FORM, DEFAULT_RANGE_VIEW } from '../store/batchMaps';
import { restoreWorkspace, saveWorkspace, type SavedWorkspace } from './workspace';

const base: SavedWorkspace = { view: 'studio', openInPack: null, atdSettings: DEFAULT_ATD_SETTINGS, batchSettings: DEFAULT_BATCH_SETTINGS, pins: { size: '8x8', cells: [] }, keepPins: false, batchMaps: { range: DEFAULT_RANGE_VIEW, hitRate: DEFAULT_HIT_RATE_FORM }, lint: null };

describe('the second target in the saved workspace', () => {
  it('a record without it (written before it existed) loads with none', () => {
    const saved = saveWorkspace(base) as { atdSettings: Record<string, unknown> };
    expect('also' in saved.atdSettings).toBe(false);
    const r = restoreWorkspace(saved);
    expect(r.ok && (r.value.atdSettings.also ?? null)).toBe(null);
  });

  it('round-trips a second target, and refuses a measure that does not exist', () => {
    const w = { ...base, atdSettings: { ...DEFAULT_ATD_SETTINGS, also: { measure: 'leniency' as const, target: 0.6 } } };
    const r = restoreWorkspace(JSON.parse(JSON.stringify(saveWorkspace(w))));
    expect(r.ok && r.value.atdSettings.also).toEqual({ measure: 'leniency', target: 0.6 });
    const bad = JSON.parse(JSON.stringify(saveWorkspace(w))) as { atdSettings: { also: { measure: string } } };
    bad.atdSettings.also.measure = 'fun';
    const refused = restoreWorkspace(bad);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/^the saved workspace is invalid \(atdSettings\.also\.measure: /);
  });
});
