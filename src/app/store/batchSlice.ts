/**
 * Generate-at-difficulty (the generators dock) and batch evaluations (the
 * Batch view): their settings and their last run. Side effects live in
 * controllers/batchController.ts.
 */
import type { BandName } from '../../core/difficulty/predict';
import type { BatchGenerator, CurveStep, EvaluationProgress, EvaluationRun, FoundLevel, PolicyInfo } from '../../workers/batch.api';
import type { RulesetName } from '../../core/rules/ruleset';
import type { SliceCreator } from './types';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';
import type { MeasureName } from '../../core/range/measures';
import type { SweepValue } from '../../core/range/sweep';
import type { HitRateCell } from '../../core/jobs/hitRate';
import { DEFAULT_HIT_RATE_FORM, DEFAULT_RANGE_VIEW, IDLE_HIT_RATE, type HitRateForm, type HitRateRequest, type HitRateRun, type RangeViewSettings } from './batchMaps';

export type TargetMode = 'number' | 'band';

export interface AtDifficultySettings {
  readonly mode: TargetMode;
  readonly target: number;
  readonly band: BandName;
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly seed: number;
  readonly uniqueSolution: boolean;
  /** Open cells range; null = no bound. */
  readonly openMin: number | null;
  readonly openMax: number | null;
  /** Skip levels already in the pack. */
  readonly notInPack: boolean;
  readonly curveFrom: number;
  readonly curveTo: number;
  readonly curveCount: number;
  /**
   * The search's time limit in seconds (an outer cancel, never a budget);
   * null or absent: automatic (5 s, plus 1.5 s a level past the third).
   * Absent in settings saved before it existed.
   */
  readonly timeLimitSeconds?: number | null | undefined;
  /** A second measure to hold beside the difficulty (absent or null: none); its window is the measure's default. */
  readonly also?: { readonly measure: MeasureName; readonly target: number } | null | undefined;
}

export type RunStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

/** What a generate-at-difficulty request asked for, as shown with its results. */
export interface AtDifficultyRequestInfo {
  /** "difficulty 45" or "the easy band (20–40)". */
  readonly label: string;
  readonly target: number;
  readonly window: { readonly from: number; readonly to: number };
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly count: number;
  /** The ruleset the levels were generated and priced under (the pack's then). */
  readonly rules: RulesetName;
  /** The pinned cells the levels keep, as pin rows (`core/generators/pins.ts`); absent when none were kept. */
  readonly pins?: readonly string[] | undefined;
}

export interface AtDifficultyRun {
  readonly status: RunStatus;
  readonly request: AtDifficultyRequestInfo | null;
  readonly levels: readonly FoundLevel[];
  readonly message: string | null;
  readonly outOfReach: boolean;
  readonly reachable: { readonly min: number; readonly max: number } | null;
  readonly milliseconds: number | null;
  /** Level keys of results added to the pack from this run (the button then says so). */
  readonly added: readonly string[];
}

export interface CurveRun {
  readonly status: RunStatus;
  readonly total: number;
  readonly steps: readonly CurveStep[];
  readonly message: string | null;
}

export interface BatchSettings {
  readonly generator: BatchGenerator;
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly seed: number;
  /** SD-PCGRL temperatures as typed: `0:1:0.1` or `0.2, 0.5`. */
  readonly temperatures: string;
  /**
   * RSD and RPU: the parameter swept, one run per value (null or absent: one
   * run); absent in settings saved before sweeps.
   */
  readonly sweep?: BatchSweep | null | undefined;
  /** The sweep's square sizes as typed (each side: `6:10:1` or `6, 8`). */
  readonly sweepSizes?: string | undefined;
  /** The sweep's numbers of pinned cells as typed (`0:16:4`). */
  readonly sweepPins?: string | undefined;
}

/** What an RSD or RPU evaluation can sweep (SD-PCGRL sweeps its temperatures). */
export type BatchSweep = 'size' | 'pins';

