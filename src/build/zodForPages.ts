/**
 * `zod` as the browser build sees it (vite.config.ts and
 * vite.player.config.ts alias the bare `zod` here): the same module, with
 * zod's compiled parsers turned off on pages (`jitless`) before any schema
 * runs. The pages' Content-Security-Policy (vite.csp.ts) allows no `eval`,
 * and zod's probe for it (`new Function`) would be reported as a violation
 * on every load; the probe's answer was "no" there anyway. Workers (no
 * `document`, no page policy) and Node keep the compiled parsers. An alias,
 * not an import at the top of main.tsx: the bundler may evaluate a shared
 * chunk that parses a schema before the entry's first import.
 */
import * as z from 'zod/v4';

if (typeof document !== 'undefined') z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
