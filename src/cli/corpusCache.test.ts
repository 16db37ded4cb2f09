/**
 * The corpus cache (LONGCAT_CORPUS_CACHE): what it returns is the corpus
 * `generatedCorpus` builds, whether built or read; a second ask reads the
 * stored file; a lock left by a process that is gone is taken over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedCorpus, type CorpusSpec } from '../core/difficulty/corpus';
import { cachedCorpus } from './corpusCache';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by its work (docs/suite.md): no wall-clock timeout, which a loaded machine would trip.
noWallClockLimit();

const SPECS: CorpusSpec[] = [
  { generator: 'rsd', width: 6, height: 6, iterations: 40 },
  { generator: 'rpu', width: 5, height: 5, iterations: 20 },
];
const dirs: string[] = [];
const fresh = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'longcat-corpus-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('cachedCorpus', () => {
  const expected = generatedCorpus(SPECS, 5);

  it('with no folder, builds the corpus', () => {
    expect(cachedCorpus(undefined, SPECS, 5, 'longcat')).toEqual(expected);
  });

  it('builds, stores, and reads back the same corpus; another seed is another entry', () => {
    const dir = fresh();
    expect(expected.length).toBeGreaterThan(30);
    expect(cachedCorpus(dir, SPECS, 5, 'longcat')).toEqual(expected);
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(files.some((f) => f.endsWith('.lock') || f.endsWith('.tmp'))).toBe(false);
    expect(cachedCorpus(dir, SPECS, 5, 'longcat')).toEqual(expected);
    // A stored file is what a later ask returns: replaced by a marker, the marker comes back, its
    // non-finite numbers (stored as strings, which JSON numbers cannot hold) as numbers.
    writeFileSync(join(dir, files[0]!), JSON.stringify([{ key: 'marker', generator: 'rsd', features: { nStates: 'Infinity', nSolutions: 'NaN' } }]));
    expect(cachedCorpus(dir, SPECS, 5, 'longcat')).toEqual([{ key: 'marker', generator: 'rsd', features: { nStates: Infinity, nSolutions: NaN } }]);
    expect(cachedCorpus(dir, SPECS, 6, 'longcat')).toEqual(generatedCorpus(SPECS, 6));
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(2);
  });

  it('takes over a lock whose process is gone', () => {
    const dir = fresh();
    // A process id that has ended: a child that has exited.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(gone.stdout);
    expect(Number.isInteger(pid)).toBe(true);
    cachedCorpus(dir, SPECS, 5, 'longcat'); // learn the file's name
    const name = readdirSync(dir).find((f) => f.endsWith('.json'))!;
    rmSync(join(dir, name));
    const lock = join(dir, name.replace(/\.json$/, '.lock'));
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(pid));
    expect(cachedCorpus(dir, SPECS, 5, 'longcat')).toEqual(expected);
    expect(existsSync(lock)).toBe(false);
  });
});
