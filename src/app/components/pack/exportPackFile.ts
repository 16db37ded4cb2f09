/**
 * Writes a pack (the whole one, or a selection) as a file of one export
 * format and says what happened in a message: how many levels, by which
 * model, and, for "only the levels it can hold", how many were left out and
 * why. A format that cannot hold the pack says why and downloads nothing.
 */
import { EXPORT_FORMAT_INFO, exportPackAs, fitForFormat, type TextExportFormat } from '../../../core/export/formats';
import type { LevelPack } from '../../../core/pack/schema';
import { downloadText } from '../../files/download';
import { slug } from '../../store/packEdits';
import type { StudioState } from '../../store/types';
import { selectPackLevelStatus } from '../../store/selectors';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Exports `pack` as `format` (with `onlyFitting`, just the levels the format holds); returns whether a file was written. */
export function exportPackFile(st: StudioState, pack: LevelPack, format: TextExportFormat, options: { onlyFitting?: boolean; what?: string; hints?: boolean } = {}): boolean {
  const fit = options.onlyFitting === true ? fitForFormat(pack, format) : { pack, leftOut: 0, reason: '' };
  const info = EXPORT_FORMAT_INFO[format];
  let r: ReturnType<typeof exportPackAs>;
  try {
    r = exportPackAs(fit.pack, format, { hints: options.hints === true });
  } catch (e) {
    // Only a level with broken rows gets here (the store keeps parsed grids): say so rather than fail silently.
    r = { ok: false, error: (e as Error).message };
  }
  if (!r.ok) {
    st.notify('error', `No ${info.label} written: ${r.error}.`);
    return false;
  }
  const ending = options.hints === true ? info.extension.replace(/\.json$/, '.hints.json') : info.extension;
  downloadText(r.value, `${slug(pack.name)}${options.what !== undefined ? `-${options.what}` : ''}${ending}`, info.mimeType);
  const priced = format === 'pack' || format === 'json' || format === 'csv' ? `; difficulties by the model “${pack.difficultyModel ?? ''}”` : '';
  const written = new Set(fit.pack.levels.map((l) => l.id));
  const waiting = priced === '' ? [] : st.pack.levels.filter((l) => written.has(l.id) && selectPackLevelStatus(st, l) === 'pending');
  const pending = waiting.length;
  // Which ones, by name (the first few): the designer can tell whether the file is good enough as it is.
  const named = waiting.slice(0, 3).map((l) => `“${l.name}”`).join(', ') + (pending > 3 ? ` and ${pending - 3} more` : '');
  const pendingNote = pending === 0 ? '' : ` ${pending} level${pending === 1 ? ' was' : 's were'} still being analysed and went out without difficulty (${named}); export again when the list shows them all.`;
  const leftOut = fit.leftOut === 0 ? '' : ` ${plural(fit.leftOut, 'level')} left out (${fit.reason}).`;
  st.notify('info', `Exported ${plural(fit.pack.levels.length, 'level')} as ${info.label}${options.hints === true ? ' with hints' : ''}${priced}.${leftOut}${pendingNote}`);
  return true;
}
