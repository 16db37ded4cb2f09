/**
 * A second target for generate at difficulty: a measure of
 * `measures.ts` (leniency, density, ...) to hold near a value while the
 * difficulty is held near its own target, each within its tolerance ("hard
 * but lenient"). Parsing and defaults live here so the CLI, the worker and
 * the studio agree.
 */
import { err, ok, type Result } from '../util/result';
import { isMeasureName, MEASURE_NAMES, MEASURES, type MeasureName } from './measures';

export interface SecondTarget {
  readonly measure: MeasureName;
  readonly target: number;
  /** Half-width of the accepted window, in the measure's units (> 0). */
  readonly tolerance: number;
}

/** Measures a second target may name: every one but difficulty (the first target). */
export const SECOND_MEASURES: readonly MeasureName[] = MEASURE_NAMES.filter((m) => m !== 'difficulty');

/** Shares (leniency, density, dead share) live in [0, 1]. */
const SHARES: ReadonlySet<MeasureName> = new Set(['leniency', 'density', 'deadShare']);

/** The default window: ±0.05 for a share; else the larger of ±10% and ±1 (±0.2 for linearity). */
export function defaultSecondTolerance(measure: MeasureName, target: number): number {
  if (SHARES.has(measure)) return 0.05;
  return Math.max(0.1 * Math.abs(target), measure === 'linearity' ? 0.2 : 1);
}

/** Why a second target cannot be asked for, as a sentence, or null. */
export function secondTargetProblem(t: SecondTarget): string | null {
  if (t.measure === 'difficulty') return 'the second target must be another measure than difficulty (the first target is the difficulty)';
  if (!Number.isFinite(t.target) || t.target < 0) return `the ${MEASURES[t.measure].label} to aim at must be a number >= 0`;
  if (SHARES.has(t.measure) && t.target > 1) return `${MEASURES[t.measure].label} is a share from 0 to 1`;
  if (!Number.isFinite(t.tolerance) || t.tolerance <= 0) return 'the second tolerance must be a number above 0';
  return null;
}

/** `leniency=0.6` or `leniency=0.6:0.1` (measure, target, optional tolerance) into a second target. */
export function parseSecondTarget(text: string): Result<SecondTarget, string> {
  const m = /^\s*([A-Za-z]+)\s*=\s*([0-9.eE+-]+)\s*(?::\s*([0-9.eE+-]+)\s*)?$/.exec(text);
  const usage = `must look like leniency=0.6 or leniency=0.6:0.1 (measure=value[:tolerance]) with a measure among ${SECOND_MEASURES.join(', ')}`;
  if (m === null) return err(usage);
  const measure = m[1]!;
  if (!isMeasureName(measure) || measure === 'difficulty') return err(usage);
  const number = (s: string): number => (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : NaN);
  const target = number(m[2]!);
  const tolerance = m[3] !== undefined ? number(m[3]) : defaultSecondTolerance(measure, target);
  const t = { measure, target, tolerance };
  const problem = secondTargetProblem(t);
  return problem === null ? ok(t) : err(problem);
}

/** "leniency 0.6 ± 0.05". */
export function secondTargetText(t: SecondTarget): string {
  const n = (v: number): string => String(Number(v.toPrecision(3)));
  return `${MEASURES[t.measure].label} ${n(t.target)} ± ${n(t.tolerance)}`;
}

/** How far `value` lies outside the window, in tolerances (0 inside; Infinity when the level has no value). */
export function secondDistance(t: SecondTarget, value: number): number {
  if (!Number.isFinite(value)) return Infinity;
  return Math.max(0, Math.abs(value - t.target) - t.tolerance) / t.tolerance;
}
