/**
 * Drives the training worker and the SD-PCGRL generator worker from the
 * store: start, pause, resume, stop, the checkpoint offered after a reload,
 * model download/upload, the shipped model, and generation. Two workers, so
 * generating levels never waits for a training lock-step (and a crash in
 * one leaves the other alone). One per page, built by `createServices`.
 */
import type { BackendChoice } from '../../ml/backendNames';
import { ModelMetaSchema, parseModelMeta } from '../../ml/schemas';
import { idbCheckpointStorage } from '../../workers/checkpointStore';
import { BudgetSchema, TrainingSettingsSummarySchema } from '../../workers/training.protocol';
import { describeIssues } from '../../core/util/schemas';
import { z } from 'zod';
import type { TrainingBudget } from '../../ml/trainer';
import type { CheckpointSummary, TrainingProgress, TrainingRequest, TrainingSettingsSummary } from '../../workers/training.api';
import type { Outcome } from '../../workers/outcome';
import { TrainingClient } from '../../workers/training.client';
import type { StudioStore } from '../store/store';
import type { TrainingForm } from '../store/trainingSlice';
import { generatorPins } from '../store/suggestionsSlice';
import { downloadModelFiles, fetchShippedMeta, fetchShippedModel, hasShippedModel, readModelUpload } from './modelFilesIo';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** An outcome's value; anything else throws its message (the controller's handlers turn it into a sentence in the store). */
function value<T>(o: Outcome<T>): T {
  if (o.kind !== 'ok') throw new Error(o.message);
  return o.value;
}

export class TrainingController {
  readonly trainer: TrainingClient;
  readonly generator: TrainingClient;
  private budget: TrainingBudget = {};

  /** The run's budget, here and in the store (the stats show progress toward it and the time left). */
  private setBudget(budget: TrainingBudget): void {
    this.budget = budget;
    this.state.setTrainingBudget(budget.minutes ?? null);
  }
  private peeked = false;
  /** Runs before a fresh run replaces the stored checkpoint (the workspace backs up a damaged one). */
  beforeFreshRun: () => Promise<void> = async () => {};

  constructor(private readonly store: StudioStore) {
    this.trainer = new TrainingClient({
      name: 'training',
      onStatus: (status) => {
        // A crash mid-run: the run's outcome says so too, but say it at once.
        if (status === 'failed') this.store.getState().setTrainingPhase('failed', 'the training worker crashed');
      },
    });
    this.generator = new TrainingClient({ name: 'sd-pcgrl' });
  }

  private get state() {
    return this.store.getState();
  }

  /** Once per page: offers the checkpoint left in IndexedDB, unless a session already exists. */
  async init(): Promise<void> {
    if (this.peeked) return;
    this.peeked = true;
    if (this.state.trainingSession !== null) return;
    try {
      // The summary crossed a worker boundary: parsed again here, never trusted.
      const c = parseCheckpointSummary(value(await this.trainer.call((api) => api.peekCheckpoint())));
      if (this.state.trainingSession === null) this.state.setTrainingCheckpoint(c);
    } catch (e) {
      this.state.setTrainingCheckpointError(message(e));
    }
  }

  /** The checkpoint record as stored (for a backup before it is discarded), or undefined. */
  async rawCheckpoint(): Promise<unknown> {
    try {
      return await idbCheckpointStorage('current').read();
    } catch {
      return undefined;
    }
  }

  private settings(form: TrainingForm): TrainingRequest {
    return {
      env: form.env,
      width: form.width,
      height: form.height,
      encoding: form.encoding,
      recipe: form.recipe,
      seed: form.seed,
      model: this.state.model,
      ...(form.backend !== 'auto' ? { backend: form.backend } : {}),
      ...(form.learningStarts !== null ? { learningStarts: form.learningStarts } : {}),
    };
  }

  private busy(): boolean {
    return ['starting', 'running', 'pausing', 'stopping'].includes(this.state.trainingPhase);
  }

  /** A fresh run with the form's settings (replaces the session and, at its first save, the checkpoint). */
  async start(): Promise<void> {
    if (this.busy()) return;
    const form = this.state.trainingForm;
    const settings = this.settings(form);
    this.state.setTrainingPhase('starting', null);
    try {
      await this.beforeFreshRun();
      const backend = value(await this.trainer.request((api) => api.configure(settings)));
      const { model: _model, ...summary } = settings;
      this.sessionReady({ ...summary, recipe: backend.recipe }, backend);
      this.state.setTrainingCheckpoint(null);
      this.state.setTrainingModel(null);
      this.setBudget({ minutes: form.minutes });
    } catch (e) {
      this.state.setTrainingPhase('failed', message(e));
      return;
    }
    await this.run();
  }

