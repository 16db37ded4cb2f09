/// <reference types="vitest/config" />
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pageCsp } from './vite.csp.ts';
import { fuzzRuns } from './test/fuzzRuns.ts';
import LongestFirst from './test/sequencer.ts';

const root = dirname(fileURLToPath(import.meta.url));
const playerFile = resolve(root, 'build/player/play.html');
const VIRTUAL_TEMPLATE = 'virtual:player-template';

/**
 * The standalone player's template as a module (`virtual:player-template`,
 * a string) for the studio's "Standalone HTML" export. A production build
 * always rebuilds the template first (vite.player.config.ts), so it matches
 * the sources; the dev server and tests build it only when it is missing.
 */
function playerTemplate(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'longcat-player-template',
    configResolved(config) {
      command = config.command;
    },
    async buildStart() {
      if (command === 'serve' && existsSync(playerFile)) return;
      await build({ configFile: resolve(root, 'vite.player.config.ts'), logLevel: 'warn' });
    },
    resolveId(id) {
      return id === VIRTUAL_TEMPLATE ? `\0${VIRTUAL_TEMPLATE}` : null;
    },
    load(id) {
      if (id !== `\0${VIRTUAL_TEMPLATE}`) return null;
      this.addWatchFile(playerFile);
      return `export default ${JSON.stringify(readFileSync(playerFile, 'utf8'))};`;
    },
  };
}

/** Where {@link chunkReport} writes its report, relative to the build's outDir (read by e2e/firstLoad.spec.ts). */
const CHUNK_REPORT = '.vite/chunks.json';

/** The npm package a bundled module comes from (`@scope/name` or `name`), or null for our own sources. */
function packageOf(id: string): string | null {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = id.slice(at + '/node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

interface ReportedChunk {
  readonly file: string;
  readonly name: string;
  readonly isEntry: boolean;
  /** Part of a worker's bundle rather than a page's. */
  readonly worker: boolean;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly packages: readonly string[];
}

/** The workers' chunks, collected by their builds (which run inside the page build, before its bundle is generated). */
const workerChunks: ReportedChunk[] = [];

/**
 * Writes {@link CHUNK_REPORT}: for every JS chunk of the pages and of the
 * workers, whether it is an entry, the chunks it imports statically and
 * dynamically, and the npm packages bundled into it. The first-load guard
 * (e2e/firstLoad.spec.ts) reads it to tell which JS a page loads eagerly and
 * whether any of it carries tfjs. `role`: the page build (writes the report)
 * or a worker build (adds its chunks to it).
 */
function chunkReport(role: 'page' | 'worker'): Plugin {
  return {
    name: 'longcat-chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ReportedChunk[] = Object.values(bundle)
        .filter((c) => c.type === 'chunk')
        .map((c) => ({
          file: c.fileName,
          name: c.name,
          isEntry: c.isEntry,
          worker: role === 'worker',
          imports: c.imports,
          dynamicImports: c.dynamicImports,
          packages: [...new Set(c.moduleIds.map(packageOf).filter((p): p is string => p !== null))].sort(),
        }));
      if (role === 'worker') {
        workerChunks.push(...chunks);
        return;
      }
      const all = [...chunks, ...workerChunks.filter((w) => !chunks.some((c) => c.file === w.file))];
      workerChunks.length = 0;
      this.emitFile({ type: 'asset', fileName: CHUNK_REPORT, source: `${JSON.stringify({ chunks: all }, null, 1)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), playerTemplate(), chunkReport('page'), pageCsp()],
  // Pages parse with zod's jitless parsers (no eval under their CSP): src/build/zodForPages.ts.
  resolve: { alias: [{ find: /^zod$/, replacement: resolve(root, 'src/build/zodForPages.ts') }] },
  // Two pages: the studio, and play mode (a pack link opens play.html#pack=...).
  build: { rollupOptions: { input: { main: resolve(root, 'index.html'), play: resolve(root, 'play.html') } } },
  worker: { format: 'es', plugins: () => [chunkReport('worker')] },
  // Pre-bundled up front: otherwise the dev server discovers tfjs on first load
  // and reloads the page (Playwright: "Execution context was destroyed").
  optimizeDeps: { include: ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', '@tensorflow/tfjs-backend-webgpu'] },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // A timeout only catches a hang: no test fails for being slow. Ten
    // minutes holds the longest test (about 40 s of CPU) at load 20 on two
    // cores, and grows with the work: fuzz properties run fuzzRuns() cases
    // each (1,000 in `npm test`, 10,000 in `npm run fuzz`), and a hook that
    // builds a bundle gets a test's time, not vitest's 10 s default.
    testTimeout: 600_000 * Math.max(1, fuzzRuns() / 1000),
    hookTimeout: 600_000 * Math.max(1, fuzzRuns() / 1000),
    // Test files share a worker's module cache instead of re-importing
    // tfjs, zod and the engine per file: about a fifth of the suite's CPU
    // time. So a test file must leave no global state changed behind it
    // (restore what it patches; ml tests pin their tfjs backend in beforeAll).
    isolate: false,
    // Once per run: a fresh corpus cache shared by the model rebuild and the
    // docs' fits, and an empty per-file CPU record (test/cpuReport.ts fills it).
    globalSetup: ['test/globalSetup.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on
    // a 2-core machine, where a second one nearly halves the wall time (the
    // long files, the docs test and the models' rebuild, then run side by side).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The longest files first, so neither worker is left with one at the end.
    sequence: { sequencer: LongestFirst },
    setupFiles: ['test/cpuReport.ts', 'test/fastCheckSeed.ts'],
  },
});
