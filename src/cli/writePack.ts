/**
 * Writes a level pack after reading it back with the importer the studio
 * and `analyze` use: a pack that would not load (an id over 100 characters,
 * more than 10,000 levels, a non-finite number) is refused with the
 * problems, and nothing is written. {@link writeLevels} writes the same
 * levels as a level stream instead when the run asked for one.
 */
import { createPack, exportPack, importPack } from '../core/pack/pack';
import { MAX_PACK_LEVELS, type PackLevel, type PackShard } from '../core/pack/schema';
import { formatStreamLine, parseShardHeader, type ShardHeader } from '../core/jobs/levelStream';
import { CliError, listProblems } from './args';
import { writeOutput } from './io';
import { LineWriter } from './stream';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** `rules`: the pack's ruleset (default Longcat); `shard`: the shard of a run the pack holds, for `merge` to check. */
export function writePack(out: string, name: string, levels: PackLevel[], rules: RulesetName = DEFAULT_RULESET_NAME, shard?: PackShard): void {
  const text = exportPack(createPack(name, levels, { rules, ...(shard !== undefined ? { shard } : {}) }));
  const check = importPack(text);
  if (!check.ok) throw new CliError(`the pack for ${out} would not load again, so nothing was written: ${listProblems(check.error)}`);
  writeOutput(out, text);
}

/** A shard header as a pack's `shard` field. */
export function shardOfHeader(h: ShardHeader): PackShard {
  return { index: h.shard.index, count: h.shard.count, run: { ...h.run } };
}

/** A shard pack's name: the run's, then which shard it is (`merge` of the whole set takes the run's name back: {@link runNameOf}). */
export function shardPackName(runName: string, shard: Pick<PackShard, 'index' | 'count'>): string {
  return `${runName} shard ${shard.index}/${shard.count}`;
}

/** The run's name of a shard pack named by {@link shardPackName}; the name as it is when it was renamed since. */
export function runNameOf(name: string, shard: Pick<PackShard, 'index' | 'count'>): string {
  const note = ` shard ${shard.index}/${shard.count}`;
  return name.endsWith(note) ? name.slice(0, -note.length) : name;
}

/** A shard header line (as the CLI formats it) as a pack's `shard` field. */
function packShard(header: string): PackShard {
  const h = parseShardHeader(header, 1);
  if (h === null || !h.ok) throw new Error(`not a shard header: ${header}`);
  return shardOfHeader(h.value);
}

/**
 * A generator's levels: a pack named `name`, or (`stream`) a level stream
 * of one line per level after the optional shard `header` line (a pack
 * records the header as its `shard`), to a file
 * or standard output (`-`), with no level limit. Nothing is left behind
 * when a write fails.
 */
export function writeLevels(out: string, o: { stream: boolean; name: string; rules: RulesetName; header?: string | undefined; tooMany: string }, levels: readonly PackLevel[]): void {
  if (!o.stream) {
    if (levels.length > MAX_PACK_LEVELS) throw new CliError(`the run gives ${levels.length} unique levels but a pack holds at most ${MAX_PACK_LEVELS}; nothing written. ${o.tooMany}`);
    const shard = o.header !== undefined ? packShard(o.header) : undefined;
    writePack(out, shard !== undefined ? shardPackName(o.name, shard) : o.name, [...levels], o.rules, shard);
    return;
  }
  const w = new LineWriter(out);
  try {
    if (o.header !== undefined) w.write(o.header);
    for (const l of levels) w.write(formatStreamLine(l, o.rules));
    w.commit();
  } catch (e) {
    w.abort();
    throw e;
  }
}
