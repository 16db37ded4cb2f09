/** The pack-file worker: exposes packFile.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './packFile.api';

Comlink.expose(api);
