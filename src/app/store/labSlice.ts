/**
 * The predictor lab (SPEC §5): the loaded player data, the method and
 * features chosen, the running job and its progress, the evaluation runs
 * (accumulated like thesis Table 4.1 so runs can be compared), the latest
 * ablation and fitted model, and the saved models with the active choice.
 * Saved models and the active id are persisted (persistence/labModels.ts);
 * the session (data, runs) is not. Activating a model sets the ui slice's
 * `model`, so the gauge and the pack switch to it at once.
 */
import type { DifficultyModel, FitMethod, ModelProblem } from '../../core/difficulty/model';
import type { FeatureName } from '../../core/graph/features';
import { isSeed } from '../../core/util/schemas';
import type { LabAblation, LabData } from '../../workers/lab.api';
import { shippedDifficultyModel } from '../adapters/difficulty';
import { packRules } from './rules';
import { ITERATION_7_FEATURES } from '../adapters/labSeries';
import type { SliceCreator } from './types';

export type LabJobKind = 'data' | 'evaluate' | 'ablation' | 'fit';

export interface LabJob {
  readonly kind: LabJobKind;
  readonly done: number;
  /** 0 while the total is not known yet. */
  readonly total: number;
}

/** One row of the results table (thesis Table 4.1). */
export interface LabRun {
  readonly id: string;
  /** 1-based, in the order run. */
  readonly index: number;
  readonly method: FitMethod;
  readonly features: readonly FeatureName[];
  readonly source: string;
  readonly samples: number;
  readonly splits: number;
  readonly seed: number;
  readonly testMse: number;
  readonly sdTestMse: number;
  readonly baselineMse: number;
  readonly trainMse: number;
}

/** The latest fit: a model not saved yet, with its prediction per used sample. */
export interface LabFitted {
  readonly model: DifficultyModel;
  /** Indices of the samples it was fitted on; `predictions[i]` belongs to `samples[used[i]]`. */
  readonly used: readonly number[];
  readonly predictions: readonly number[];
}

export interface SavedModel {
  readonly id: string;
  readonly savedAt: string;
  readonly model: DifficultyModel;
}

/** Most saved models kept. */
export const SAVED_MODEL_LIMIT = 100;

export interface LabSlice {
  labData: LabData | null;
  labMethod: FitMethod;
  labFeatures: FeatureName[];
  labSeed: number;
  labJob: LabJob | null;
  /** The last job's failure, in a sentence, with the kind of job (so the right panel shows it). */
  labError: { readonly kind: LabJobKind; readonly message: string } | null;
  labRuns: LabRun[];
  labAblation: (LabAblation & { readonly source: string; readonly samples: number }) | null;
  labFitted: LabFitted | null;
  /** Problems of the last uploaded model file (null when none was refused). */
  labUploadProblems: { readonly file: string; readonly problems: readonly ModelProblem[] } | null;
  savedModels: SavedModel[];
  /** The saved model in use, or null for the shipped default. */
  activeModelId: string | null;

  setLabData(data: LabData): void;
  setLabMethod(method: FitMethod): void;
  setLabFeatures(features: readonly FeatureName[]): void;
  toggleLabFeature(feature: FeatureName): void;
  setLabSeed(seed: number): void;
  labJobStarted(kind: LabJobKind): void;
  labJobProgress(done: number, total: number): void;
  /** Ends the job; `error` is shown when given (`kind`: of a job refused before it started). */
  labJobEnded(error?: string | null, kind?: LabJobKind): void;
  addLabRun(run: Omit<LabRun, 'id' | 'index'>): void;
  clearLabRuns(): void;
  setLabAblation(result: LabSlice['labAblation']): void;
  setLabFitted(fitted: LabFitted | null): void;
  setLabUploadProblems(report: LabSlice['labUploadProblems']): void;
  /** Adds a model to the saved list; returns its id. */
  saveLabModel(model: DifficultyModel): string;
  /** Removes a saved model; removing the active one goes back to the shipped default. */
  deleteLabModel(id: string): void;
  /** Makes a saved model (or, with null, the shipped default) the active one. */
  activateLabModel(id: string | null): void;
  /** Puts saved models back after a reload (already validated). */
  restoreLabModels(models: SavedModel[], activeId: string | null): void;
}

export const createLabSlice: SliceCreator<LabSlice> = (deps) => (set, get) => ({
  labData: null,
  labMethod: 'ridge',
  labFeatures: [...ITERATION_7_FEATURES],
  labSeed: 1,
  labJob: null,
  labError: null,
  labRuns: [],
  labAblation: null,
  labFitted: null,
  labUploadProblems: null,
  savedModels: [],
  activeModelId: null,

  // A fit or ablation of older data would no longer match the samples; the runs table keeps its rows (each names its data).
  setLabData: (data) => set({ labData: data, labError: null, labFitted: null, labAblation: null }),
  setLabMethod: (method) => set({ labMethod: method }),
  setLabFeatures: (features) => set({ labFeatures: [...new Set(features)] }),
  toggleLabFeature: (feature) => {
    const current = get().labFeatures;
    set({ labFeatures: current.includes(feature) ? current.filter((f) => f !== feature) : [...current, feature] });
  },
  setLabSeed: (seed) => set({ labSeed: isSeed(seed) ? seed : get().labSeed }),
  labJobStarted: (kind) => set({ labJob: { kind, done: 0, total: 0 }, labError: null }),
  labJobProgress: (done, total) => {
    const job = get().labJob;
    if (job !== null) set({ labJob: { ...job, done, total } });
  },
  labJobEnded: (error = null, kind) => set({ labJob: null, labError: error === null ? null : { kind: kind ?? get().labJob?.kind ?? 'fit', message: error } }),
  addLabRun: (run) => {
    const runs = get().labRuns;
    set({ labRuns: [...runs, { ...run, id: deps.newId(), index: (runs[runs.length - 1]?.index ?? 0) + 1 }] });
  },
  clearLabRuns: () => set({ labRuns: [] }),
  setLabAblation: (result) => set({ labAblation: result }),
  setLabFitted: (fitted) => set({ labFitted: fitted }),
  setLabUploadProblems: (report) => set({ labUploadProblems: report }),
  saveLabModel: (model) => {
    const id = deps.newId();
    const entry: SavedModel = { id, savedAt: new Date(deps.now()).toISOString(), model };
    set({ savedModels: [...get().savedModels, entry].slice(-SAVED_MODEL_LIMIT) });
    return id;
  },
  deleteLabModel: (id) => {
    const { savedModels, activeModelId } = get();
    set({ savedModels: savedModels.filter((m) => m.id !== id) });
    if (activeModelId === id) get().activateLabModel(null);
  },
  activateLabModel: (id) => {
    const saved = id === null ? undefined : get().savedModels.find((m) => m.id === id);
    if (saved === undefined) set({ activeModelId: null, model: shippedDifficultyModel(packRules(get().pack)) });
    else set({ activeModelId: saved.id, model: saved.model });
  },
  restoreLabModels: (models, activeId) => {
    const active = activeId === null ? undefined : models.find((m) => m.id === activeId);
    set({
      savedModels: models.slice(-SAVED_MODEL_LIMIT),
      activeModelId: active?.id ?? null,
      model: active?.model ?? shippedDifficultyModel(packRules(get().pack)),
    });
  },
});
