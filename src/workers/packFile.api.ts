/**
 * Reading a pack file as a plain async function (worker, fallback and
 * Node): the text parsed and checked by `importPack`, every problem listed
 * or the pack at the current version. A file of thousands of levels is
 * checked here, off the page's thread; only the checked pack comes back.
 */
import { importPack, type ImportedPack, type PackProblem } from '../core/pack/pack';
import { err, ok as okResult, type Result } from '../core/util/result';
import { ok, type Outcome } from './outcome';

/** What the page takes into the store: the checked pack and its warnings (not the parsed grids, which it does not use). */
export type CheckedPack = Result<Pick<ImportedPack, 'pack' | 'warnings'>, PackProblem[]>;

export async function checkPackText(text: string): Promise<Outcome<CheckedPack>> {
  return ok(checkPackTextSync(text));
}

/** {@link checkPackText} in this thread. Never throws: any input is a pack or a list of problems. */
export function checkPackTextSync(text: string): CheckedPack {
  const r = importPack(text);
  return r.ok ? okResult({ pack: r.value.pack, warnings: r.value.warnings }) : err(r.error);
}
