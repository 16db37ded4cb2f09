/** The training worker: sets up tfjs's WASM files for Vite, then only exposes the api (Comlink). */
import '../ml/wasmPaths';
import { expose } from 'comlink';
import * as api from './training.api';

expose(api);
