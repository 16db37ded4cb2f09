/** The analysis worker: exposes analysis.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './analysis.api';

Comlink.expose(api);
