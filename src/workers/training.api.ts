/**
 * Training and SD-PCGRL generation as plain async functions (STYLE habit 7):
 * the worker only exposes them; Node could call them directly. One session
 * per worker: `configure`, then `train` (returns when the budget is spent or
 * `pause`/`stop` is called), `restoreCheckpoint` after a reload,
 * `exportModel`/`loadModel` for download/upload, and `importModel` +
 * `generate` for the SD-PCGRL generator.
 */
import * as tf from '@tensorflow/tfjs';
import { validateDifficultyModel, type DifficultyModel } from '../core/difficulty/model';
import { Analyzer } from '../core/graph/analyze';
import { isSideInRange, levelKey, toRows } from '../core/level/level';
import type { SdEncoding } from '../core/rl/sdPcgrl';
import { BACKENDS, chooseBackend, type BackendChoice, type BackendName } from '../ml/backend';
import { DqnLearner } from '../ml/dqn';
import { makeEnv, makeTestEnv, type EnvName, type EnvSettings } from '../ml/envs';
import { META_FORMAT, modelFromFiles, modelToFiles, type ModelFiles, type ModelMeta } from '../ml/modelFiles';
import { generateWithPolicy } from '../ml/policy';
import { QModel } from '../ml/qModel';
import { RECIPES, resolveRecipe, type RecipeChoice, type RecipeName, type TrainingRecipe } from '../ml/recipes';
import { Trainer, type TrainingBudget, type TrainingCounters, type TrainingMetrics } from '../ml/trainer';
import type { GeneratedLevel } from './generators.api';
import { deleteCheckpoint, loadCheckpoint, saveCheckpoint, type StoredCheckpoint } from './checkpointStore';

export interface TrainingSettings {
  readonly env: EnvName;
  readonly width: number;
  readonly height: number;
  readonly encoding: SdEncoding;
  readonly recipe: RecipeName;
  readonly seed: number;
  readonly model: DifficultyModel;
  readonly backend?: BackendName;
  /** Transitions in the replay buffer before the first update (default: the recipe's). */
  readonly learningStarts?: number;
}

export type TrainingStatus = 'idle' | 'running' | 'paused' | 'stopped' | 'finished';

/** One progress report: the metrics and the session's status. */
export type TrainingProgress = TrainingMetrics & { readonly status: TrainingStatus };

/** Settings as stored and shown (the difficulty model is kept apart: it is large). */
export type TrainingSettingsSummary = Omit<TrainingSettings, 'model'>;

/** What a checkpoint holds, without loading its network. */
export interface CheckpointSummary {
  readonly settings: TrainingSettingsSummary;
  readonly budget: TrainingBudget;
  readonly meta: ModelMeta;
  readonly history: TrainingProgress[];
  readonly savedAt: string;
}

const CHECKPOINT_SLOT = 'current';
/** Progress points kept for the charts (older ones are thinned, never the newest). */
const HISTORY_LIMIT = 600;

