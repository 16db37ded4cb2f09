/**
 * Training and SD-PCGRL generation as plain async functions (STYLE habit 7):
 * the worker only exposes them; Node could call them directly. One session
 * per worker: `configure`, then `train` (returns when the budget is spent or
 * `pause`/`stop` is called), `resume` from the IndexedDB checkpoint after a
 * reload, `exportModel`/`importModel` for download/upload, and `generate`.
 */
import * as tf from '@tensorflow/tfjs';
import type { DifficultyModel } from '../core/difficulty/model';
import type { Level } from '../core/level/level';
import type { SdEncoding } from '../core/rl/sdPcgrl';
import { chooseBackend, type BackendChoice, type BackendName } from '../ml/backend';
import { DqnLearner } from '../ml/dqn';
import { makeEnv, makeTestEnv, type EnvName, type EnvSettings } from '../ml/envs';
import { META_FORMAT, modelFromFiles, modelToFiles, type ModelFiles, type ModelMeta } from '../ml/modelFiles';
import { generateWithPolicy } from '../ml/policy';
import { QModel } from '../ml/qModel';
import { RECIPES, type RecipeName } from '../ml/recipes';
import { Trainer, type TrainingBudget, type TrainingCounters, type TrainingMetrics } from '../ml/trainer';
import { loadCheckpoint, saveCheckpoint, type StoredCheckpoint } from './checkpointStore';

export interface TrainingSettings {
  readonly env: EnvName;
  readonly width: number;
  readonly height: number;
  readonly encoding: SdEncoding;
  readonly recipe: RecipeName;
  readonly seed: number;
  readonly model: DifficultyModel;
  readonly backend?: BackendName;
}

export type TrainingStatus = 'idle' | 'running' | 'paused' | 'stopped' | 'finished';

const CHECKPOINT_SLOT = 'current';

interface Session {
  settings: TrainingSettings;
  trainer: Trainer;
  backend: BackendChoice;
  status: TrainingStatus;
  stopRequested: 'pause' | 'stop' | null;
}

let session: Session | null = null;
let backend: BackendChoice | null = null;

async function ensureBackend(pinned?: BackendName): Promise<BackendChoice> {
  if (backend === null || (pinned !== undefined && backend.backend !== pinned)) backend = await chooseBackend(pinned);
  return backend;
}

function envSettings(s: TrainingSettings): EnvSettings {
  return { env: s.env, width: s.width, height: s.height, encoding: s.encoding, model: s.model };
}

function newTrainer(s: TrainingSettings, counters?: TrainingCounters, learner?: DqnLearner): Trainer {
  return new Trainer({
    recipe: RECIPES[s.recipe],
    seed: s.seed,
    makeEnv: (count, seed) => makeEnv(envSettings(s), count, seed),
    makeTestEnv: () => makeTestEnv(envSettings(s), s.seed + 1),
    testEverySeconds: 20,
    progressEverySeconds: 0.5,
    checkpointSeconds: 30,
    ...(counters !== undefined ? { counters } : {}),
    ...(learner !== undefined ? { learner } : {}),
  });
}

/** Starts a fresh session (discarding any previous one). */
export async function configure(settings: TrainingSettings): Promise<BackendChoice> {
  const b = await ensureBackend(settings.backend);
  session?.trainer.learner.dispose();
  session = { settings, trainer: newTrainer(settings), backend: b, status: 'idle', stopRequested: null };
  return b;
}

function metaOf(s: Session, m: TrainingMetrics | null): ModelMeta {
  const env = makeEnv(envSettings(s.settings), 1, 0);
  const c = s.trainer.counters;
  return {
    format: META_FORMAT,
    version: 1,
    env: s.settings.env,
    width: s.settings.width,
    height: s.settings.height,
    encoding: s.settings.encoding,
    observation: { side: env.observation.side, channels: env.observation.channels, extra: env.observation.extra },
    actions: env.actions,
    recipe: s.settings.recipe,
    seed: s.settings.seed,
    episodes: c.episodes,
    envSteps: c.envSteps,
    updates: c.updates,
    wallSeconds: c.elapsed,
    backend: s.backend.backend,
    predictor: { name: s.settings.model.name, createdAt: s.settings.model.provenance.createdAt },
    testDifficulty: m?.testDifficulty ?? null,
    createdAt: new Date().toISOString(),
  };
}

async function checkpoint(s: Session, m: TrainingMetrics | null): Promise<void> {
  const files = await modelToFiles(s.trainer.learner.online, metaOf(s, m));
  const weights = await s.trainer.learner.optimizer.getWeights();
  const arrays = await Promise.all(weights.map((w) => w.tensor.data() as Promise<Float32Array>));
  const values = new Float32Array(arrays.reduce((a, v) => a + v.length, 0));
  let o = 0;
  for (const a of arrays) {
    values.set(a, o);
    o += a.length;
  }
  const { model: _model, ...rest } = s.settings;
  const stored: StoredCheckpoint = {
    files,
    optimizer: { manifest: weights.map((w) => ({ name: w.name, shape: w.tensor.shape })), values },
    settings: { ...rest, model: s.settings.model },
    savedAt: new Date().toISOString(),
  };
  await saveCheckpoint(CHECKPOINT_SLOT, stored);
}

