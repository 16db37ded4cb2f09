/// <reference types="vitest/config" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), playerTemplate()],
  // Two pages: the studio, and play mode (a pack link opens play.html#pack=...).
  build: { rollupOptions: { input: { main: resolve(root, 'index.html'), play: resolve(root, 'play.html') } } },
  worker: { format: 'es' },
  // Pre-bundled up front: otherwise the dev server discovers tfjs on first load
  // and reloads the page (Playwright: "Execution context was destroyed").
  optimizeDeps: { include: ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', '@tensorflow/tfjs-backend-webgpu'] },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Test files share a worker's module cache instead of re-importing
    // tfjs, zod and the engine per file: about a fifth of the suite's CPU
    // time. So a test file must leave no global state changed behind it
    // (restore what it patches; ml tests pin their tfjs backend in beforeAll).
    isolate: false,
  },
});
