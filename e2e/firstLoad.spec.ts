/**
 * The first page load stays light: no page entry carries tfjs, and the JS a
 * page loads eagerly (its entry and the chunks that entry imports
 * statically) stays under a gzip budget. The budgets were set from the
 * measurement (docs/BENCHMARKS.md, "Studio: first load"): 221 kB for the
 * studio, 113 kB for play mode, with about 13% headroom. The studio's was
 * raised to 310 kB when paint, suggestions, multi-select, the players' view
 * and the windowed pack list came in (271 kB measured after they merged),
 * still under the 350 kB the first-load target allows. Then, in the
 * browser: what the studio actually fetches until its first level is drawn
 * carries no tfjs and starts no training worker.
 *
 * Reads dist/.vite/chunks.json, written by the build (vite.config.ts,
 * chunkReport); `npm run test:e2e` builds first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { StudioPage } from './pages/StudioPage';

const DIST = resolve(import.meta.dirname, '../dist');
const REPORT = resolve(DIST, '.vite/chunks.json');

/** Most gzip bytes of JS a page may load eagerly. */
const BUDGETS: Record<string, number> = { main: 310_000, play: 130_000 };

interface Chunk {
  file: string;
  name: string;
  isEntry: boolean;
  worker: boolean;
  imports: string[];
  dynamicImports: string[];
  packages: string[];
}

function report(): Chunk[] {
  if (!existsSync(REPORT)) throw new Error(`${REPORT} is missing: build first (npx vite build)`);
  return (JSON.parse(readFileSync(REPORT, 'utf8')) as { chunks: Chunk[] }).chunks;
}

const carriesTfjs = (c: Chunk): boolean => c.packages.some((p) => p.startsWith('@tensorflow/'));

/** The chunk and every chunk it imports statically, transitively. */
function eager(chunks: Chunk[], entry: Chunk): Chunk[] {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const seen = new Map<string, Chunk>();
  const visit = (file: string): void => {
    const c = byFile.get(file);
    if (c === undefined) throw new Error(`the report names ${file}, which it does not describe`);
    if (seen.has(file)) return;
    seen.set(file, c);
    c.imports.forEach(visit);
  };
  visit(entry.file);
  return [...seen.values()];
}

const gzipped = (c: Chunk): number => gzipSync(readFileSync(resolve(DIST, c.file))).length;

test.describe('first load', () => {
  test('no page entry carries tfjs, and each page loads eagerly less JS than its gzip budget', () => {
    const chunks = report();
    const entries = chunks.filter((c) => c.isEntry && !c.worker);
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(BUDGETS).sort());
    // A control: the report does see tfjs where it is (the training worker), so "none" below means none.
    expect(chunks.filter(carriesTfjs).map((c) => c.file)).toContainEqual(expect.stringMatching(/training\.worker/));
    for (const entry of entries) {
      const loaded = eager(chunks, entry);
      expect(loaded.filter(carriesTfjs).map((c) => `${c.file}: ${c.packages.join(', ')}`), `${entry.name}: eagerly loaded chunks with tfjs`).toEqual([]);
      const bytes = loaded.reduce((sum, c) => sum + gzipped(c), 0);
      console.log(`${entry.name}: ${loaded.length} chunks loaded eagerly, ${(bytes / 1000).toFixed(1)} kB gzip (budget ${BUDGETS[entry.name]! / 1000} kB)`);
      expect(bytes, `${entry.name}: gzip bytes of eagerly loaded JS`).toBeLessThanOrEqual(BUDGETS[entry.name]!);
    }
  });

  test('until the first level is drawn, the studio fetches no chunk with tfjs and starts no training worker', async ({ page }) => {
    const chunks = report();
    const byFile = new Map(chunks.map((c) => [c.file, c]));
    const fetched: string[] = [];
    page.context().on('request', (r) => {
      const path = new URL(r.url()).pathname.replace(/^\//, '');
      if (path.endsWith('.js') || path.endsWith('.wasm')) fetched.push(path);
    });
    const studio = new StudioPage(page);
    await studio.open();
    await studio.graph.waitForDrawn();
    expect(fetched.length).toBeGreaterThan(0);
    const unknown = fetched.filter((f) => f.endsWith('.js') && !byFile.has(f));
    expect(unknown, 'every fetched script is described by the build report').toEqual([]);
    expect(fetched.filter((f) => f.endsWith('.wasm')), 'no WebAssembly (tfjs backends) fetched').toEqual([]);
    expect(fetched.filter((f) => carriesTfjs(byFile.get(f)!)), 'no fetched chunk carries tfjs').toEqual([]);
    expect(fetched.filter((f) => /training\.worker|batch\.worker/.test(f))).toEqual([]);
  });
});
