/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
