/**
 * What `@tensorflow/tfjs` is in the bundled CLI (scripts/build-cli.mjs
 * aliases it here): the core and layers APIs, which are all the CLI's code
 * uses of the umbrella package, plus the CPU backend (the WASM backend
 * registers itself where src/ml/backend.ts imports it). The umbrella also
 * carries the converter, data and WebGL packages, which the command line
 * never loads; leaving them out keeps the installed package small
 * (README.md, "The command line"). The studio and `npm run cli` (sources through tsx) keep
 * the umbrella, a devDependency.
 */
import { version_core } from '@tensorflow/tfjs-core';
import { version_layers } from '@tensorflow/tfjs-layers';
import '@tensorflow/tfjs-backend-cpu';

export * from '@tensorflow/tfjs-core';
export * from '@tensorflow/tfjs-layers';

/** The umbrella's `version`, for the same provenance text (`tf.version.tfjs`). */
export const version = { 'tfjs-core': version_core, 'tfjs-layers': version_layers, tfjs: version_core };