  private sessionReady(summary: TrainingSettingsSummary, backend: BackendChoice, history: readonly TrainingProgress[] = []): void {
    this.state.trainingSessionStarted(summary, backend, history);
  }

  /** Trains the session until its budget is spent, paused or stopped. */
  private async run(): Promise<void> {
    this.state.setTrainingPhase('running', null);
    try {
      const final = value(await this.trainer.train(this.budget, (p) => this.state.trainingProgress(p)));
      this.state.setTrainingPhase(final.status === 'paused' ? 'paused' : final.status === 'stopped' ? 'stopped' : 'finished');
      this.state.setTrainingModel(value(await this.trainer.call((api) => api.currentMeta())));
    } catch (e) {
      this.state.setTrainingPhase('failed', message(e));
    }
  }

  async pause(): Promise<void> {
    if (this.state.trainingPhase !== 'running') return;
    this.state.setTrainingPhase('pausing');
    await this.trainer.call((api) => api.pause());
  }

  async stop(): Promise<void> {
    if (this.state.trainingPhase !== 'running' && this.state.trainingPhase !== 'pausing') return;
    this.state.setTrainingPhase('stopping');
    await this.trainer.call((api) => api.stop());
  }

  /** Continues the paused session; a spent (or unknown) budget is extended by the form's minutes. */
  async resume(): Promise<void> {
    if (this.busy() || this.state.trainingSession === null) return;
    await this.continueRun();
  }

  private async continueRun(): Promise<void> {
    const elapsedMinutes = (this.state.trainingHistory.at(-1)?.elapsed ?? this.state.trainingModel?.wallSeconds ?? 0) / 60;
    if (this.budget.minutes === undefined || elapsedMinutes >= this.budget.minutes - 1e-6) this.setBudget({ minutes: elapsedMinutes + this.state.trainingForm.minutes });
    await this.run();
  }

  /** "Resume training" after a reload: restores the IndexedDB checkpoint and trains on. */
  async resumeCheckpoint(): Promise<void> {
    if (this.busy()) return;
    this.state.setTrainingPhase('starting', null);
    try {
      const r = value(await this.trainer.call((api) => api.restoreCheckpoint()));
      if (r === null) {
        this.state.setTrainingCheckpoint(null);
        this.state.setTrainingPhase('idle', 'the checkpoint is gone');
        return;
      }
      this.state.setTrainingForm({ ...formFrom(r.settings), ...(r.budget.minutes !== undefined ? { minutes: r.budget.minutes } : {}) });
      this.sessionReady(r.settings, r.backend, r.history);
      this.state.setTrainingModel(r.meta);
      this.state.setTrainingCheckpoint(null);
      this.setBudget(r.budget);
    } catch (e) {
      this.state.setTrainingPhase('failed', message(e));
      return;
    }
    await this.continueRun();
  }

  async discardCheckpoint(): Promise<void> {
    try {
      value(await this.trainer.call((api) => api.discardCheckpoint()));
      this.state.setTrainingCheckpoint(null);
      this.state.setTrainingCheckpointError(null);
    } catch (e) {
      this.state.notify('error', `Could not discard the checkpoint: ${message(e)}.`);
    }
  }

  /** Downloads the session's model as model.json, weights.bin and meta.json. */
  async download(): Promise<void> {
    try {
      const files = value(await this.trainer.call((api) => api.exportModel()));
      downloadModelFiles(files);
      const meta = parseModelMeta(files.meta);
      if (meta.ok) this.state.setTrainingModel(meta.meta);
    } catch (e) {
      this.state.notify('error', `Download failed: ${message(e)}.`);
    }
  }

  /** Makes three picked files the session's model; on any problem says why and changes nothing. */
  async upload(picked: readonly File[]): Promise<boolean> {
    if (this.busy()) {
      this.state.setTrainingUploadError('pause or stop training before uploading a model');
      return false;
    }
    const read = await readModelUpload(picked);
    if (!read.ok) {
      this.state.setTrainingUploadError(read.error);
      return false;
    }
    try {
      const r = value(await this.trainer.call((api) => api.loadModel(read.files, this.state.model)));
      this.state.setTrainingUploadError(null);
      this.state.setTrainingForm(formFrom(r.settings));
      this.sessionReady(r.settings, r.backend);
      this.state.setTrainingModel(r.meta);
      this.state.setTrainingPhase('paused', null);
      this.setBudget({});
      return true;
    } catch (e) {
      this.state.setTrainingUploadError(message(e));
      return false;
    }
  }

