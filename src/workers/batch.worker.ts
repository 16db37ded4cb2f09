/** The batch worker: exposes batch.api.ts, nothing else (STYLE §7). tfjs loads only for SD-PCGRL (batch.policy.ts). */
import * as Comlink from 'comlink';
import * as api from './batch.api';

Comlink.expose(api);
