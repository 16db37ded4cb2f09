/**
 * In-browser DQN training and the SD-PCGRL generator: the training form,
 * the run's phase, backend and progress history, the checkpoint offered
 * after a reload, the current model's meta; and the generator's settings,
 * model and last run. Side effects live in controllers/trainingController.
 */
import type { RecipeChoice } from '../../ml/recipes';
import type { BackendChoice, BackendName } from '../../ml/backendNames';
import type { ModelMeta } from '../../ml/modelFiles';
import type { CheckpointSummary, SdLevel, TrainingProgress, TrainingSettingsSummary } from '../../workers/training.api';
import type { RulesetName } from '../../core/rules/ruleset';
import type { SliceCreator } from './types';

export interface TrainingForm {
  readonly env: 'sd-pcgrl' | 'turtle';
  readonly width: number;
  readonly height: number;
  /** `auto`: `gpu` on a real WebGPU adapter, else `fast` (ml/recipes.ts). */
  readonly recipe: RecipeChoice;
  readonly encoding: 'markov' | 'thesis';
  readonly seed: number;
  /** Wall-clock budget; epsilon decays over it. */
  readonly minutes: number;
  readonly backend: 'auto' | BackendName;
  /** Transitions before the first update; null: the recipe's own. */
  readonly learningStarts: number | null;
}

/**
 * Where a run stands: `starting` (worker and backend coming up), `running`,
 * `pausing`/`stopping` (asked, finishing the lock-step), `paused`,
 * `stopped`, `finished` (budget spent), `failed`.
 */
export type TrainingPhase = 'idle' | 'starting' | 'running' | 'pausing' | 'paused' | 'stopping' | 'stopped' | 'finished' | 'failed';

export type StartCellMode = 'random' | 'every' | 'cell';

export interface SdSettings {
  readonly temperature: number;
  readonly startMode: StartCellMode;
  /** The chosen start cell (row-major index) when `startMode` is 'cell'. */
  readonly cell: number;
  readonly count: number;
  readonly seed: number;
}

export interface SdModelState {
  readonly status: 'none' | 'loading' | 'ready' | 'missing' | 'failed';
  /** Where the loaded model came from. */
  readonly source: 'shipped' | 'training' | null;
  readonly meta: ModelMeta | null;
  readonly backend: BackendChoice | null;
  readonly error: string | null;
}

export interface SdRun {
  readonly status: 'idle' | 'running' | 'done' | 'failed';
  readonly settings: SdSettings | null;
  readonly levels: readonly SdLevel[];
  readonly message: string | null;
  /** Seconds the worker took. */
  readonly seconds: number | null;
  /** The ruleset the levels were carved under and the model's provenance name (null before a run). */
  readonly rules: RulesetName | null;
  readonly model: string | null;
  /** The pinned cells the levels keep, as pin rows (`core/generators/pins.ts`); absent when none were kept. */
  readonly pins?: readonly string[] | undefined;
}

export interface TrainingSlice {
  trainingForm: TrainingForm;
  trainingPhase: TrainingPhase;
  /** Settings of the session in the worker (null before one exists). */
  trainingSession: TrainingSettingsSummary | null;
  /** The run's wall-clock budget in minutes (null: none set), for progress and the time left. */
  trainingBudgetMinutes: number | null;
  setTrainingBudget(minutes: number | null): void;
  trainingBackend: BackendChoice | null;
  trainingHistory: readonly TrainingProgress[];
  trainingModel: ModelMeta | null;
  /** A checkpoint in IndexedDB that can be resumed (after a reload). */
  trainingCheckpoint: CheckpointSummary | null;
  trainingError: string | null;
  /** The last upload's problem (the current model is unchanged). */
  trainingUploadError: string | null;
  /** Why the checkpoint left in IndexedDB cannot be used (it can be set aside), or null. */
  trainingCheckpointError: string | null;

  sdSettings: SdSettings;
  sdModel: SdModelState;
  sdRun: SdRun;