  /** Shows the shipped model's meta without loading the network (that waits for the first Generate). */
  async peekShippedModel(): Promise<void> {
    if (this.state.sdModel.meta !== null || this.state.sdModel.status !== 'none') return;
    if (!hasShippedModel()) {
      this.state.setSdModel({ status: 'missing', error: 'the shipped model (models/sd-pcgrl-8x8) is not part of this build' });
      return;
    }
    try {
      const meta = await fetchShippedMeta();
      if (this.state.sdModel.meta === null) this.state.setSdModel({ source: 'shipped', meta });
    } catch (e) {
      this.state.setSdModel({ status: 'failed', error: message(e) });
    }
  }

  /** Loads the shipped model into the generator worker. */
  async loadShippedModel(): Promise<void> {
    if (this.state.sdModel.status === 'loading') return;
    if (!hasShippedModel()) {
      this.state.setSdModel({ status: 'missing', source: null, meta: null, error: 'the shipped model (models/sd-pcgrl-8x8) is not part of this build' });
      return;
    }
    this.state.setSdModel({ status: 'loading', error: null });
    try {
      const files = await fetchShippedModel();
      const r = value(await this.generator.call((api) => api.importModel(files)));
      this.state.setSdModel({ status: 'ready', source: 'shipped', meta: r.meta, backend: r.backend, error: null });
    } catch (e) {
      this.state.setSdModel({ status: 'failed', source: null, meta: null, error: message(e) });
    }
  }

  /** Hands the training session's current network to the generator. */
  async useTrainedModel(): Promise<void> {
    this.state.setSdModel({ status: 'loading', error: null });
    try {
      const files = value(await this.trainer.call((api) => api.exportModel()));
      const r = value(await this.generator.call((api) => api.importModel(files)));
      this.state.setSdModel({ status: 'ready', source: 'training', meta: r.meta, backend: r.backend, error: null });
    } catch (e) {
      this.state.setSdModel({ status: 'failed', source: null, meta: null, error: message(e) });
    }
  }

  /** Generates the panel's levels with the loaded model. */
  async generate(): Promise<void> {
    const s = this.state.sdSettings;
    if (this.state.sdRun.status === 'running' || this.state.sdModel.status === 'loading') return;
    const meta = this.state.sdModel.meta;
    // The model's size is the run's: pins set on a level of that size are kept (the model loads on the first run, 8x8 when shipped).
    const pins = generatorPins(this.state, meta?.width ?? 8, meta?.height ?? 8);
    this.state.sdStarted(s, pins);
    // The shipped model's network loads on the first Generate.
    if (this.state.sdModel.status !== 'ready') await this.loadShippedModel();
    if (this.state.sdModel.status !== 'ready') {
      this.state.sdFailed(`no model to generate with: ${this.state.sdModel.error ?? 'it did not load'}`);
      return;
    }
    const t0 = performance.now();
    try {
      const startCell = s.startMode === 'random' ? undefined : s.startMode === 'every' ? ('every' as const) : s.cell;
      const levels = value(await this.generator.request((api) => api.generate({ temperature: s.temperature, count: s.count, seed: s.seed, ...(startCell !== undefined ? { startCell } : {}), ...(pins !== undefined ? { pins: [...pins] } : {}) })));
      this.state.sdFinished(levels, (performance.now() - t0) / 1000);
    } catch (e) {
      this.state.sdFailed(message(e));
    }
  }

  /** Stops both workers for good (page unload, tests). */
  dispose(): void {
    this.trainer.dispose();
    this.generator.dispose();
  }
}

const CheckpointSummarySchema = z.object({
  settings: TrainingSettingsSummarySchema,
  budget: BudgetSchema,
  meta: ModelMetaSchema,
  history: z.array(z.unknown()),
  savedAt: z.string().max(100),
});

/** A checkpoint summary from the worker, checked (null: there is none); throws a sentence. */
export function parseCheckpointSummary(c: unknown): CheckpointSummary | null {
  if (c === null) return null;
  const r = CheckpointSummarySchema.safeParse(c);
  if (!r.success) throw new Error(`the saved checkpoint cannot be used: ${describeIssues(r.error)}`);
  return { ...(c as CheckpointSummary), budget: r.data.budget, meta: r.data.meta, savedAt: r.data.savedAt };
}

function formFrom(s: TrainingSettingsSummary): Partial<TrainingForm> {
  return { env: s.env, width: s.width, height: s.height, encoding: s.encoding, recipe: s.recipe, seed: s.seed, backend: s.backend ?? 'auto', learningStarts: s.learningStarts ?? null };
}
