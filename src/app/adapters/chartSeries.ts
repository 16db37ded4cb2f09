/**
 * Core data -> d3-ready series for the gauge and the pack's difficulty
 * curve: plain numbers and band spans the components draw with d3 scales
 * and shapes.
 */
import { BANDS, bandOf, type BandName } from '../../core/difficulty/predict';
import { dialPosition } from '../../core/difficulty/scale';
import type { PackLevel } from '../../core/pack/schema';

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

/**
 * The bands as spans of the fixed dial (positions 0..1, core/difficulty/scale.ts):
 * trivial from the dial's left end, expert to its right end.
 */
export function dialSpans(): BandSpan[] {
  return BANDS.map((b, i) => ({
    band: b.name,
    from: i === 0 ? 0 : dialPosition(b.from),
    to: i === BANDS.length - 1 ? 1 : dialPosition(b.to),
    colour: BAND_COLOURS[b.name],
  }));
}

/** The bands as spans clipped to [0, max] (linear charts: the pack curve, histograms). */
export function bandSpans(max: number = 100): BandSpan[] {
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
