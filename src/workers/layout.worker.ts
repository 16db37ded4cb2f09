/** The layout worker: exposes layout.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './layout.api';

Comlink.expose(api);