interface Session {
  settings: TrainingSettings;
  trainer: Trainer;
  backend: BackendChoice;
  status: TrainingStatus;
  stopRequested: 'pause' | 'stop' | null;
  budget: TrainingBudget;
  history: TrainingProgress[];
  last: TrainingMetrics | null;
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

function recipeOf(s: TrainingSettings): TrainingRecipe {
  const r = RECIPES[s.recipe];
  return s.learningStarts === undefined ? r : { ...r, learningStarts: s.learningStarts };
}

function newTrainer(s: TrainingSettings, counters?: TrainingCounters, learner?: DqnLearner): Trainer {
  return new Trainer({
    recipe: recipeOf(s),
    seed: s.seed,
    makeEnv: (count, seed) => makeEnv(envSettings(s), count, seed),
    makeTestEnv: () => makeTestEnv(envSettings(s), s.seed + 1),
    testEverySeconds: 10,
    maxTestShare: 0.1,
    progressEverySeconds: 0.5,
    checkpointSeconds: 30,
    ...(counters !== undefined ? { counters } : {}),
    ...(learner !== undefined ? { learner } : {}),
  });
}

/** What `configure` takes: settings whose recipe may be `auto` (chosen for the backend). */
export type TrainingRequest = Omit<TrainingSettings, 'recipe'> & { readonly recipe: RecipeChoice };

/** Checks settings that crossed a worker boundary or came back from IndexedDB (`auto` recipe only in a request); null when fine. */
export function settingsProblem(s: unknown, allowAutoRecipe = false): string | null {
  if (typeof s !== 'object' || s === null) return 'no settings';
  const o = s as Record<string, unknown>;
  if (o.env !== 'sd-pcgrl' && o.env !== 'turtle') return `unknown environment ${JSON.stringify(o.env)}`;
  if (!isSideInRange(o.width as number) || !isSideInRange(o.height as number)) return 'width and height must each be between 3 and 16';
  if (o.encoding !== 'markov' && o.encoding !== 'thesis') return `unknown encoding ${JSON.stringify(o.encoding)}`;
  if (typeof o.recipe !== 'string' || !(o.recipe in RECIPES || (allowAutoRecipe && o.recipe === 'auto'))) return `unknown recipe ${JSON.stringify(o.recipe)}`;
  if (!Number.isInteger(o.seed) || (o.seed as number) < 0 || (o.seed as number) > 0xffffffff) return 'the seed must be a whole number from 0 to 4294967295';
  if (o.backend !== undefined && !(BACKENDS as readonly unknown[]).includes(o.backend)) return `unknown backend ${JSON.stringify(o.backend)}`;
  if (o.learningStarts !== undefined && (!Number.isInteger(o.learningStarts) || (o.learningStarts as number) < 1)) return 'learning starts must be a whole number >= 1';
  if (!validateDifficultyModel(o.model).ok) return 'the difficulty model is not valid';
  return null;
}

const HISTORY_NUMBERS = ['episodes', 'envSteps', 'updates', 'elapsed', 'epsilon', 'meanReturn', 'meanDifficulty', 'meanLoss', 'episodesPerSecond', 'envStepsPerSecond', 'updatesPerSecond'] as const;

/** The stored chart history, keeping only well-formed points (it came back from IndexedDB). */
function restoreHistory(h: unknown): TrainingProgress[] {
  if (!Array.isArray(h)) return [];
  return h.filter((p): p is TrainingProgress => {
    if (typeof p !== 'object' || p === null) return false;
    const o = p as Record<string, unknown>;
    return HISTORY_NUMBERS.every((k) => typeof o[k] === 'number') && (o.testDifficulty === null || typeof o.testDifficulty === 'number') && typeof o.status === 'string';
  });
}

function summary(s: TrainingSettings): TrainingSettingsSummary {
  const { model: _model, ...rest } = s;
  return rest;
}

/**
 * Starts a fresh session (discarding any previous one). Returns the backend
 * and the recipe in use (`auto` becomes `gpu` on a real WebGPU adapter, else `fast`).
 */
export async function configure(request: TrainingRequest): Promise<BackendChoice & { readonly recipe: RecipeName }> {
  const problem = settingsProblem(request, true);
  if (problem !== null) throw new Error(problem);
  if (session?.status === 'running') throw new Error('training is running: pause or stop it first');
  const b = await ensureBackend(request.backend);
  const settings: TrainingSettings = { ...request, recipe: resolveRecipe(request.recipe, b) };
  session?.trainer.learner.dispose();
  session = { settings, trainer: newTrainer(settings), backend: b, status: 'idle', stopRequested: null, budget: {}, history: [], last: null };
  return { ...b, recipe: settings.recipe };
}

function metaOf(s: Session): ModelMeta {
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
    testDifficulty: s.last?.testDifficulty ?? null,
    createdAt: new Date().toISOString(),
  };
}

async function checkpoint(s: Session): Promise<void> {
  const files = await modelToFiles(s.trainer.learner.online, metaOf(s));
  const weights = await s.trainer.learner.optimizer.getWeights();
  const arrays = await Promise.all(weights.map((w) => w.tensor.data() as Promise<Float32Array>));
  const values = new Float32Array(arrays.reduce((a, v) => a + v.length, 0));
  let o = 0;
  for (const a of arrays) {
    values.set(a, o);
    o += a.length;
  }
  // getWeights() makes a new tensor for Adam's iteration count; the rest are the optimizer's own variables.
  if (weights[0] !== undefined && weights[0].name === 'iter') weights[0].tensor.dispose();
  const stored: StoredCheckpoint = {
    files,
    optimizer: { manifest: weights.map((w) => ({ name: w.name, shape: w.tensor.shape })), values },
    settings: s.settings,
    budget: s.budget,
    history: s.history,
    savedAt: new Date().toISOString(),
  };
  await saveCheckpoint(CHECKPOINT_SLOT, stored);
}

/** Keeps at most HISTORY_LIMIT points: when full, every other older point goes. */
function record(history: TrainingProgress[], p: TrainingProgress): void {
  history.push(p);
  if (history.length <= HISTORY_LIMIT) return;
  const kept = history.filter((_, i) => i % 2 === 0 || i === history.length - 1);
  history.splice(0, history.length, ...kept);
}

/** A macrotask turn, so queued messages (pause, stop) are handled. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Trains until the budget is spent or paused/stopped. `onProgress` receives
 * metrics about twice a second; a checkpoint is written every 30 s and when
 * the run ends. Called again after a pause, it continues the same budget.
 */
