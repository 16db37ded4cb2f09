/**
 * The Batch view's two maps, as the store keeps them: the expressive range's
 * settings (axes, bins, which levels are drawn over it) and the hit-rate
 * map's form and last run. Both are saved with the workspace
 * (`persistence/workspace.ts`), so a reload draws what was on screen: the
 * settings, and the hit-rate map's grid with the cells done.
 */
import type { HitRateCell, HitRateGrid } from '../../core/jobs/hitRate';
import { parseValueList } from '../../core/jobs/hitRate';
import type { MeasureName } from '../../core/range/measures';
import { err, ok, type Result } from '../../core/util/result';
import type { RunStatus } from './batchSlice';

export interface RangeViewSettings {
  readonly x: MeasureName;
  readonly y: MeasureName;
  readonly bins: number;
  /** Draw the pack's levels over the maps (rings). */
  readonly showPack: boolean;
  /** Draw the levels players rated over the maps (diamonds). */
  readonly showRated: boolean;
}

/** What the hit-rate map's cells are shaded by. */
export const HIT_RATE_SHADES = ['hitRate', 'levelsPerSecond', 'uniqueShare'] as const;
export type HitRateShade = (typeof HIT_RATE_SHADES)[number];

/** The hit-rate map's form, as typed (lists as `10:70:20` or `10, 40`). */
export interface HitRateForm {
  readonly targets: string;
  /** The second measure, or null for difficulty alone. */
  readonly alsoMeasure: MeasureName | null;
  readonly alsoValues: string;
  readonly requests: number;
  readonly evaluations: number;
  readonly shade: HitRateShade;
}

/** The grid a hit-rate run asked for (the Batch form's size and seed, the pack's rules): the job's grid without the model. */
export type HitRateRequest = Omit<HitRateGrid, 'model'>;

export interface HitRateRun {
  readonly status: RunStatus;
  readonly request: HitRateRequest | null;
  /** Cells done so far, in the grid's order (second values outside, targets inside). */
  readonly cells: readonly HitRateCell[];
  readonly message: string | null;
  /** The worker's seconds for the whole map, once done. */
  readonly seconds: number | null;
}

export const DEFAULT_RANGE_VIEW: RangeViewSettings = { x: 'difficulty', y: 'leniency', bins: 20, showPack: true, showRated: true };
export const DEFAULT_HIT_RATE_FORM: HitRateForm = { targets: '10:70:20', alsoMeasure: 'leniency', alsoValues: '0.3:0.7:0.2', requests: 3, evaluations: 2000, shade: 'hitRate' };
export const IDLE_HIT_RATE: HitRateRun = { status: 'idle', request: null, cells: [], message: null, seconds: null };

/** Most difficulty a target may ask for (the CLI's bound). */
const MAX_TARGET = 1_000_000;

/** The form's lists read into a grid, or the first problem as a sentence. */
export function hitRateGrid(form: HitRateForm): Result<{ targets: number[]; also?: { measure: MeasureName; values: number[] } }, string> {
  const targets = parseValueList(form.targets, MAX_TARGET);
  if (!targets.ok) return err(`the difficulty targets ${targets.error}`);
  if (form.alsoMeasure === null) return ok({ targets: targets.value });
  const values = parseValueList(form.alsoValues, 1e9);
  if (!values.ok) return err(`the values of the second measure ${values.error}`);
  return ok({ targets: targets.value, also: { measure: form.alsoMeasure, values: values.value } });
}
