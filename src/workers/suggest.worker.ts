/** The suggestions worker: exposes suggest.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './suggest.api';

Comlink.expose(api);
