/**
 * Progress in the browser: what is saved loads back; a corrupt record is
 * set aside under `.bad` (not lost) and play starts afresh; without
 * storage play still works. A fake localStorage stands in for the
 * browser's and is removed afterwards (test files share globals).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyProgress, loadProgress, saveProgress, withAttempt } from './progress';

class MemoryStorage {
  readonly data = new Map<string, string>();
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.data.set(k, v);
  }
}

const g = globalThis as { window?: unknown };
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  g.window = { localStorage: storage };
});
afterEach(() => {
  delete g.window;
});

describe('play progress', () => {
  it('saves and loads back', () => {
    const p = withAttempt(emptyProgress(), 'a', { outcome: 'solved', seconds: 3.5, moves: 4, undos: 0, restarts: 1, startedAt: '2026-11-22T20:00:00.000Z', replay: false });
    expect(saveProgress('0123456789abcdef', { ...p, current: 1 })).toBe(true);
    expect(loadProgress('0123456789abcdef')).toEqual({ progress: { ...p, current: 1 }, note: null });
  });

  it('a corrupt record is kept aside and play starts afresh, with a note', () => {
    storage.setItem('longcat-play/0123456789abcdef', '{"version":1,"current":-3}');
    const r = loadProgress('0123456789abcdef');
    expect(r.progress).toEqual(emptyProgress());
    expect(r.note).toMatch(/could not be read/);
    expect(storage.getItem('longcat-play/0123456789abcdef.bad')).toBe('{"version":1,"current":-3}');
  });

  it('without storage: a fresh start and a note, saving says it failed', () => {
    delete g.window;
    expect(loadProgress('0123456789abcdef').note).toMatch(/keeps no progress/);
    expect(saveProgress('0123456789abcdef', emptyProgress())).toBe(false);
  });
});
