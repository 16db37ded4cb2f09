/**
 * `merge`: combine packs (or level streams, SPEC §11) (e.g. the shards of one run) into one, dropping
 * duplicate levels. Features and difficulty are recomputed from each level's
 * rows under the inputs' ruleset and its default model (a pack's stored
 * values are claims, never copied through); claims that differ are reported
 * on stderr. Every input must have the same ruleset (mixed packs are not
 * needed, SPEC §12).
 */
import { defaultModelFor } from '../core/difficulty/defaultModel';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';

/** The ruleset of the merge so far: the first input's; another input's is refused in one line. */
function sameRules(current: RulesetName | null, next: RulesetName, where: string): RulesetName {
  if (current !== null && current !== next) throw new CliError(`${where} is ${next} but the inputs before it are ${current}; merge levels of one ruleset; nothing written`);
  return next;
}
import { Analyzer } from '../core/graph/analyze';
import { formatStreamLine, parseStreamLine } from '../core/jobs/levelStream';
import type { Level } from '../core/level/level';
import { annotationProblems, annotationsOf } from '../core/pack/annotations';
import { LineReader, LineWriter, RepeatFilter, isStreamFile } from './stream';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { levelKey } from '../core/level/level';
import { recomputePackAnnotations } from '../core/pack/annotations';
import { importPack } from '../core/pack/pack';
import { MAX_ID_LENGTH, MAX_PACK_LEVELS, type PackLevel, type PackShard } from '../core/pack/schema';
import { CliError, listProblems } from './args';
import { readInput } from './analyze';
import { runNameOf, writePack } from './writePack';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { checkShardSet, headerOf, readShardHeader, type ShardInput } from './shardSet';

/** A pack's `shard` as the shard check reads it (null for a pack that is not a shard). */
function packShardInput(file: string, shard: PackShard | undefined): ShardInput {
  return { file, header: shard === undefined ? null : { shard: { index: shard.index, count: shard.count }, run: shard.run } };
}

/**
 * The name of a merge of one run's whole set of shard packs (and nothing
 * else): the run's, as the unsharded run names its pack, so the merge is
 * that pack byte for byte. Null for any other set of inputs.
 */
function defaultName(packs: readonly { name: string; shard?: PackShard | undefined }[], whole: boolean): string | null {
  const first = packs[0]?.shard;
  if (!whole || first === undefined) return null;
  const run = JSON.stringify([first.run, first.count]);
  if (!packs.every((p) => p.shard !== undefined && JSON.stringify([p.shard.run, p.shard.count]) === run)) return null;
  return runNameOf(packs[0]!.name, first);
}

/**
 * `merge` into a pack: every input is read and checked first (each a valid
 * pack, shard packs a whole set: see {@link checkShardSet}), then each
 * level's annotations are recomputed and repeats dropped. `partial` holds
 * what `allowPartial` let through (empty for a whole set).
 */
