/**
 * Reading a file the designer picked, dropped or opened: its size is checked
 * before a single byte is read (`File.size`), so a 1 GB file is refused at
 * once with a sentence instead of being loaded and then refused.
 */
import { MAX_PACK_BYTES } from '../../core/pack/schema';
import { MAX_CSV_TEXT } from '../../workers/lab.protocol';
import { err, ok, type Result } from '../../core/util/result';

/** Largest file each import reads, in bytes. */
export const IMPORT_LIMITS = {
  /** A pack, levels in the text format, or a project (a pack plus the level in the editor). */
  pack: MAX_PACK_BYTES,
  project: MAX_PACK_BYTES + 1024 * 1024,
  /** Player data: the lab's limit on the CSV text (ASCII, so one byte per character). */
  csv: MAX_CSV_TEXT,
  /** A difficulty model file is a few kB. */
  model: 1024 * 1024,
} as const;

/** A size in words: "1,073,741,824 bytes (1 GiB)". */
export function describeSize(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  const short = u === 0 ? '' : ` (${v < 10 ? v.toFixed(1).replace(/\.0$/, '') : Math.round(v)} ${units[u]})`;
  return `${bytes.toLocaleString('en')} bytes${short}`;
}

/** The part of a file this module reads (a `File` in the page; any Blob with a name in tests). */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
}

/** The file's text, or a sentence when it is larger than `maxBytes` (not read at all) or cannot be read. */
export async function readTextFile(file: PickedFile, maxBytes: number, what: string): Promise<Result<string, string>> {
  if (file.size > maxBytes) {
    return err(`${file.name} is ${describeSize(file.size)}; ${what} may be at most ${describeSize(maxBytes)}, so it was not read`);
  }
  try {
    return ok(await file.text());
  } catch (e) {
    return err(`${file.name} could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}