export interface BatchRun {
  readonly status: RunStatus;
  /** The settings the run used (the form may have changed since). */
  readonly settings: BatchSettings | null;
  /** The ruleset the run generated and analysed under (the pack's then). */
  readonly rules: RulesetName;
  readonly modelName: string | null;
  readonly progress: { readonly done: number; readonly total: number; readonly run: number; readonly runs: number; readonly temperature: number | null; readonly sweep?: SweepValue | null | undefined } | null;
  /** Finished runs, then the one in progress (partial) while running. */
  readonly runs: readonly EvaluationRun[];
  readonly policy: PolicyInfo | null;
  readonly message: string | null;
  readonly seconds: number | null;
  readonly startedAt: number | null;
  readonly finishedAt: string | null;
}

export interface BatchSlice {
  atdSettings: AtDifficultySettings;
  atdRun: AtDifficultyRun;
  curveRun: CurveRun;
  batchSettings: BatchSettings;
  batchRun: BatchRun;
  /** Histogram y axis. */
  batchLogScale: boolean;
  /** Which run (temperature) the histogram, spans and samples show; -1 = all runs together. */
  batchRunIndex: number;
  /** The expressive range's axes, bins and overlays (saved with the workspace). */
  rangeView: RangeViewSettings;
  /** The hit-rate map's form (saved with the workspace) and its last run (this session only). */
  hitRateForm: HitRateForm;
  hitRateRun: HitRateRun;

  setAtdSettings(patch: Partial<AtDifficultySettings>): void;
  atdStarted(request: AtDifficultyRequestInfo): void;
  atdFinished(r: { levels: readonly FoundLevel[]; message: string | null; outOfReach: boolean; reachable: AtDifficultyRun['reachable']; milliseconds: number }): void;
  atdStopped(status: 'failed' | 'cancelled', message: string): void;
  atdMarkAdded(key: string): void;
  curveStarted(total: number): void;
  curveStep(step: CurveStep): void;
  curveFinished(status: 'done' | 'failed' | 'cancelled', message: string | null): void;

  setBatchSettings(patch: Partial<BatchSettings>): void;
  batchStarted(settings: BatchSettings, modelName: string, at: number, rules?: RulesetName): void;
  batchProgress(p: EvaluationProgress): void;
  batchFinished(runs: readonly EvaluationRun[], seconds: number, policy: PolicyInfo | null, at: string): void;
  batchStopped(status: 'failed' | 'cancelled', message: string): void;
  setBatchLogScale(on: boolean): void;
  setBatchRunIndex(index: number): void;
  setRangeView(patch: Partial<RangeViewSettings>): void;
  setHitRateForm(patch: Partial<HitRateForm>): void;
  hitRateStarted(request: HitRateRequest): void;
  hitRateCell(cell: HitRateCell): void;
  hitRateFinished(cells: readonly HitRateCell[], seconds: number): void;
  hitRateStopped(status: 'failed' | 'cancelled', message: string): void;
}

export const DEFAULT_ATD_SETTINGS: AtDifficultySettings = {
  mode: 'band',
  target: 45,
  band: 'medium',
  width: 8,
  height: 8,
  count: 6,
  seed: 1,
  uniqueSolution: false,
  openMin: null,
  openMax: null,
  notInPack: true,
  curveFrom: 10,
  curveTo: 80,
  curveCount: 10,
};

export const DEFAULT_BATCH_SETTINGS: BatchSettings = { generator: 'rsd', width: 8, height: 8, count: 20_000, seed: 1, temperatures: '0:1:0.1', sweep: null, sweepSizes: '6:10:1', sweepPins: '0:16:4' };

const idleAtd: AtDifficultyRun = { status: 'idle', request: null, levels: [], message: null, outOfReach: false, reachable: null, milliseconds: null, added: [] };
const idleBatch: BatchRun = { status: 'idle', settings: null, rules: DEFAULT_RULESET_NAME, modelName: null, progress: null, runs: [], policy: null, message: null, seconds: null, startedAt: null, finishedAt: null };

