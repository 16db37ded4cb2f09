/**
 * The evaluation job (SPEC §8) for the generators that need no model (RPU,
 * RSD): feed iterations `[from, to)` of a generator to an accumulator (the
 * core `Evaluation`, or the worker's one that keeps span samples). The CLI's
 * `evaluate` and the batch worker's `runEvaluation` both run this loop;
 * SD-PCGRL's loop is the policy's (`ml/sdPcgrlService.ts`), per temperature.
 * Here `count` is iterations: the thesis's "levels generated" (one level per
 * iteration for solution-down generators, zero or more for puzzle-up).
 */
import { createLevelSource, type GeneratedItem, type GeneratorSettings } from '../generators/registry';
import { NEVER_CANCELLED, type CancelSignal, type JobProgress, type ProgressSink } from './jobs';

export interface EvaluateJob extends GeneratorSettings {
  readonly from: number;
  readonly to: number;
}

/** Runs the job; returns the iterations added and whether it was cancelled. */
export function runEvaluateJob(
  job: EvaluateJob,
  accumulator: { add(item: GeneratedItem): unknown },
  hooks: { readonly onProgress?: ProgressSink<JobProgress>; readonly cancelled?: CancelSignal } = {},
): { iterations: number; cancelled: boolean } {
  const source = createLevelSource(job);
  const cancelled = hooks.cancelled ?? NEVER_CANCELLED;
  const total = job.to - job.from;
  for (let i = job.from; i < job.to; i++) {
    if (((i - job.from) & 255) === 255 && cancelled()) return { iterations: i - job.from, cancelled: true };
    accumulator.add(source.generate(i));
    hooks.onProgress?.({ done: i - job.from + 1, total });
  }
  return { iterations: total, cancelled: false };
}
