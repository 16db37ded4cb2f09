/**
 * Training and SD-PCGRL generation as plain async functions (STYLE habit 7):
 * the worker only exposes them; Node could call them directly. Training is
 * the training job of `ml/jobs/train.ts` (the CLI's `train` runs the same:
 * schedule, recipe overrides, restore), with IndexedDB as its storage.
 * `createTrainingApi` makes one api with its own session (the worker makes
 * one; tests make theirs): `configure`, then `train` (returns when the
 * budget is spent or `pause`/`stop` is called), `restoreCheckpoint` after a
 * reload, `exportModel`/`loadModel` for download/upload, and `importModel` +
 * `generate` for the SD-PCGRL generator. Every function answers an
 * `Outcome` (`outcome.ts`): a refused request is `invalid`, anything that
 * breaks `failed`; none throws across the worker boundary.
 */
import type { DifficultyModel } from '../core/difficulty/model';
import { toRows } from '../core/level/level';
import '../ml/browserWebGpu';
import { chooseBackend, type BackendChoice, type BackendName } from '../ml/backend';
import { readCheckpoint, type CheckpointStorage, type restoreLearner } from '../ml/checkpoint';
import { createTrainer, metaFor, restoreForSettings, saveCheckpoint } from '../ml/jobs/train';
import type { DqnLearner } from '../ml/dqn';
import { modelToFiles, type ModelFiles, type ModelMeta } from '../ml/modelFiles';
import { loadPolicy, type LoadedPolicy } from '../ml/policyService';
import { resolveRecipe, type RecipeName } from '../ml/recipes';
import { parseModelMeta } from '../ml/schemas';
import { modelRules, modelRulesProblem } from '../ml/modelRules';
import type { RulesetName } from '../core/rules/ruleset';
import { generateSdLevels } from '../ml/sdPcgrlService';
import { Trainer, type TrainingBudget, type TrainingCounters, type TrainingMetrics } from '../ml/trainer';
import { describeIssues } from '../core/util/schemas';
import { err, ok as found, type Result } from '../core/util/result';
import type { GeneratedLevel } from './generators.protocol';
import { idbCheckpointStorage } from './checkpointStore';
import { failed, invalid, ok, parseRequest, type Outcome } from './outcome';
import { requestPins } from '../core/generators/pins';
import { BudgetSchema, SdGenerateOptionsSchema, SessionRecordSchema, TrainingRequestSchema, TrainingSettingsSchema, type SdGenerateOptions, type SessionRecord, type TrainingRequest, type TrainingSettings, type TrainingSettingsSummary } from './training.protocol';

export type { SdGenerateOptions, TrainingRequest, TrainingSettings, TrainingSettingsSummary } from './training.protocol';
export { MAX_SD_COUNT } from './training.protocol';

export type TrainingStatus = 'idle' | 'running' | 'paused' | 'stopped' | 'finished';

/** One progress report: the metrics and the session's status. */
export type TrainingProgress = TrainingMetrics & { readonly status: TrainingStatus };

/** What a checkpoint holds, without loading its network. */
export interface CheckpointSummary {
  readonly settings: TrainingSettingsSummary;
  readonly budget: TrainingBudget;
  readonly meta: ModelMeta;
  readonly history: TrainingProgress[];
  readonly savedAt: string;
}

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

/** The training job's trainer (`ml/jobs/train.ts`: the CLI's schedule), reporting twice a second for the charts. */
function newTrainer(s: TrainingSettings, counters?: TrainingCounters, learner?: DqnLearner): Trainer {
  return createTrainer(s, 0.5, counters !== undefined && learner !== undefined ? { counters, learner } : undefined);
}

function summary(s: TrainingSettings): TrainingSettingsSummary {
  const { model: _model, ...rest } = s;
  return rest;
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

/** A session from a restored learner: paused, with the meta's counters, ready to `train` again. */
function sessionFrom(settings: TrainingSettings, b: BackendChoice, learner: DqnLearner, meta: ModelMeta, counters: TrainingCounters): Session {
  const last = meta.testDifficulty === null ? null : ({ testDifficulty: meta.testDifficulty } as TrainingMetrics);
  return { settings, trainer: newTrainer(settings, counters, learner), backend: b, status: 'paused', stopRequested: null, budget: {}, history: [], last };
}

/** `fn`'s outcome, or `failed` with the message of whatever it threw: nothing is thrown across the worker boundary. */
function guarded<A extends unknown[], T>(fn: (...args: A) => Promise<Outcome<T>>): (...args: A) => Promise<Outcome<T>> {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (e) {
      return failed(e);
    }
  };
}

