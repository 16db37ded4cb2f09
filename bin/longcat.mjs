#!/usr/bin/env node
// The `longcat` command: runs the TypeScript CLI through tsx's loader, so the
// bin and `npm run cli` execute the very same sources.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