export function runMerge(files: readonly string[], out: string, name?: string, allowPartial = false): { written: number; duplicates: number; recomputed: number; partial: string[] } {
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  const levels: PackLevel[] = [];
  let duplicates = 0;
  let recomputed = 0;
  let firstName = '';
  let rules: RulesetName | null = null;
  const packs = files.map((file) => {
    const r = importPack(readInput(file, 'a level pack'));
    if (!r.ok) throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level pack: ${listProblems(r.error)}`);
    return { file, r };
  });
  const partial = checkShardSet(packs.map(({ file, r }) => packShardInput(file, r.value.pack.shard)), allowPartial);
  for (const { file, r } of packs) {
    if (firstName === '') firstName = r.value.pack.name;
    rules = sameRules(rules, r.value.pack.rules, file === '-' ? 'standard input' : file);
    const fresh = recomputePackAnnotations(r.value.pack, { model: defaultModelFor(rules), maxStates: DEFAULT_STATE_CAP });
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
  writePack(out, (name ?? defaultName(packs.map(({ r }) => r.value.pack), partial.length === 0) ?? `${firstName} (merged)`).slice(0, 200), levels, rules ?? DEFAULT_RULESET_NAME);
  for (const line of partial) process.stderr.write(`${line}\n`);
  return { written: levels.length, duplicates, recomputed, partial };
}

/**
 * `merge` into a level stream (`--out x.ndjson`): reads packs and streams in
 * order, one level at a time, recomputes each level's annotations from its
 * rows (claims that differ are counted and the first few shown on stderr),
 * and keeps the first occurrence of each level with bounded memory
 * ({@link RepeatFilter}). Ids are kept as written. A bad line stops the
 * merge with its file and line, and nothing is written. Shard streams and
 * shard packs must make whole sets ({@link checkShardSet}).
 */
export function runMergeStreams(files: readonly string[], out: string, allowPartial = false): { written: number; duplicates: number; recomputed: number; partial: string[] } {
  // Shard headers are checked before any work (standard input's when it is read).
  const inputs: ShardInput[] = files.map((file) => ({ file, header: isStreamFile(file) && file !== '-' ? readShardHeader(file) : null }));
  // Standard input's shards and packs' are known once read: with either, the set is checked at the end (still before anything is written).
  const later = files.some((file) => file === '-' || !isStreamFile(file));
  const partial = later ? [] : checkShardSet(inputs, allowPartial);
  let joined = false;
  const analyzer = new Analyzer();
  const filter = new RepeatFilter();
  const writer = new LineWriter(out);
  let recomputed = 0;
  let rules: RulesetName | null = null;
  const shown: string[] = [];
  const add = (file: string, level: PackLevel, grid: Level, key: string, where: string, levelRules: RulesetName): void => {
    rules = sameRules(rules, levelRules, `${file} ${where}`);
    const r = analyzer.analyze(grid, { maxStates: DEFAULT_STATE_CAP, rules: rulesetByName(rules) });
    if (!r.ok) throw new CliError(`${file} ${where}: could not be analysed (${r.error.message}); nothing written`);
    const fresh = annotationsOf(r.value.features, defaultModelFor(rules));
    const problems = annotationProblems(level, 0, r.value.features, fresh.difficulty);
    if (problems.length > 0) {
      recomputed += problems.length;
      if (shown.length < 5) shown.push(`${file} ${where}: ${problems[0]!.message}`);
    }
    filter.add(key, formatStreamLine({ ...level, ...fresh }, rules));
  };
  try {
    for (const file of files) {
      if (isStreamFile(file) || file === '-') {
        const reader = new LineReader(file);
        try {
          for (let l = reader.next(); l !== null; l = reader.next()) {
            if (l.trim() === '') continue;
            // A header starts each shard; joined shards (cat shard-*.ndjson | merge -) hold several.
            const header = headerOf(file, l, reader.line);
            if (header !== null) {
              if (file === '-' || reader.line > 1) {
                inputs.push({ file, header });
                joined = true;
              }
              continue;
            }
            const p = parseStreamLine(l, reader.line);
            if (!p.ok) throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level stream: ${listProblems(p.error, 5)}; nothing written`);
            add(file, p.value.level, p.value.grid, p.value.key, `line ${reader.line}`, p.value.rules);
          }
        } finally {
          reader.close();
        }
      } else {
        const r = importPack(readInput(file, 'a level pack'));
        if (!r.ok) throw new CliError(`${file} is not a valid level pack: ${listProblems(r.error)}`);
        // A shard pack joins the set checked before the stream is committed.
        if (r.value.pack.shard !== undefined) {
          inputs.push(packShardInput(file, r.value.pack.shard));
          joined = true;
        }
        r.value.pack.levels.forEach((pl, i) => add(file, pl, r.value.levels[i]!, levelKey(r.value.levels[i]!), `levels[${i}]`, r.value.pack.rules));
      }
    }
    const gaps = joined || later ? checkShardSet(inputs, allowPartial) : partial;
    const kept = filter.finish(writer);
    writer.commit();
    for (const line of gaps) process.stderr.write(`${line}\n`);
    for (const line of shown) process.stderr.write(`${line}\n`);
    if (recomputed > shown.length) process.stderr.write(`${recomputed} stored annotations in all did not match the rows and were recomputed\n`);
    return { written: kept.kept, duplicates: kept.repeats, recomputed, partial: gaps };
  } catch (e) {
    writer.abort();
    throw e;
  } finally {
    filter.dispose();
  }
}
