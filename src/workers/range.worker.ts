/** The range worker: exposes range.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './range.api';

Comlink.expose(api);
