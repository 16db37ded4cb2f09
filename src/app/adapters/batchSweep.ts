/**
 * The Batch form's sweep of RSD or RPU (docs/range.md): the lists as typed
 * (sizes as sides, numbers of pinned cells) read into the evaluation job's
 * sweep, with a sentence for what cannot run. The pins sweep pins cells of
 * the level open in the editor, so that level's size is the run's.
 */
import { parseValueList } from '../../core/jobs/hitRate';
import { MAX_SIDE, MIN_SIDE } from '../../core/level/level';
import { err, ok, type Result } from '../../core/util/result';
import { MAX_SWEEP_VALUES, type EvaluationSweep } from '../../workers/batch.protocol';
import type { BatchSettings } from '../store/batchSlice';
import { DEFAULT_BATCH_SETTINGS } from '../store/batchSlice';

/** A list of whole numbers from `min` to `max` (`from:to:step` or a comma list), at most {@link MAX_SWEEP_VALUES}. */
export function parseWholeList(text: string, min: number, max: number, what: string): Result<number[], string> {
  const r = parseValueList(text, max);
  if (!r.ok) return err(`${what} ${r.error}`);
  const bad = r.value.find((v) => !Number.isInteger(v) || v < min);
  if (bad !== undefined) return err(`${what} must be whole numbers from ${min} to ${max}, got ${bad}`);
  if (r.value.length > MAX_SWEEP_VALUES) return err(`${what}: at most ${MAX_SWEEP_VALUES} values, got ${r.value.length}`);
  return ok(r.value);
}

/** The values the form's sweep would run (sides or pin counts), or why it cannot; null when the form sweeps nothing. */
export function sweepValues(s: BatchSettings): Result<number[], string> | null {
  if (s.generator === 'sd-pcgrl' || s.sweep == null) return null;
  if (s.sweep === 'size') return parseWholeList(s.sweepSizes ?? DEFAULT_BATCH_SETTINGS.sweepSizes!, MIN_SIDE, MAX_SIDE, 'the sizes');
  return parseWholeList(s.sweepPins ?? DEFAULT_BATCH_SETTINGS.sweepPins!, 0, s.width * s.height, 'the numbers of pinned cells');
}

/** The job's sweep for the form, with the editor's level for a pins sweep; null when the form sweeps nothing. */
export function batchSweep(s: BatchSettings, level: { readonly width: number; readonly height: number; readonly rows: readonly string[] }): Result<EvaluationSweep, string> | null {
  const values = sweepValues(s);
  if (values === null) return null;
  if (!values.ok) return values;
  if (s.sweep === 'size') return ok({ kind: 'size', sides: values.value });
  if (level.width !== s.width || level.height !== s.height) return err(`the pins sweep pins cells of the level open in the editor, which is ${level.width}x${level.height}: set W and H to ${level.width} and ${level.height}, or open a ${s.width}x${s.height} level`);
  return ok({ kind: 'pins', counts: values.value, level: [...level.rows] });
}
