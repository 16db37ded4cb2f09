/**
 * Drives the training worker and the SD-PCGRL generator worker from the
 * store: start, pause, resume, stop, the checkpoint offered after a reload,
 * model download/upload, the shipped models (one per ruleset: the pack's is
 * the one peeked, loaded and generated with, again whenever the pack's
 * ruleset changes), and generation. Two workers, so
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
import { downloadModelFiles, fetchShippedMeta, fetchShippedModel, hasShippedModel, missingShippedModel, readModelUpload, shippedModelFolder } from './modelFilesIo';
import { envRulesProblem } from '../../ml/envs';
import { modelRules, modelRulesProblem } from '../../ml/modelRules';
import { rulesetByName } from '../../core/rules/registry';
import type { RulesetName } from '../../core/rules/ruleset';
import { packRules } from '../store/rules';
import type { SdModelState } from '../store/trainingSlice';
import { generatorPins } from '../store/suggestionsSlice';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';

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
  private readonly stopWatchingRules: () => void;
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
    // The generator's model follows the pack's ruleset: one for another ruleset is dropped and the pack's shipped one peeked.
    this.stopWatchingRules = store.subscribe((st, prev) => {
      const rules = packRules(st.pack);
      if (rules === packRules(prev.pack)) return;
      const m = st.sdModel;
      if (m.status === 'loading' || (m.meta !== null && modelRules(m.meta) === rules)) return;
      st.setSdModel({ status: 'none', source: null, meta: null, backend: null, error: null });
      if (m.meta !== null || m.status !== 'none') void this.peekShippedModel();
    });
  }

  /** The pack's ruleset (the one the generator and a new training run are for). */
  private get rules(): RulesetName {
    return packRules(this.state.pack);
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
      const c = parseCheckpointSummary(value(await this.trainer.request((api) => api.peekCheckpoint())));
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
      rules: this.rules,
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
    const envProblem = envRulesProblem(settings.env, settings.rules);
    if (envProblem !== null) {
      // Refused before anything starts: the session and the stored checkpoint stay.
      this.state.setTrainingPhase(this.state.trainingPhase, `This pack is ${rulesetByName(this.rules).title}: ${envProblem}.`);
      return;
    }
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
      this.state.setTrainingModel(value(await this.trainer.request((api) => api.currentMeta())));
    } catch (e) {
      this.state.setTrainingPhase('failed', message(e));
    }
  }

  async pause(): Promise<void> {
    if (this.state.trainingPhase !== 'running') return;
    this.state.setTrainingPhase('pausing');
    await this.trainer.request((api) => api.pause());
  }

  async stop(): Promise<void> {
    if (this.state.trainingPhase !== 'running' && this.state.trainingPhase !== 'pausing') return;
    this.state.setTrainingPhase('stopping');
    await this.trainer.request((api) => api.stop());
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
    const saved = this.state.trainingCheckpoint;
    const was = saved?.settings.rules ?? DEFAULT_RULESET_NAME;
    if (saved !== null && was !== this.rules) {
      // Training on would carve under other rules than the pack's: refused, the checkpoint stays.
      this.state.setTrainingPhase(this.state.trainingPhase, `This run trains for ${rulesetByName(was).title} and this pack is ${rulesetByName(this.rules).title}: open a ${rulesetByName(was).title} pack to resume it (nothing was changed).`);
      return;
    }
    this.state.setTrainingPhase('starting', null);
    try {
      const r = value(await this.trainer.request((api) => api.restoreCheckpoint()));
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
      value(await this.trainer.request((api) => api.discardCheckpoint()));
      this.state.setTrainingCheckpoint(null);
      this.state.setTrainingCheckpointError(null);
    } catch (e) {
      this.state.notify('error', `Could not discard the checkpoint: ${message(e)}.`);
    }
  }

  /** Downloads the session's model as model.json, weights.bin and meta.json. */
  async download(): Promise<void> {
    try {
      const files = value(await this.trainer.request((api) => api.exportModel()));
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
    const meta = parseModelMeta(read.files.meta);
    const rulesProblem = meta.ok ? modelRulesProblem(meta.meta, this.rules) : null;
    if (rulesProblem !== null) {
      this.state.setTrainingUploadError(rulesProblem);
      return false;
    }
    try {
      const rules = this.rules;
      const r = value(await this.trainer.request((api) => api.loadModel(read.files, this.state.model, rules)));
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

  /** Shows the pack's shipped model's meta without loading the network (that waits for the first Generate). */
  async peekShippedModel(): Promise<void> {
    if (this.state.sdModel.meta !== null || this.state.sdModel.status !== 'none') return;
    const rules = this.rules;
    if (!hasShippedModel(rules)) {
      this.state.setSdModel({ status: 'missing', error: missingShippedModel(rules) });
      return;
    }
    try {
      const meta = await fetchShippedMeta(rules);
      // The pack's ruleset may have changed meanwhile: then this meta is not the one to show.
      if (this.state.sdModel.meta === null && this.state.sdModel.status === 'none' && this.rules === rules) this.state.setSdModel({ source: 'shipped', meta });
    } catch (e) {
      if (this.rules === rules) this.state.setSdModel({ status: 'failed', error: message(e) });
    }
  }

  /** Loads the pack's shipped model into the generator worker. */
  async loadShippedModel(): Promise<void> {
    if (this.state.sdModel.status === 'loading') return;
    const rules = this.rules;
    if (!hasShippedModel(rules)) {
      this.state.setSdModel({ status: 'missing', source: null, meta: null, error: missingShippedModel(rules) });
      return;
    }
    this.state.setSdModel({ status: 'loading', error: null });
    try {
      const files = await fetchShippedModel(rules);
      const r = value(await this.generator.request((api) => api.importModel(files, rules)));
      this.state.setSdModel({ status: 'ready', source: 'shipped', meta: r.meta, backend: r.backend, error: null });
    } catch (e) {
      this.state.setSdModel({ status: 'failed', source: null, meta: null, error: message(e) });
    }
    // The pack's ruleset changed while loading: drop this one and show the pack's.
    if (this.rules !== rules) {
      this.state.setSdModel({ status: 'none', source: null, meta: null, backend: null, error: null });
      void this.peekShippedModel();
    }
  }

  /**
   * Hands the training session's current network to the generator. A
   * session trained for another ruleset than the pack's is refused with a
   * sentence, and the generator keeps the model it had.
   */
  async useTrainedModel(): Promise<void> {
    const trained = this.state.trainingSession?.rules ?? DEFAULT_RULESET_NAME;
    const problem = modelRulesProblem({ rules: trained }, this.rules);
    if (problem !== null) {
      this.state.notify('error', `${problem}.`);
      return;
    }
    const before = this.state.sdModel;
    this.state.setSdModel({ status: 'loading', error: null });
    try {
      const rules = this.rules;
      const files = value(await this.trainer.request((api) => api.exportModel()));
      const r = value(await this.generator.request((api) => api.importModel(files, rules)));
      this.state.setSdModel({ status: 'ready', source: 'training', meta: r.meta, backend: r.backend, error: null });
    } catch (e) {
      this.state.setSdModel({ ...before, status: before.status === 'loading' ? 'none' : before.status });
      this.state.notify('error', `The trained model could not be used: ${message(e)}.`);
    }
  }

  /** Generates the panel's levels with the loaded model (the pack's ruleset's). */
  async generate(): Promise<void> {
    const s = this.state.sdSettings;
    if (this.state.sdRun.status === 'running' || this.state.sdModel.status === 'loading') return;
    const rules = this.rules;
    const meta = this.state.sdModel.meta;
    // The model's size is the run's: pins set on a level of that size are kept (the model loads on the first run, 8x8 when shipped).
    const pins = generatorPins(this.state, meta?.width ?? 8, meta?.height ?? 8);
    this.state.sdStarted(s, pins);
    // The shipped model's network loads on the first Generate.
    if (this.state.sdModel.status !== 'ready') await this.loadShippedModel();
    const model = this.state.sdModel;
    if (model.status !== 'ready' || model.meta === null) {
      this.state.sdFailed(`no model to generate with: ${model.error ?? 'it did not load'}`);
      return;
    }
    const problem = modelRulesProblem(model.meta, rules);
    if (problem !== null) {
      this.state.sdFailed(problem);
      return;
    }
    const t0 = performance.now();
    try {
      const startCell = s.startMode === 'random' ? undefined : s.startMode === 'every' ? ('every' as const) : s.cell;
      const levels = value(await this.generator.request((api) => api.generate({ temperature: s.temperature, count: s.count, seed: s.seed, rules, ...(startCell !== undefined ? { startCell } : {}), ...(pins !== undefined ? { pins: [...pins] } : {}) })));
      this.state.sdFinished(levels, (performance.now() - t0) / 1000, { rules, model: sdModelName(model, rules) });
    } catch (e) {
      this.state.sdFailed(message(e));
    }
  }

  /** Stops both workers for good (page unload, tests). */
  dispose(): void {
    this.stopWatchingRules();
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

/** The name provenance gives a generator model: the shipped folder (`sd-pcgrl-paint-8x8`) or "trained in the studio". */
export function sdModelName(model: Pick<SdModelState, 'source'>, rules: RulesetName): string {
  return model.source === 'training' ? 'trained in the studio' : shippedModelFolder(rules);
}

function formFrom(s: TrainingSettingsSummary): Partial<TrainingForm> {
  return { env: s.env, width: s.width, height: s.height, encoding: s.encoding, recipe: s.recipe, seed: s.seed, backend: s.backend ?? 'auto', learningStarts: s.learningStarts ?? null };
}
