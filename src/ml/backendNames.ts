/**
 * The tfjs backend names and the record of which one runs, without tfjs:
 * the studio's protocol schemas and forms use them on the first page load,
 * which must not carry tfjs (e2e/firstLoad.spec.ts). backend.ts, which
 * imports tfjs, picks and starts the backend.
 */
export const BACKENDS = ['webgpu', 'wasm', 'webgl', 'cpu'] as const;
export type BackendName = (typeof BACKENDS)[number];

export interface BackendChoice {
  readonly backend: BackendName;
  /** Why this backend, in a sentence for the UI and logs. */
  readonly reason: string;
  /** On WebGPU: the adapter's name as the browser (or Dawn) reports it, and whether it is a software fallback. */
  readonly adapter?: { readonly name: string; readonly fallback: boolean };
  /** Set by the training worker: how the learner's updates run (tfjs ops, or the fused WebGPU update). */
  readonly updatePath?: 'tfjs' | 'fused-webgpu';
}
