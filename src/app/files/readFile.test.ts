import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, describeSize, readTextFile } from './readFile';

describe('readTextFile checks the size before reading', () => {
  it('a 1 GB import is refused at once, without a byte read, with a sentence naming the sizes', async () => {
    let reads = 0;
    const huge = { name: 'huge.json', size: 1024 ** 3, text: async () => (reads++, 'x') };
    const r = await readTextFile(huge, IMPORT_LIMITS.pack, 'a pack file');
    expect(reads).toBe(0); // "at once": refused from the size alone, nothing read
    expect(r).toEqual({ ok: false, error: 'huge.json is 1,073,741,824 bytes (1 GiB); a pack file may be at most 20,971,520 bytes (20 MiB), so it was not read' });
  });

  it('a file at the limit is read; a read that fails says so', async () => {
    expect(await readTextFile({ name: 'ok.json', size: IMPORT_LIMITS.pack, text: async () => '{}' }, IMPORT_LIMITS.pack, 'a pack file')).toEqual({ ok: true, value: '{}' });
    const broken = { name: 'gone.json', size: 3, text: async () => Promise.reject(new Error('file was moved')) };
    expect(await readTextFile(broken, 10, 'a pack file')).toEqual({ ok: false, error: 'gone.json could not be read: file was moved' });
  });

  it('sizes read as people say them', () => {
    expect(describeSize(0)).toBe('0 bytes');
    expect(describeSize(1023)).toBe('1,023 bytes');
    expect(describeSize(1536)).toBe('1,536 bytes (1.5 KiB)');
    expect(describeSize(400 * 1024 * 1024)).toBe('419,430,400 bytes (400 MiB)');
  });
});
