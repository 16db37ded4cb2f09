/**
 * The one difficulty scale a designer reads (SPEC §5, docs/difficulty.md):
 * the number, its unit, its band words and where it sits on the dial, the
 * same for every level, ruleset, size and model.
 *
 * - The **number** is the model's structural estimate itself, in estimated
 *   seconds, never clamped and written with {@link DISPLAY_DIGITS}
 *   significant digits in plain decimals (no scientific notation, at any
 *   size), so levels whose model inputs differ read differently.
 * - The **dial** is fixed: {@link dialPosition} maps every real number to
 *   [0, 1], strictly increasing, about logarithmic above a few seconds, with
 *   60 s at the top and room for estimates in the tens of thousands. It never
 *   rescales. A players' rating (median seconds) goes on the same dial.
 * - The **bands** are fixed spans of estimated seconds (thesis Fig. 5.8).
 *
 * Pure and O(1) per call.
 */

/** The unit of every difficulty number, in words. */
export const DIFFICULTY_UNIT = 'estimated seconds';

/**
 * Significant digits of a shown difficulty. 2,000 levels spread over a few
 * decades need about 10^5.6 distinguishable values before fewer than 1% share
 * one (the birthday bound); six digits leave 0.1% on paint RSD 8x8
 * (docs/difficulty.md "One scale").
 */
export const DISPLAY_DIGITS = 6;

/**
 * The difficulty bands: [from, to) in estimated seconds, in increasing order;
 * the last is open-ended and the first takes any estimate below 20 (an
 * affine model can give a negative one; charts draw it from 0). Every
 * ruleset uses these.
 */
export const BANDS = [
  { name: 'trivial', from: 0, to: 20 },
  { name: 'easy', from: 20, to: 40 },
  { name: 'medium', from: 40, to: 60 },
  { name: 'hard', from: 60, to: 80 },
  { name: 'expert', from: 80, to: Infinity },
] as const;
/** The name of one of {@link BANDS}. */
export type BandName = (typeof BANDS)[number]['name'];

/** What each band word means, in one line: the same sentence on every ruleset. */
export const BAND_MEANING: Record<BandName, string> = {
  trivial: 'under 20 estimated seconds: about 91% of random solution-down levels on 8x8 read here, on every ruleset',
  easy: '20 to 40 estimated seconds',
  medium: '40 to 60 estimated seconds',
  hard: '60 to 80 estimated seconds',
  expert: '80 estimated seconds or more: past what the thesis\u2019s players met in random levels',
};

/** The band a difficulty falls in (SPEC: < 20 is trivial; spans of 20 as in thesis Fig. 5.8). NaN reads trivial. */
export function bandOf(difficulty: number): BandName {
  for (const b of BANDS) if (difficulty < b.to) return b.name;
  return Number.isNaN(difficulty) ? 'trivial' : 'expert';
}

/** The estimate at the top of the dial (position 0.5). */
export const DIAL_MIDDLE_SECONDS = 60;
/** Below this many seconds the dial is close to linear (it passes through 0 and goes on below it). */
export const DIAL_LINEAR_SECONDS = 1;
/** The dial's steepness: 1 s reads at 0.1 of the arc when far above {@link DIAL_LINEAR_SECONDS} (k = ln 9 / ln 60). */
export const DIAL_STEEPNESS = Math.log(9) / Math.log(60);

const asinhMiddle = Math.asinh(DIAL_MIDDLE_SECONDS / DIAL_LINEAR_SECONDS);

/**
 * Where `seconds` sits on the dial, 0 (left end) to 1 (right end): a logistic
 * curve of asinh(seconds), strictly increasing over every finite number,
 * reaching neither end (-Infinity is 0, +Infinity is 1, NaN is 0). Far above
 * 1 s it is `1 / (1 + (60 / seconds)^k)`: 20 s reads 0.36, 60 s 0.5,
 * 1,000 s 0.82, 2,000 s 0.87, 10,000 s 0.94.
 */
export function dialPosition(seconds: number): number {
  if (Number.isNaN(seconds)) return 0;
  const z = DIAL_STEEPNESS * (Math.asinh(seconds / DIAL_LINEAR_SECONDS) - asinhMiddle);
  return 1 / (1 + Math.exp(-z));
}

/** The inverse of {@link dialPosition} on (0, 1): the seconds at a dial position (ticks, hit tests). */
export function secondsAtDial(position: number): number {
  if (!(position > 0)) return -Infinity;
  if (!(position < 1)) return Infinity;
  return DIAL_LINEAR_SECONDS * Math.sinh(asinhMiddle + Math.log(position / (1 - position)) / DIAL_STEEPNESS);
}

/** The labelled ticks of the dial, in estimated seconds. */
export const DIAL_TICKS: readonly number[] = [0, 20, 60, 200, 1000, 10000];

/** The formatter, built on first use: building an ICU formatter costs tens of milliseconds, which a command that shows no difficulty (`analyze`) should not pay at start. */
let digits: Intl.NumberFormat | undefined;

/**
 * A difficulty as shown everywhere: {@link DISPLAY_DIGITS} significant
 * digits, plain decimals with thousands separators, never scientific
 * notation ("0.0213487", "23.4172", "2,092.41", "1,250,000"). Infinities read
 * "unbounded" / "-unbounded"; NaN reads "not a number".
 */
export function formatDifficulty(value: number): string {
  if (Number.isNaN(value)) return 'not a number';
  if (!Number.isFinite(value)) return value > 0 ? 'unbounded' : '-unbounded';
  digits ??= new Intl.NumberFormat('en-US', { maximumSignificantDigits: DISPLAY_DIGITS, useGrouping: true });
  return digits.format(value === 0 ? 0 : value); // -0 reads 0
}

/** A difficulty rounded to what is shown ({@link DISPLAY_DIGITS} significant digits), as a number (stored values, sorting, CSV). */
export function roundDifficulty(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value === 0 ? 0 : value;
  return Number(value.toPrecision(DISPLAY_DIGITS));
}

/** A short tick label: no scientific notation, thousands as "1k" and "10k". */
export function tickLabel(seconds: number): string {
  return seconds >= 1000 ? `${seconds / 1000}k` : String(seconds);
}

/**
 * A rounded number for a message (targets, ranges, tolerances): at most one
 * decimal below 100, whole numbers above, thousands separators, never
 * scientific notation ("29.995000500000003" reads "30").
 */
export function roundForMessage(value: number): string {
  if (!Number.isFinite(value)) return formatDifficulty(value);
  const r = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return (r === 0 ? 0 : r).toLocaleString('en-US', { maximumFractionDigits: 1 });
}
