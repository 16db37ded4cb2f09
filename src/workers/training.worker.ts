/** The training worker: sets up tfjs's WASM files for Vite, then only exposes one training api (Comlink). */
import '../ml/wasmPaths';
import { expose } from 'comlink';
import { createTrainingApi } from './training.api';

expose(createTrainingApi());
