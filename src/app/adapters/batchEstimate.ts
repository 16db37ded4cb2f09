/**
 * How long a batch evaluation will take, before it starts, and how long is
 * left while it runs. Rates are levels per second at 8x8, scaled by the
 * number of cells (the generators and the analysis are about linear in it
 * at these sizes); the last finished run of the same generator on this
 * machine replaces the reference rate.
 */
import type { BatchGenerator } from '../../workers/batch.protocol';

/**
 * Reference rates, 8x8, levels/s, measured on our 2-core build machine
 * while shared (`npm run cli -- evaluate --generator rsd|rpu --count 4000
 * --size 8x8 --seed 1`: 4,232 and 493 levels/s; SD-PCGRL: 20,000 x 11
 * temperatures took about 50 min, ~73 levels/s).
 */
export const REFERENCE_RATES: Readonly<Record<BatchGenerator, number>> = { rsd: 4_000, rpu: 480, 'sd-pcgrl': 70 };

/** A measured rate: levels/s scaled to 64 cells. */
export interface MeasuredRate {
  readonly generator: BatchGenerator;
  readonly perSecondAt64: number;
}

export interface Estimate {
  readonly seconds: number;
  /** Where the rate came from, for the sentence under the form. */
  readonly basis: 'this machine' | 'reference';
}

/** Seconds for `count` levels per run over `runs` runs (temperatures) at `width` x `height`. */
export function estimateBatch(generator: BatchGenerator, width: number, height: number, count: number, runs: number, measured: MeasuredRate | null): Estimate {
  const rate = measured !== null && measured.generator === generator && measured.perSecondAt64 > 0 ? measured.perSecondAt64 : REFERENCE_RATES[generator];
  const scale = (width * height) / 64;
  return { seconds: (count * Math.max(1, runs) * scale) / rate, basis: measured !== null && measured.generator === generator ? 'this machine' : 'reference' };
}

/** Time left from progress so far: elapsed x (left / done); null until something is done. */
export function timeLeft(progress: { done: number; total: number; run: number; runs: number }, elapsedSeconds: number): number | null {
  const total = progress.total * Math.max(1, progress.runs);
  const done = progress.run * progress.total + progress.done;
  if (done <= 0 || elapsedSeconds <= 0) return null;
  return Math.max(0, (elapsedSeconds * (total - done)) / done);
}

/** "about 50 min", "about 1 h 5 min", "under a second". */
export function formatDuration(seconds: number): string {
  if (seconds < 1) return 'under a second';
  if (seconds < 60) return `about ${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
