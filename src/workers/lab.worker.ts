/** The predictor lab worker: exposes lab.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './lab.api';

Comlink.expose(api);
