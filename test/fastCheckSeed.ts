/**
 * Vitest setup file (vite.config.ts `setupFiles`): `npm test` runs every
 * fast-check property from one fixed seed, so a run on CI checks exactly
 * what a run here checked, and a property fails only when the code changed.
 * Fresh random seeds are `npm run fuzz`'s job (FUZZ_RUNS set): every seed it
 * finds a defect with is kept as a named example in the property's test.
 * FC_SEED=<n> replays any other seed.
 */
import fc from 'fast-check';

/** The seed of `npm test`'s properties, or undefined under `npm run fuzz` (fast-check picks one). */
export function propertySeed(env: NodeJS.ProcessEnv = process.env): number | undefined {
  if (env['FC_SEED'] !== undefined && env['FC_SEED'] !== '') return Number(env['FC_SEED']);
  return env['FUZZ_RUNS'] !== undefined ? undefined : 20261127;
}

const seed = propertySeed();
if (seed !== undefined) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
