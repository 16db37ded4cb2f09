/**
 * Core data -> d3-ready series for the gauge and the pack's difficulty
 * curve: plain numbers and band spans the components draw with d3 scales
 * and shapes.
 */
import { BANDS, bandOf, type BandName } from '../../core/difficulty/predict';
import type { PackLevel } from '../../core/pack/schema';

/** The gauge's scale ends here unless the value is larger (see {@link gaugeScaleMax}). */
export const GAUGE_MAX = 100;

/**
 * Where the gauge's scale ends for `value`: {@link GAUGE_MAX}, or for larger
 * values the first of 1, 1.5, 2, 2.5, 3, 4, 5, 7.5 (times a power of ten)
 * at or above it, so the needle reads right (242 on a 0-250 dial) and the
 * five tick steps stay round.
 */
export function gaugeScaleMax(value: number | null): number {
  if (value === null || !Number.isFinite(value) || value <= GAUGE_MAX) return GAUGE_MAX;
  const magnitude = Math.pow(10, Math.floor(Math.log10(value)));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10]) if (m * magnitude >= value) return m * magnitude;
  return 10 * magnitude;
}

export const BAND_COLOURS: Record<BandName, string> = {
  trivial: '#64748b',
  easy: '#22c55e',
  medium: '#eab308',
  hard: '#f97316',
  expert: '#ef4444',
};

export interface BandSpan {
  readonly band: BandName;
  readonly from: number;
  readonly to: number;
  readonly colour: string;
}

/** The bands as spans clipped to [0, max]. */
export function bandSpans(max: number = GAUGE_MAX): BandSpan[] {
  return BANDS.filter((b) => b.from < max).map((b) => ({ band: b.name, from: b.from, to: Math.min(b.to, max), colour: BAND_COLOURS[b.name] }));
}

export interface CurvePoint {
  /** Position in the pack, 0-based. */
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** Null when the level has no difficulty (unsolvable or not priced). */
  readonly difficulty: number | null;
  readonly band: BandName | null;
}

/** The pack as a difficulty curve (x = position, y = difficulty by `difficultyOf`, the active model's). */
export function difficultyCurve(levels: readonly PackLevel[], difficultyOf: (level: PackLevel) => number | null): CurvePoint[] {
  return levels.map((l, index) => {
    const difficulty = difficultyOf(l);
    return { index, id: l.id, name: l.name, difficulty, band: difficulty === null ? null : bandOf(difficulty) };
  });
}

/** A y-domain top for the curve: at least 40, rounded up to a band edge. */
export function curveMax(points: readonly CurvePoint[]): number {
  const top = Math.max(40, ...points.map((p) => p.difficulty ?? 0));
  return Math.ceil(top / 20) * 20;
}
