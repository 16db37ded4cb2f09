/** The player-data worker: exposes players.api.ts, nothing else (STYLE §7). */
import * as Comlink from 'comlink';
import * as api from './players.api';

Comlink.expose(api);
