import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'test-results/', 'playwright-report/', 'models/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused names are the compiler's check (tsconfig: noUnusedLocals, noUnusedParameters; a leading _ marks a parameter
      // kept on purpose): it costs tsc nearly nothing, where this rule was half of eslint's rule time.
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // Scripts the compiler does not check keep the rule.
    files: ['**/*.{js,mjs,cjs}'],
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tensors stay in src/ml (STYLE habit 8): everything else reaches tfjs through its services.
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/ml/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@tensorflow/*'], message: '@tensorflow/* is imported only in src/ml: call its services instead.' }],
      }],
    },
  },
  {
    // Components get controllers from useServices(); worker clients belong to the controllers (built in createServices).
    files: ['src/app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@tensorflow/*'], message: '@tensorflow/* is imported only in src/ml: call its services instead.' },
          { group: ['**/workers/*.client', '**/workers/workerClient'], message: 'components never talk to workers: use the controllers from useServices().' },
        ],
      }],
    },
  },
  {
    // Imports run downward only: workers sit below the app (the app starts them, never the other way round).
    files: ['src/workers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@tensorflow/*'], message: '@tensorflow/* is imported only in src/ml: call its services instead.' },
          { group: ['**/app/**', '**/app'], message: 'src/workers must not import src/app: move what both need into core (or a module below app).' },
        ],
      }],
    },
  },
  {
    // The standalone player (src/play) and the drawing it shares with the studio (src/ui) sit beside the studio, never on it:
    // what the player needs from the studio moves down (into core, or ui for React drawing).
    files: ['src/play/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@tensorflow/*'], message: '@tensorflow/* is imported only in src/ml: call its services instead.' },
          { group: ['**/app/**', '**/app'], message: 'src/play and src/ui must not import src/app: move what both need into core (or src/ui for shared drawing).' },
        ],
      }],
    },
  },
  {
    // The core runs unchanged in the page, workers and Node: no DOM, React, state or rendering libraries.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*', 'd3', 'd3-*', 'cytoscape', 'cytoscape-*', '@tensorflow/*'], message: 'src/core stays pure: no UI, state or tensor libraries.' },
          { group: ['node:*', 'fs', 'path'], message: 'src/core runs in the browser too: no Node built-ins.' },
          { group: ['**/app/**', '**/app', '**/ml/**', '**/workers/**', '**/cli/**'], message: 'src/core must not depend on outer layers (never src/app, src/ml, src/workers or src/cli).' },
        ],
      }],
      'no-restricted-globals': ['error', 'document', 'window', 'localStorage'],
    },
  },
);
