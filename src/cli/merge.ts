/** `merge`: combine packs (e.g. the shards of one run) into one, dropping duplicate levels. */
import { levelKey } from '../core/level/level';
import { importPack } from '../core/pack/pack';
import { MAX_ID_LENGTH, MAX_PACK_LEVELS, type PackLevel } from '../core/pack/schema';
import { CliError, listProblems } from './args';
import { readInput } from './analyze';
import { writePack } from './writePack';

export function runMerge(files: readonly string[], out: string, name?: string): { written: number; duplicates: number } {
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  const levels: PackLevel[] = [];
  let duplicates = 0;
  let firstName = '';
  for (const file of files) {
    const r = importPack(readInput(file, 'a level pack'));
    if (!r.ok) throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level pack: ${listProblems(r.error)}`);
    if (firstName === '') firstName = r.value.pack.name;
    r.value.pack.levels.forEach((pl, i) => {
      const key = levelKey(r.value.levels[i]!);
      if (seenKeys.has(key)) {
        duplicates++;
        return;
      }
      seenKeys.add(key);
      let id = pl.id;
      // A repeated id gets a suffix; the id is shortened so the result stays within the format's limit.
      for (let k = 2; seenIds.has(id); k++) id = `${pl.id.slice(0, MAX_ID_LENGTH - `-${k}`.length)}-${k}`;
      seenIds.add(id);
      levels.push({ ...pl, id });
    });
  }
  if (levels.length > MAX_PACK_LEVELS) {
    throw new CliError(`the merged pack would hold ${levels.length} levels but a pack holds at most ${MAX_PACK_LEVELS}; nothing written. Merge fewer packs`);
  }
  writePack(out, (name ?? `${firstName} (merged)`).slice(0, 200), levels);
  return { written: levels.length, duplicates };
}