  setTrainingForm(patch: Partial<TrainingForm>): void;
  setTrainingPhase(phase: TrainingPhase, error?: string | null): void;
  trainingSessionStarted(session: TrainingSettingsSummary, backend: BackendChoice, history?: readonly TrainingProgress[]): void;
  trainingProgress(p: TrainingProgress): void;
  setTrainingModel(meta: ModelMeta | null): void;
  setTrainingCheckpoint(c: CheckpointSummary | null): void;
  setTrainingUploadError(error: string | null): void;
  setTrainingCheckpointError(error: string | null): void;

  setSdSettings(patch: Partial<SdSettings>): void;
  setSdModel(patch: Partial<SdModelState>): void;
  sdStarted(settings: SdSettings, pins?: readonly string[]): void;
  sdFinished(levels: readonly SdLevel[], seconds: number, made: { readonly rules: RulesetName; readonly model: string }): void;
  sdFailed(message: string): void;
}

/** Progress points kept for the charts (the worker thins its copy the same way). */
export const HISTORY_LIMIT = 600;

export const DEFAULT_TRAINING_FORM: TrainingForm = { env: 'sd-pcgrl', width: 8, height: 8, recipe: 'auto', encoding: 'markov', seed: 1, minutes: 5, backend: 'auto', learningStarts: null };
export const DEFAULT_SD_SETTINGS: SdSettings = { temperature: 0.2, startMode: 'random', cell: 0, count: 12, seed: 1 };

/** Appends a point; when over the limit, every other older point goes (the newest stays). */
export function appendThinned<T>(list: readonly T[], item: T, limit = HISTORY_LIMIT): T[] {
  const next = [...list, item];
  if (next.length <= limit) return next;
  return next.filter((_, i) => i % 2 === 0 || i === next.length - 1);
}

export const createTrainingSlice: SliceCreator<TrainingSlice> = () => (set, get) => ({
  trainingForm: DEFAULT_TRAINING_FORM,
  trainingPhase: 'idle',
  trainingSession: null,
  trainingBudgetMinutes: null,
  setTrainingBudget: (minutes) => set({ trainingBudgetMinutes: minutes }),
  trainingBackend: null,
  trainingHistory: [],
  trainingModel: null,
  trainingCheckpoint: null,
  trainingError: null,
  trainingUploadError: null,
  trainingCheckpointError: null,

  sdSettings: DEFAULT_SD_SETTINGS,
  sdModel: { status: 'none', source: null, meta: null, backend: null, error: null },
  sdRun: { status: 'idle', settings: null, levels: [], message: null, seconds: null, rules: null, model: null },

  setTrainingForm: (patch) => set({ trainingForm: { ...get().trainingForm, ...patch } }),
  setTrainingPhase: (phase, error) => set({ trainingPhase: phase, ...(error !== undefined ? { trainingError: error } : {}) }),
  trainingSessionStarted: (session, backend, history = []) => set({ trainingSession: session, trainingBackend: backend, trainingHistory: [...history], trainingError: null }),
  trainingProgress: (p) => set({ trainingHistory: appendThinned(get().trainingHistory, p) }),
  setTrainingModel: (meta) => set({ trainingModel: meta }),
  setTrainingCheckpoint: (c) => set({ trainingCheckpoint: c }),
  setTrainingUploadError: (error) => set({ trainingUploadError: error }),
  setTrainingCheckpointError: (error) => set({ trainingCheckpointError: error }),

  setSdSettings: (patch) => set({ sdSettings: { ...get().sdSettings, ...patch } }),
  setSdModel: (patch) => set({ sdModel: { ...get().sdModel, ...patch } }),
  // As for the generators: the last run's levels are not shown beside the new run's settings, rules and pins.
  sdStarted: (settings, pins) => set({ sdRun: { status: 'running', settings, levels: [], message: null, seconds: null, rules: null, model: null, pins } }),
  sdFinished: (levels, seconds, made) => set({ sdRun: { ...get().sdRun, status: 'done', levels: [...levels], message: null, seconds, rules: made.rules, model: made.model } }),
  sdFailed: (message) => set({ sdRun: { ...get().sdRun, status: 'failed', message } }),
});
