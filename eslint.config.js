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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The core runs unchanged in the page, workers and Node: no DOM, React, state or rendering libraries.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*', 'd3', 'd3-*', 'cytoscape', 'cytoscape-*', '@tensorflow/*'], message: 'src/core stays pure: no UI, state or tensor libraries.' },
          { group: ['node:*', 'fs', 'path'], message: 'src/core runs in the browser too: no Node built-ins.' },
          { group: ['**/app/**', '**/ml/**', '**/workers/**', '**/cli/**'], message: 'src/core must not depend on outer layers.' },
        ],
      }],
      'no-restricted-globals': ['error', 'document', 'window', 'localStorage'],
    },
  },
);