export async function train(budget: TrainingBudget, onProgress: (m: TrainingProgress) => void): Promise<TrainingProgress> {
  const s = session;
  if (s === null) throw new Error('configure a training session first');
  if (s.status === 'running') throw new Error('training is already running');
  s.status = 'running';
  s.stopRequested = null;
  s.budget = budget;
  let lastYield = performance.now();
  const report = (p: TrainingMetrics): void => {
    s.last = p;
    const point = { ...p, status: s.status };
    record(s.history, point);
    onProgress(point);
  };
  try {
    const m = await s.trainer.run(budget, {
      onProgress: report,
      shouldStop: () => s.stopRequested !== null,
      onCheckpoint: () => checkpoint(s),
      onLockStep: async () => {
        if (performance.now() - lastYield < 50) return;
        await yieldToEventLoop();
        lastYield = performance.now();
      },
    });
    s.last = m;
    s.status = s.stopRequested === 'pause' ? 'paused' : s.stopRequested === 'stop' ? 'stopped' : 'finished';
  } catch (e) {
    s.status = 'stopped';
    throw e;
  }
  const final = { ...s.last, status: s.status };
  record(s.history, final);
  await checkpoint(s);
  onProgress(final);
  return final;
}

export function pause(): void {
  if (session?.status === 'running') session.stopRequested = 'pause';
}

export function stop(): void {
  if (session?.status === 'running') session.stopRequested = 'stop';
}

async function readCheckpoint(): Promise<(StoredCheckpoint & { settings: TrainingSettings }) | null> {
  const c = await loadCheckpoint(CHECKPOINT_SLOT);
  if (c === undefined) return null;
  const problem = settingsProblem(c.settings);
  if (problem !== null) throw new Error(`the saved checkpoint cannot be used: ${problem}`);
  return c as StoredCheckpoint & { settings: TrainingSettings };
}

/** The checkpoint saved in IndexedDB, described without loading it (null when there is none). */
export async function peekCheckpoint(): Promise<CheckpointSummary | null> {
  const c = await readCheckpoint();
  if (c === null) return null;
  let meta: unknown;
  try {
    meta = JSON.parse(c.files.meta);
  } catch {
    throw new Error('the saved checkpoint cannot be used: its meta.json is not valid JSON');
  }
  return { settings: summary(c.settings), budget: c.budget ?? {}, meta: meta as ModelMeta, history: restoreHistory(c.history), savedAt: c.savedAt };
}

export async function discardCheckpoint(): Promise<void> {
  await deleteCheckpoint(CHECKPOINT_SLOT);
}

/** A session from a loaded network: paused, with the meta's counters, ready to `train` again. */
async function sessionFrom(settings: TrainingSettings, b: BackendChoice, model: tf.LayersModel, meta: ModelMeta, optimizer: StoredCheckpoint['optimizer']): Promise<Session> {
  const probe = makeEnv(envSettings(settings), 1, 0);
  const o = probe.observation;
  const learner = new DqnLearner({ side: o.side, channels: o.channels, extra: o.extra, actions: probe.actions }, RECIPES[settings.recipe].learner, settings.seed, model);
  if (optimizer !== null) {
    let offset = 0;
    await learner.optimizer.setWeights(
      optimizer.manifest.map((w) => {
        const size = w.shape.reduce((a, d) => a * d, 1);
        const tensor = tf.tensor(optimizer.values.slice(offset, offset + size), w.shape);
        offset += size;
        return { name: w.name, tensor };
      }),
    );
  }
  const counters = { episodes: meta.episodes, envSteps: meta.envSteps, updates: meta.updates, elapsed: meta.wallSeconds };
  const last = meta.testDifficulty === null ? null : ({ testDifficulty: meta.testDifficulty } as TrainingMetrics);
  return { settings, trainer: newTrainer(settings, counters, learner), backend: b, status: 'paused', stopRequested: null, budget: {}, history: [], last };
}

/** Restores the session saved in IndexedDB (after a reload), paused and ready to `train` again. */
export async function restoreCheckpoint(): Promise<(CheckpointSummary & { backend: BackendChoice }) | null> {
  if (session?.status === 'running') throw new Error('training is running: pause or stop it first');
  const c = await readCheckpoint();
  if (c === null) return null;
  const settings = c.settings;
  const b = await ensureBackend(settings.backend);
  const loaded = await modelFromFiles(c.files, { env: settings.env, width: settings.width, height: settings.height });
  if (!loaded.ok) throw new Error(`the saved checkpoint cannot be used: ${loaded.error}`);
  const next = await sessionFrom(settings, b, loaded.value.model, loaded.value.meta, c.optimizer);
  next.budget = c.budget ?? {};
  next.history = restoreHistory(c.history);
  session?.trainer.learner.dispose();
  session = next;
  return { settings: summary(settings), budget: next.budget, meta: loaded.value.meta, history: next.history, savedAt: c.savedAt, backend: b };
}

