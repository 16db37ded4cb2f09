/**
 * `merge`: combine packs (e.g. the shards of one run) into one, dropping
 * duplicate levels. Features and difficulty are recomputed from each level's
 * rows under the default model (a pack's stored values are claims, never
 * copied through); claims that differ are reported on stderr.
 */
import { DEFAULT_DIFFICULTY_MODEL } from '../core/difficulty/defaultModel';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { levelKey } from '../core/level/level';
import { recomputePackAnnotations } from '../core/pack/annotations';
import { importPack } from '../core/pack/pack';
import { MAX_ID_LENGTH, MAX_PACK_LEVELS, type PackLevel } from '../core/pack/schema';
import { CliError, listProblems } from './args';
import { readInput } from './analyze';
import { writePack } from './writePack';

export function runMerge(files: readonly string[], out: string, name?: string): { written: number; duplicates: number; recomputed: number } {
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  const levels: PackLevel[] = [];
  let duplicates = 0;
  let recomputed = 0;
  let firstName = '';
  for (const file of files) {
    const r = importPack(readInput(file, 'a level pack'));
    if (!r.ok) throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level pack: ${listProblems(r.error)}`);
    if (firstName === '') firstName = r.value.pack.name;
    const fresh = recomputePackAnnotations(r.value.pack, { model: DEFAULT_DIFFICULTY_MODEL, maxStates: DEFAULT_STATE_CAP });
    if (fresh.problems.length > 0) {
      recomputed += fresh.problems.length;
      process.stderr.write(`${file === '-' ? 'standard input' : file}: ${fresh.problems.length} stored annotation${fresh.problems.length === 1 ? '' : 's'} did not match the rows and ${fresh.problems.length === 1 ? 'was' : 'were'} recomputed: ${listProblems(fresh.problems)}\n`);
    }
    fresh.pack.levels.forEach((pl, i) => {
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
  return { written: levels.length, duplicates, recomputed };
}
