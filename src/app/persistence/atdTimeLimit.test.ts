/** The at-difficulty time limit in the saved workspace: older settings without it still restore (automatic), a bad one is refused. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATD_SETTINGS, DEFAULT_BATCH_SETTINGS } from '../store/batchSlice';
import { DEFAULT_HIT_RATE_FORM, DEFAULT_RANGE_VIEW } from '../store/batchMaps';
import { restoreWorkspace, saveWorkspace, type SavedWorkspace } from './workspace';

const base: SavedWorkspace = { view: 'studio', openInPack: null, atdSettings: DEFAULT_ATD_SETTINGS, batchSettings: DEFAULT_BATCH_SETTINGS, pins: { size: '', cells: [] }, keepPins: false, batchMaps: { range: DEFAULT_RANGE_VIEW, hitRate: DEFAULT_HIT_RATE_FORM }, lint: null };

describe('atdSettings.timeLimitSeconds', () => {
  it('a workspace saved before the field existed restores, with the automatic limit', () => {
    const saved = saveWorkspace(base) as { atdSettings: Record<string, unknown> };
    expect('timeLimitSeconds' in saved.atdSettings).toBe(false); // the previous shape
    const r = restoreWorkspace(saved);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.atdSettings.timeLimitSeconds ?? null).toBeNull();
  });

  it('a set limit round-trips; 0 s and 601 s are refused with a sentence naming the field', () => {
    const r = restoreWorkspace(saveWorkspace({ ...base, atdSettings: { ...DEFAULT_ATD_SETTINGS, timeLimitSeconds: 30 } }));
    expect(r.ok && r.value.atdSettings.timeLimitSeconds).toBe(30);
    for (const bad of [0, 601]) {
      const b = restoreWorkspace(saveWorkspace({ ...base, atdSettings: { ...DEFAULT_ATD_SETTINGS, timeLimitSeconds: bad } }));
      expect(b.ok).toBe(false);
      if (!b.ok) expect(b.error).toMatch(/atdSettings\.timeLimitSeconds/);
    }
  });
});