export const createBatchSlice: SliceCreator<BatchSlice> = () => (set, get) => ({
  atdSettings: DEFAULT_ATD_SETTINGS,
  atdRun: idleAtd,
  curveRun: { status: 'idle', total: 0, steps: [], message: null },
  batchSettings: DEFAULT_BATCH_SETTINGS,
  batchRun: idleBatch,
  batchLogScale: true,
  batchRunIndex: -1,
  rangeView: DEFAULT_RANGE_VIEW,
  hitRateForm: DEFAULT_HIT_RATE_FORM,
  hitRateRun: IDLE_HIT_RATE,

  setAtdSettings: (patch) => set({ atdSettings: { ...get().atdSettings, ...patch } }),
  atdStarted: (request) => set({ atdRun: { ...idleAtd, status: 'running', request, reachable: get().atdRun.reachable } }),
  atdFinished: (r) =>
    set({
      atdRun: {
        ...get().atdRun,
        status: 'done',
        levels: r.levels,
        message: r.message,
        outOfReach: r.outOfReach,
        reachable: r.reachable ?? get().atdRun.reachable,
        milliseconds: r.milliseconds,
      },
    }),
  atdStopped: (status, message) => set({ atdRun: { ...get().atdRun, status, message } }),
  atdMarkAdded: (key) => set({ atdRun: { ...get().atdRun, added: [...get().atdRun.added, key] } }),
  curveStarted: (total) => set({ curveRun: { status: 'running', total, steps: [], message: null } }),
  curveStep: (step) => set({ curveRun: { ...get().curveRun, steps: [...get().curveRun.steps, step] } }),
  curveFinished: (status, message) => set({ curveRun: { ...get().curveRun, status, message } }),

  setBatchSettings: (patch) => set({ batchSettings: { ...get().batchSettings, ...patch } }),
  batchStarted: (settings, modelName, at, rules = DEFAULT_RULESET_NAME) => set({ batchRun: { ...idleBatch, status: 'running', settings, rules, modelName, startedAt: at }, batchRunIndex: -1 }),
  batchProgress: (p) => {
    const run = get().batchRun;
    if (run.status !== 'running') return;
    set({
      batchRun: {
        ...run,
        progress: { done: p.done, total: p.total, run: p.run, runs: p.runs, temperature: p.temperature, sweep: p.sweep },
        runs: [...p.finished, p.partial],
        policy: p.policy ?? run.policy,
      },
    });
  },
  batchFinished: (runs, seconds, policy, at) =>
    set({
      batchRun: {
        ...get().batchRun,
        status: 'done',
        runs,
        seconds,
        policy,
        finishedAt: at,
        progress: get().batchRun.progress === null ? null : { ...get().batchRun.progress!, done: get().batchRun.progress!.total },
      },
    }),
  batchStopped: (status, message) => set({ batchRun: { ...get().batchRun, status, message } }),
  setBatchLogScale: (on) => set({ batchLogScale: on }),
  setBatchRunIndex: (index) => set({ batchRunIndex: index }),
  setRangeView: (patch) => set({ rangeView: { ...get().rangeView, ...patch } }),
  setHitRateForm: (patch) => set({ hitRateForm: { ...get().hitRateForm, ...patch } }),
  hitRateStarted: (request) => set({ hitRateRun: { ...IDLE_HIT_RATE, status: 'running', request } }),
  // A cell that arrives after the run ended (the callback channel can trail the answer) is dropped.
  hitRateCell: (cell) => {
    const run = get().hitRateRun;
    if (run.status === 'running') set({ hitRateRun: { ...run, cells: [...run.cells, cell] } });
  },
  hitRateFinished: (cells, seconds) => set({ hitRateRun: { ...get().hitRateRun, status: 'done', cells, seconds } }),
  hitRateStopped: (status, message) => set({ hitRateRun: { ...get().hitRateRun, status, message } }),
});
