/**
 * What every job takes besides its settings: where progress goes and how it
 * is cancelled. Storage is a job's own parameter (a level sink, a checkpoint
 * store). The CLI passes stderr lines and never cancels (a signal ends the
 * process); the workers pass a posted message and the page's stop button.
 */

/** Progress of a job over `total` units (iterations, evaluations, levels); `total` is null when open-ended. */
export interface JobProgress {
  readonly done: number;
  readonly total: number | null;
}

/** Receives progress; a job calls it at most once per unit of work and the sink throttles. */
export type ProgressSink<P extends JobProgress = JobProgress> = (p: P) => void;

/** Asked between units of work: true ends the job early (its result says so). */
export type CancelSignal = () => boolean;

/** Never cancels. */
export const NEVER_CANCELLED: CancelSignal = () => false;

/**
 * A progress sink that passes at most one report per `ms` of `now()` (and
 * always the last one, `done === total`). The clock is a parameter so a
 * sink's timing never reaches a job's output.
 */
export function throttled<P extends JobProgress>(sink: ProgressSink<P>, ms: number, now: () => number): ProgressSink<P> {
  let last = -Infinity;
  return (p) => {
    const t = now();
    if (t - last < ms && p.done !== p.total) return;
    last = t;
    sink(p);
  };
}
