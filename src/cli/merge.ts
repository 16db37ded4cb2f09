/** `merge`: combine packs (e.g. the shards of one run) into one, dropping duplicate levels. */
import { writeFileSync } from 'node:fs';
import { levelKey } from '../core/level/level';
import { createPack, exportPack, importPack } from '../core/pack/pack';
import { MAX_PACK_LEVELS, type PackLevel } from '../core/pack/schema';
import { CliError } from './args';
import { readInput } from './analyze';

export function runMerge(files: readonly string[], out: string, name?: string): { written: number; duplicates: number } {
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  const levels: PackLevel[] = [];
  let duplicates = 0;
  let firstName = '';
  for (const file of files) {
    const r = importPack(readInput(file));
    if (!r.ok) throw new CliError(`${file} is not a valid level pack: ` + r.error.map((p) => `${p.path}: ${p.message}`).join('; '));
    if (firstName === '') firstName = r.value.pack.name;
    r.value.pack.levels.forEach((pl, i) => {
      const key = levelKey(r.value.levels[i]!);
      if (seenKeys.has(key)) {
        duplicates++;
        return;
      }
      seenKeys.add(key);
      let id = pl.id;
      for (let k = 2; seenIds.has(id); k++) id = `${pl.id}-${k}`;
      seenIds.add(id);
      levels.push({ ...pl, id });
    });
  }
  if (levels.length > MAX_PACK_LEVELS) {
    throw new CliError(`the merged pack would hold ${levels.length} levels but a pack holds at most ${MAX_PACK_LEVELS}; nothing written. Merge fewer packs`);
  }
  try {
    writeFileSync(out, exportPack(createPack(name ?? `${firstName} (merged)`, levels)));
  } catch (e) {
    throw new CliError(`cannot write ${out}: ${(e as Error).message}`);
  }
  return { written: levels.length, duplicates };
}
