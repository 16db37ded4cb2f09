/** The generators worker: exposes generators.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './generators.api';

Comlink.expose(api);
