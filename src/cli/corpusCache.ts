/**
 * A folder of generated corpora (`LONGCAT_CORPUS_CACHE`), so that fits on
 * the same levels build them once: `fit-predictor --generated N --seed S`
 * with other features or another method needs the same corpus (the slow
 * part), and the test suite's rebuild of the shipped models and the docs'
 * fit commands share one. A corpus is stored by ruleset, iterations and
 * seed; it holds features only, which the engine computes, so a folder is
 * good for one version of the engine (the suite makes a new one per run).
 *
 * Several processes may ask for the same corpus at once: the first takes a
 * lock (a folder beside the file, holding its process id) and builds it;
 * the others wait for the file. A lock whose process is gone is taken over.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedCorpus, type CorpusEntry, type CorpusSpec } from '../core/difficulty/corpus';
import type { RulesetName } from '../core/rules/ruleset';

/** The environment variable naming the cache folder; unset, nothing is cached. */
export const CORPUS_CACHE_ENV = 'LONGCAT_CORPUS_CACHE';

/** How long a waiting process sleeps between looks at the lock, in ms. */
const POLL_MS = 200;

/** Non-finite numbers survive JSON as strings. */
const encode = (_k: string, v: unknown): unknown => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v);
const decode = (_k: string, v: unknown): unknown => (v === 'Infinity' || v === '-Infinity' || v === 'NaN' ? Number(v) : v);

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readCorpus(file: string): CorpusEntry[] | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8'), decode) as CorpusEntry[];
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * `generatedCorpus(specs, seed, onProgress, rules)`, read from the cache
 * folder `dir` when a process already built it there (the key is the
 * ruleset, the specs and the seed), else built and stored. No `dir`: built.
 */
export function cachedCorpus(dir: string | undefined, specs: readonly CorpusSpec[], seed: number, rules: RulesetName, onProgress?: (done: number, total: number) => void): CorpusEntry[] {
  if (dir === undefined || dir === '') return generatedCorpus(specs, seed, onProgress, rules);
  mkdirSync(dir, { recursive: true });
  const key = `${rules}-${specs.map((s) => `${s.generator}${s.width}x${s.height}x${s.iterations}`).join('-')}-seed${seed}`;
  const file = join(dir, `${key}.json`);
  const lock = join(dir, `${key}.lock`);
  for (;;) {
    const found = readCorpus(file);
    if (found !== null) return found;
    try {
      mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder = NaN;
      try {
        holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // the holder has not written its pid yet
      }
      if (Number.isInteger(holder) && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else sleep(POLL_MS);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      const corpus = generatedCorpus(specs, seed, onProgress, rules);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(corpus, encode));
      renameSync(tmp, file);
      return corpus;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