/** A generated SD-PCGRL level, analysed (features for the page's difficulty model). */
export interface SdLevel extends GeneratedLevel {
  /** The same walls and head as an earlier level of this run. */
  readonly duplicate: boolean;
  readonly startCell: number;
}

/**
 * One training api: its session, backend and generator model live in this
 * closure (one per worker; tests make their own), never in the module.
 * Every function answers an {@link Outcome} and never throws.
 * `storage` is where checkpoints go (the studio's IndexedDB slot by default).
 */
export function createTrainingApi(storage: CheckpointStorage = idbCheckpointStorage('current')) {
  let session: Session | null = null;
  let backend: BackendChoice | null = null;
  let generator: LoadedPolicy | null = null;

  async function ensureBackend(pinned?: BackendName): Promise<BackendChoice> {
    if (backend === null || (pinned !== undefined && backend.backend !== pinned)) backend = await chooseBackend(pinned);
    return backend;
  }

  function metaOf(s: Session): ModelMeta {
    return metaFor(s.settings, s.trainer, s.backend.backend, s.last?.testDifficulty ?? null);
  }

  async function checkpoint(s: Session): Promise<void> {
    const record: SessionRecord = { settings: s.settings, budget: s.budget, history: s.history };
    await saveCheckpoint(storage, s.trainer, metaOf(s), record);
  }

  /** The stored checkpoint with its session record parsed (null when there is none), or why it cannot be used. */
  async function readStored(): Promise<Result<{ files: ModelFiles; optimizer: Parameters<typeof restoreLearner>[0]['optimizer']; session: SessionRecord; savedAt: string } | null, string>> {
    const c = await readCheckpoint(storage);
    if (!c.ok) return c;
    if (c.value === null) return found(null);
    const stored = SessionRecordSchema.safeParse(c.value.session);
    if (!stored.success) return err(`the saved checkpoint cannot be used: ${describeIssues(stored.error)}`);
    return found({ files: c.value.files, optimizer: c.value.optimizer, session: stored.data, savedAt: c.value.savedAt });
  }

  /**
   * Starts a fresh session (discarding any previous one). Returns the backend
   * and the recipe in use (`auto` becomes `gpu` on a real WebGPU adapter, else
   * `fast`); settings the protocol refuses come back `invalid` with its
   * sentence, before any backend starts, and leave the session as it was.
   */
  async function configure(input: TrainingRequest): Promise<Outcome<BackendChoice & { readonly recipe: RecipeName }>> {
    const parsed = parseRequest(TrainingRequestSchema, input);
    if (parsed.kind !== 'ok') return parsed;
    const request = parsed.value;
    if (session?.status === 'running') return invalid('training is running: pause or stop it first');
    const b = await ensureBackend(request.backend);
    const settings: TrainingSettings = { ...request, recipe: resolveRecipe(request.recipe, b) };
    session?.trainer.learner.dispose();
    session = { settings, trainer: newTrainer(settings), backend: b, status: 'idle', stopRequested: null, budget: {}, history: [], last: null };
    return ok({ ...b, recipe: settings.recipe, updatePath: session.trainer.learner.updatePath });
  }

  /**
   * Trains until the budget is spent or paused/stopped. `onProgress` receives
   * metrics about twice a second; a checkpoint is written on the job's
   * schedule (`TRAINING_SCHEDULE.checkpointSeconds`) and when the run ends. Called again after a pause, it continues the same budget.
   * A run that breaks answers `failed` and leaves the session stopped.
   */
  async function train(input: TrainingBudget, onProgress: (m: TrainingProgress) => void): Promise<Outcome<TrainingProgress>> {
    const budget = parseRequest(BudgetSchema, input);
    if (budget.kind !== 'ok') return budget;
    const s = session;
    if (s === null) return invalid('configure a training session first');
    if (s.status === 'running') return invalid('training is already running');
    s.status = 'running';
    s.stopRequested = null;
    s.budget = budget.value;
    let lastYield = performance.now();
    const report = (p: TrainingMetrics): void => {
      s.last = p;
      const point = { ...p, status: s.status };
      record(s.history, point);
      onProgress(point);
    };
    try {
      const m = await s.trainer.run(budget.value, {
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
      return failed(e);
    }
    const final = { ...s.last, status: s.status };
    record(s.history, final);
    await checkpoint(s);
    onProgress(final);
    return ok(final);
  }

  /** Asks a running session to pause after its current lock-step (`train` then answers with status `paused`). */
  async function pause(): Promise<Outcome<null>> {
    if (session?.status === 'running') session.stopRequested = 'pause';
    return ok(null);
  }

  /** Asks a running session to stop after its current lock-step. */
  async function stop(): Promise<Outcome<null>> {
    if (session?.status === 'running') session.stopRequested = 'stop';
    return ok(null);
  }

  /** The checkpoint saved in IndexedDB, described without loading it (null when there is none). */
  async function peekCheckpoint(): Promise<Outcome<CheckpointSummary | null>> {
    const c = await readStored();
    if (!c.ok) return failed(c.error);
    if (c.value === null) return ok(null);
    const meta = parseModelMeta(c.value.files.meta);
    if (!meta.ok) return failed(`the saved checkpoint cannot be used: ${meta.error}`);
    const { session: stored, savedAt } = c.value;
    return ok({ settings: summary(stored.settings), budget: stored.budget, meta: meta.meta, history: stored.history, savedAt });
  }

  async function discardCheckpoint(): Promise<Outcome<null>> {
    await storage.remove();
    return ok(null);
  }

  /** Restores the session saved in IndexedDB (after a reload), paused and ready to `train` again. */
  async function restoreCheckpoint(): Promise<Outcome<(CheckpointSummary & { backend: BackendChoice }) | null>> {
    if (session?.status === 'running') return invalid('training is running: pause or stop it first');
    const c = await readStored();
    if (!c.ok) return failed(c.error);
    if (c.value === null) return ok(null);
    const settings = c.value.session.settings;
    const b = await ensureBackend(settings.backend);
    const restored = await restoreForSettings(c.value, settings);
    if (!restored.ok) return failed(`the saved checkpoint cannot be used: ${restored.error}`);
    const { learner, meta, counters } = restored.value;
    const next = sessionFrom(settings, b, learner, meta, counters);
    next.budget = c.value.session.budget;
    next.history = c.value.session.history;
    session?.trainer.learner.dispose();
    session = next;
    return ok({ settings: summary(settings), budget: next.budget, meta, history: next.history, savedAt: c.value.savedAt, backend: { ...b, updatePath: learner.updatePath } });
  }

  /** The meta the session's model would be saved with now (for the model card), or null. */
  async function currentMeta(): Promise<Outcome<ModelMeta | null>> {
    return ok(session === null ? null : metaOf(session));
  }

  /** The current network as downloadable files. */
  async function exportModel(): Promise<Outcome<ModelFiles>> {
    if (session === null) return invalid('no model to export: train or upload one first');
    return ok(await modelToFiles(session.trainer.learner.online, metaOf(session)));
  }

  /**
   * Makes uploaded model files the training session's model (paused, so
   * training can continue from it). Validated first: on any problem this
   * answers with the reason and the current session is left as it was.
   */
  async function loadModel(files: ModelFiles, model: DifficultyModel, rules?: RulesetName): Promise<Outcome<{ meta: ModelMeta; backend: BackendChoice; settings: TrainingSettingsSummary }>> {
    if (session?.status === 'running') return invalid('training is running: pause or stop it first');
    const meta = parseModelMeta(files.meta);
    if (!meta.ok) return invalid(meta.error);
    const m = meta.meta;
    // The studio trains for the pack's ruleset: a model of another is refused before anything changes.
    const rulesProblem = rules !== undefined ? modelRulesProblem(m, rules) : null;
    if (rulesProblem !== null) return invalid(rulesProblem);
    // Before any tfjs call: otherwise tfjs starts its default (highest-priority) backend on its own.
    const b = await ensureBackend(session?.settings.backend);
    const parsed = TrainingSettingsSchema.safeParse({ env: m.env, width: m.width, height: m.height, encoding: m.encoding, recipe: m.recipe, seed: m.seed, rules: modelRules(m), model, ...(session?.settings.backend !== undefined ? { backend: session.settings.backend } : {}) });
    if (!parsed.success) return invalid(describeIssues(parsed.error));
    const settings = parsed.data;
    const restored = await restoreForSettings({ files, optimizer: null }, settings);
    if (!restored.ok) return invalid(restored.error);
    const next = sessionFrom(settings, b, restored.value.learner, restored.value.meta, restored.value.counters);
    session?.trainer.learner.dispose();
    session = next;
    return ok({ meta: m, backend: b, settings: summary(settings) });
  }

  /**
   * Loads model files (upload, or the shipped model fetched by the client) for
   * generation. With `rules`, a model trained for another ruleset is refused
   * with the sentence of `modelRulesProblem` and the loaded one stays.
   */
  async function importModel(files: ModelFiles, rules?: RulesetName): Promise<Outcome<{ meta: ModelMeta; backend: BackendChoice }>> {
    if (rules !== undefined) {
      const meta = parseModelMeta(files.meta);
      const problem = meta.ok ? modelRulesProblem(meta.meta, rules) : null;
      if (problem !== null) return invalid(problem);
    }
    const b = await ensureBackend();
    const r = await loadPolicy(files, { env: 'sd-pcgrl' });
    if (!r.ok) return invalid(r.error);
    generator?.dispose();
    generator = r.value;
    return ok({ meta: r.value.meta, backend: b });
  }

  /**
   * SD-PCGRL levels from the imported model (or the session's network when
   * none is imported), analysed. A request the protocol refuses, or a start
   * cell off the model's grid, comes back `invalid`.
   */
  async function generate(request: SdGenerateOptions): Promise<Outcome<SdLevel[]>> {
    const parsed = parseRequest(SdGenerateOptionsSchema, request);
    if (parsed.kind !== 'ok') return parsed;
    const source = generator ?? (session !== null && session.settings.env === 'sd-pcgrl' ? { q: session.trainer.learner, meta: metaOf(session) } : null);
    if (source === null) return invalid('load or train an SD-PCGRL model first');
    const rulesProblem = parsed.value.rules !== undefined ? modelRulesProblem(source.meta, parsed.value.rules) : null;
    if (rulesProblem !== null) return invalid(rulesProblem);
    const { width, height } = source.meta;
    const { temperature, count, seed, startCell } = parsed.value;
    if (typeof startCell === 'number' && startCell >= width * height) return invalid(`the start cell must be 0 to ${width * height - 1} on ${width}x${height}`);
    const pins = requestPins(parsed.value.pins, width, height);
    if (!pins.ok) return invalid(`the pins: ${pins.error}`);
    if (pins.value !== undefined && startCell !== undefined) return invalid('a chosen start and pinned cells do not go together: pin the start cell instead, or choose a random start');
    const levels = await generateSdLevels(source, { temperature, seed, from: 0, to: count, ...(startCell !== undefined ? { startCell } : {}), ...(pins.value !== undefined ? { pins: pins.value } : {}) });
    return ok(levels.map((l) => ({
      index: l.index,
      id: l.id,
      rows: toRows(l.level),
      key: l.key,
      solution: l.solution,
      counts: { ...l.analysis.counts },
      features: { ...l.analysis.features },
      duplicate: l.duplicate,
      startCell: l.level.head,
    })));
  }

  return {
    configure: guarded(configure),
    train: guarded(train),
    pause: guarded(pause),
    stop: guarded(stop),
    peekCheckpoint: guarded(peekCheckpoint),
    discardCheckpoint: guarded(discardCheckpoint),
    restoreCheckpoint: guarded(restoreCheckpoint),
    currentMeta: guarded(currentMeta),
    exportModel: guarded(exportModel),
    loadModel: guarded(loadModel),
    importModel: guarded(importModel),
    generate: guarded(generate),
  };
}

export type TrainingApi = ReturnType<typeof createTrainingApi>;
