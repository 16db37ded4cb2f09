/**
 * Complete or fail: the check `merge` makes of the shard streams it is
 * given (docs/cluster.md). Every shard's stream starts with a header naming
 * its index, the shard count and the run ({@link ShardHeader}); a set that
 * lacks a shard, or holds one twice, is refused naming it, unless
 * `--allow-partial` is given, and then the gap is said on stderr. Inputs
 * without a header (whole runs, merged streams, packs) are merged as they
 * are; shards of several runs are each checked on their own.
 */
import { parseShardHeader, type ShardHeader } from '../core/jobs/levelStream';
import { CliError, listProblems } from './args';
import { LineReader } from './stream';

/** One input's header (null for an input that is not a shard). */
export interface ShardInput {
  readonly file: string;
  readonly header: ShardHeader | null;
}

/** The header on the first line of a stream file, or null; a malformed header is refused. */
export function readShardHeader(file: string): ShardHeader | null {
  const reader = new LineReader(file);
  try {
    const first = reader.next();
    return first === null ? null : headerOf(file, first, 1);
  } finally {
    reader.close();
  }
}

/** `text` (line `line` of `file`) as a header, null when it is a level line. */
export function headerOf(file: string, text: string, line: number): ShardHeader | null {
  const h = parseShardHeader(text, line);
  if (h === null) return null;
  if (!h.ok) throw new CliError(`${file === '-' ? 'standard input' : file} has a bad shard header: ${listProblems(h.error)}; nothing written`);
  return h.value;
}

/** A run's settings in a line: `rsd 8x8 longcat seed 1 iterations 40000`. */
export function describeRun(run: ShardHeader['run']): string {
  return Object.entries(run).map(([k, v]) => (k === 'generator' || k === 'size' || k === 'rules' ? String(v) : `${k} ${String(v)}`)).join(' ');
}

/**
 * Checks every run's shards are there once each. Returns the lines to say
 * when `allowPartial` let gaps through (empty when the set is whole); throws
 * a {@link CliError} naming the first gaps otherwise.
 */
export function checkShardSet(inputs: readonly ShardInput[], allowPartial: boolean): string[] {
  const runs = new Map<string, { run: ShardHeader['run']; count: number; files: Map<number, string[]> }>();
  for (const { file, header } of inputs) {
    if (header === null) continue;
    const key = JSON.stringify([header.run, header.shard.count]);
    let r = runs.get(key);
    if (r === undefined) runs.set(key, (r = { run: header.run, count: header.shard.count, files: new Map() }));
    const at = r.files.get(header.shard.index) ?? [];
    at.push(file === '-' ? 'standard input' : file);
    r.files.set(header.shard.index, at);
  }
  const gaps: string[] = [];
  for (const r of runs.values()) {
    const name = `the run ${describeRun(r.run)}`;
    const missing: number[] = [];
    for (let i = 1; i <= r.count; i++) if (!r.files.has(i)) missing.push(i);
    if (missing.length > 0) {
      const shown = missing.slice(0, 10).map((i) => `${i}/${r.count}`).join(', ') + (missing.length > 10 ? ` and ${missing.length - 10} more` : '');
      gaps.push(`${missing.length === 1 ? 'shard' : 'shards'} ${shown} of ${name} ${missing.length === 1 ? 'is' : 'are'} missing (${r.files.size} of ${r.count} given)`);
    }
    for (const [i, files] of [...r.files].sort((a, b) => a[0] - b[0])) {
      if (files.length > 1) gaps.push(`shard ${i}/${r.count} of ${name} is given ${files.length} times (${files.join(', ')})`);
    }
  }
  if (gaps.length === 0) return [];
  if (!allowPartial) throw new CliError(`${gaps.join('; ')}; nothing written. Give each shard once, rerunning a missing one with --shard i/n (or merge anyway with --allow-partial)`);
  return gaps.map((g) => `partial merge (--allow-partial): ${g}`);
}