/**
 * Trains until the budget is spent or paused/stopped. `onProgress` receives
 * metrics about twice a second; a checkpoint is written every 30 s and when
 * the run ends.
 */
export async function train(budget: TrainingBudget, onProgress: (m: TrainingMetrics & { status: TrainingStatus }) => void): Promise<TrainingMetrics> {
  const s = session;
  if (s === null) throw new Error('configure a training session first');
  if (s.status === 'running') throw new Error('training is already running');
  s.status = 'running';
  s.stopRequested = null;
  const m = await s.trainer.run(budget, {
    onProgress: (p) => onProgress({ ...p, status: s.status }),
    shouldStop: () => s.stopRequested !== null,
    onCheckpoint: (p) => checkpoint(s, p),
  });
  s.status = s.stopRequested === 'pause' ? 'paused' : s.stopRequested === 'stop' ? 'stopped' : 'finished';
  await checkpoint(s, m);
  onProgress({ ...m, status: s.status });
  return m;
}

export function pause(): void {
  if (session?.status === 'running') session.stopRequested = 'pause';
}

export function stop(): void {
  if (session?.status === 'running') session.stopRequested = 'stop';
}

/** Restores the session saved in IndexedDB (after a reload), ready to `train` again. */
export async function restoreCheckpoint(): Promise<{ meta: ModelMeta; backend: BackendChoice } | null> {
  const c = await loadCheckpoint(CHECKPOINT_SLOT);
  if (c === undefined) return null;
  const settings = c.settings as TrainingSettings;
  const b = await ensureBackend(settings.backend);
  const loaded = await modelFromFiles(c.files, { env: settings.env, width: settings.width, height: settings.height });
  if (!loaded.ok) throw new Error(`the saved checkpoint cannot be used: ${loaded.error}`);
  const probe = makeEnv(envSettings(settings), 1, 0);
  const o = probe.observation;
  const learner = new DqnLearner({ side: o.side, channels: o.channels, extra: o.extra, actions: probe.actions }, RECIPES[settings.recipe].learner, settings.seed, loaded.value.model);
  if (c.optimizer !== null) {
    let offset = 0;
    await learner.optimizer.setWeights(
      c.optimizer.manifest.map((w) => {
        const size = w.shape.reduce((a, d) => a * d, 1);
        const tensor = tf.tensor(c.optimizer!.values.slice(offset, offset + size), w.shape);
        offset += size;
        return { name: w.name, tensor };
      }),
    );
  }
  const m = loaded.value.meta;
  session?.trainer.learner.dispose();
  session = {
    settings,
    trainer: newTrainer(settings, { episodes: m.episodes, envSteps: m.envSteps, updates: m.updates, elapsed: m.wallSeconds }, learner),
    backend: b,
    status: 'paused',
    stopRequested: null,
  };
  return { meta: m, backend: b };
}

/** The current network as downloadable files. */
export async function exportModel(): Promise<ModelFiles> {
  if (session === null) throw new Error('no model to export: train or upload one first');
  return modelToFiles(session.trainer.learner.online, metaOf(session, null));
}

let generator: { q: QModel; meta: ModelMeta } | null = null;

/** Loads model files (upload, or the shipped model fetched by the client) for generation. */
export async function importModel(files: ModelFiles): Promise<{ meta: ModelMeta; backend: BackendChoice }> {
  const b = await ensureBackend();
  const r = await modelFromFiles(files, { env: 'sd-pcgrl' });
  if (!r.ok) throw new Error(r.error);
  generator?.q.model.dispose();
  generator = { q: new QModel(r.value.model, r.value.meta.observation), meta: r.value.meta };
  return { meta: r.value.meta, backend: b };
}

/** SD-PCGRL levels from the imported model (or the session's network when none is imported). */
export async function generate(options: { temperature: number; count: number; seed: number; startCell?: number }): Promise<{ index: number; level: Level; solution: string }[]> {
  const source = generator ?? (session !== null && session.settings.env === 'sd-pcgrl' ? { q: session.trainer.learner, meta: metaOf(session, null) } : null);
  if (source === null) throw new Error('load or train an SD-PCGRL model first');
  const { width, height, encoding } = source.meta;
  return generateWithPolicy(source.q, {
    width,
    height,
    encoding,
    temperature: options.temperature,
    seed: options.seed,
    from: 0,
    to: options.count,
    ...(options.startCell !== undefined ? { startCell: options.startCell } : {}),
  });
}

export type TrainingApi = {
  configure: typeof configure;
  train: typeof train;
  pause: typeof pause;
  stop: typeof stop;
  restoreCheckpoint: typeof restoreCheckpoint;
  exportModel: typeof exportModel;
  importModel: typeof importModel;
  generate: typeof generate;
};