/** The meta the session's model would be saved with now (for the model card), or null. */
export function currentMeta(): ModelMeta | null {
  return session === null ? null : metaOf(session);
}

/** The current network as downloadable files. */
export async function exportModel(): Promise<ModelFiles> {
  if (session === null) throw new Error('no model to export: train or upload one first');
  return modelToFiles(session.trainer.learner.online, metaOf(session));
}

/**
 * Makes uploaded model files the training session's model (paused, so
 * training can continue from it). Validated first: on any problem this
 * throws with the reason and the current session is left as it was.
 */
export async function loadModel(files: ModelFiles, model: DifficultyModel): Promise<{ meta: ModelMeta; backend: BackendChoice; settings: TrainingSettingsSummary }> {
  if (session?.status === 'running') throw new Error('training is running: pause or stop it first');
  // Before any tfjs call: otherwise tfjs starts its default (highest-priority) backend on its own.
  const b = await ensureBackend(session?.settings.backend);
  const r = await modelFromFiles(files);
  if (!r.ok) throw new Error(r.error);
  const m = r.value.meta;
  if (!(m.recipe in RECIPES)) {
    r.value.model.dispose();
    throw new Error(`meta.json names an unknown recipe ${JSON.stringify(m.recipe)}`);
  }
  const settings: TrainingSettings = { env: m.env, width: m.width, height: m.height, encoding: m.encoding, recipe: m.recipe as RecipeName, seed: m.seed, model, ...(session?.settings.backend !== undefined ? { backend: session.settings.backend } : {}) };
  const next = await sessionFrom(settings, b, r.value.model, m, null);
  session?.trainer.learner.dispose();
  session = next;
  return { meta: m, backend: b, settings: summary(settings) };
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

export interface SdGenerateOptions {
  readonly temperature: number;
  readonly count: number;
  readonly seed: number;
  /** A cell index, `'every'` (every start cell in turn) or absent (a random start cell per level). */
  readonly startCell?: number | 'every';
}

/** A generated SD-PCGRL level, analysed (features for the page's difficulty model). */
export interface SdLevel extends GeneratedLevel {
  /** The same walls and head as an earlier level of this run. */
  readonly duplicate: boolean;
  readonly startCell: number;
}

/** Levels a single generate call may ask for. */
export const MAX_SD_COUNT = 1000;

/** SD-PCGRL levels from the imported model (or the session's network when none is imported), analysed. */
export async function generate(options: SdGenerateOptions): Promise<SdLevel[]> {
  const source = generator ?? (session !== null && session.settings.env === 'sd-pcgrl' ? { q: session.trainer.learner, meta: metaOf(session) } : null);
  if (source === null) throw new Error('load or train an SD-PCGRL model first');
  const { width, height, encoding } = source.meta;
  const { temperature, count, seed, startCell } = options;
  if (!(temperature >= 0 && temperature <= 1)) throw new Error('the temperature must be between 0 and 1');
  if (!Number.isInteger(count) || count < 1 || count > MAX_SD_COUNT) throw new Error(`the count must be 1 to ${MAX_SD_COUNT}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error('the seed must be a whole number from 0 to 4294967295');
  if (startCell !== undefined && startCell !== 'every' && !(Number.isInteger(startCell) && startCell >= 0 && startCell < width * height)) {
    throw new Error(`the start cell must be 0 to ${width * height - 1} on ${width}x${height}`);
  }
  const levels = await generateWithPolicy(source.q, { width, height, encoding, temperature, seed, from: 0, to: count, ...(startCell !== undefined ? { startCell } : {}) });
  const analyzer = new Analyzer();
  const seen = new Set<string>();
  const t = Math.round(temperature * 100) / 100;
  return levels.map(({ index, level, solution }) => {
    const key = levelKey(level);
    const duplicate = seen.has(key);
    seen.add(key);
    const a = analyzer.analyze(level);
    if (!a.ok) throw new Error(`level ${index} could not be analysed: ${a.error.message}`);
    return {
      index,
      id: `sd-pcgrl-${width}x${height}-t${t}-s${seed}-${index}`,
      rows: toRows(level),
      key,
      solution,
      counts: { ...a.value.counts },
      features: { ...a.value.features },
      duplicate,
      startCell: level.head,
    };
  });
}

export type TrainingApi = {
  configure: typeof configure;
  train: typeof train;
  pause: typeof pause;
  stop: typeof stop;
  peekCheckpoint: typeof peekCheckpoint;
  discardCheckpoint: typeof discardCheckpoint;
  restoreCheckpoint: typeof restoreCheckpoint;
  currentMeta: typeof currentMeta;
  exportModel: typeof exportModel;
  loadModel: typeof loadModel;
  importModel: typeof importModel;
  generate: typeof generate;
};
