/**
 * What every job takes besides its settings: where progress goes and how it
 * is cancelled. Storage is a job's own parameter (a level sink, a checkpoint
 * store). The CLI passes stderr lines and never cancels (a signal ends the
 * process); the workers post progress to the page, and the batch worker's
 * Cancel ends the worker itself (a worker runs a job synchronously). A
 * caller that runs a job in slices (tests, a future cooperative worker)
 * passes a cancel signal.
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
