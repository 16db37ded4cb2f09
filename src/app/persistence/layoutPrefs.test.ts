import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, readLayoutPrefs, writeLayoutPrefs } from './layoutPrefs';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('layout preferences', () => {
  it('reads back what was written', () => {
    const s = memoryStorage();
    expect(writeLayoutPrefs({ version: 1, graphColumnWidth: 720 }, s)).toBe(true);
    expect(readLayoutPrefs(s)).toEqual({ version: 1, graphColumnWidth: 720 });
  });

  it('gives the default layout for nothing saved, bad JSON, a wrong shape or an out-of-range width', () => {
    const s = memoryStorage();
    expect(readLayoutPrefs(s)).toEqual(DEFAULT_LAYOUT);
    for (const raw of ['{', '[]', '{"version":2,"graphColumnWidth":500}', '{"version":1,"graphColumnWidth":-5}', '{"version":1,"graphColumnWidth":"wide"}']) {
      s.data.set('longcat-studio.layout', raw);
      expect(readLayoutPrefs(s), raw).toEqual(DEFAULT_LAYOUT);
    }
  });

  it('refuses to write an invalid width and leaves the saved one alone', () => {
    const s = memoryStorage();
    writeLayoutPrefs({ version: 1, graphColumnWidth: 600 }, s);
    expect(writeLayoutPrefs({ version: 1, graphColumnWidth: Number.NaN }, s)).toBe(false);
    expect(readLayoutPrefs(s).graphColumnWidth).toBe(600);
  });

  it('survives a storage that throws', () => {
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(readLayoutPrefs(throwing)).toEqual(DEFAULT_LAYOUT);
    expect(writeLayoutPrefs({ version: 1, graphColumnWidth: 600 }, throwing)).toBe(false);
  });
});
