/**
 * The standalone player: play.html built into ONE self-contained HTML file
 * (scripts and styles inlined by vite-plugin-singlefile), written to
 * build/player/play.html. It is the template of every standalone export:
 * the studio and the CLI put a pack into its `<script id="longcat-pack">`.
 * Opened from disk it needs no server and no network.
 *
 *   npx vite build -c vite.player.config.ts
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { standaloneCspPlugin } from './vite.csp.ts';

export default defineConfig({
  // Always a production build, also when a test runner (NODE_ENV=test) starts it through the studio's plugin.
  mode: 'production',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // The policy's script hash is of the inlined script: after singlefile.
  plugins: [react(), viteSingleFile({ removeViteModuleLoader: true }), standaloneCspPlugin()],
  // No eval under the player's CSP: zod parses jitless (src/build/zodForPages.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/build/zodForPages.ts', import.meta.url)) }] },
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'build/player',
    emptyOutDir: true,
    rollupOptions: { input: 'play.html' },
  },
});
