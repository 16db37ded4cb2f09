/**
 * The shard a batch platform gives a task through its environment (SPEC §11,
 * docs/cluster.md), read when no `--shard` is given:
 *
 * | platform                        | index (0-based)             | count                       |
 * |---------------------------------|-----------------------------|-----------------------------|
 * | Kubernetes Indexed Job          | `JOB_COMPLETION_INDEX`      | `LONGCAT_SHARDS` (manifest) |
 * | AWS Batch array job             | `AWS_BATCH_JOB_ARRAY_INDEX` | `AWS_BATCH_JOB_ARRAY_SIZE`  |
 * | Google Cloud Batch task group   | `BATCH_TASK_INDEX`          | `BATCH_TASK_COUNT`          |
 *
 * Nothing is guessed: a platform with only one of its two variables set, or
 * either one empty, is refused with the names (a half-set job would
 * otherwise run the whole job in every task without a word), and so are
 * variables of two platforms at once.
 */
import { CliError, MAX_SHARDS } from './args';

/** One platform's pair of variables. */
interface ShardVariables {
  readonly platform: string;
  readonly index: string;
  readonly count: string;
}

export const SHARD_VARIABLES: readonly ShardVariables[] = [
  { platform: 'a Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX', count: 'LONGCAT_SHARDS' },
  { platform: 'an AWS Batch array job', index: 'AWS_BATCH_JOB_ARRAY_INDEX', count: 'AWS_BATCH_JOB_ARRAY_SIZE' },
  { platform: 'a Google Cloud Batch task group', index: 'BATCH_TASK_INDEX', count: 'BATCH_TASK_COUNT' },
];

/** A shard from the environment: 0-based `shard` of `shards`, and where it came from (for messages). */
export interface EnvShard {
  readonly shard: number;
  readonly shards: number;
  /** e.g. "an AWS Batch array job (AWS_BATCH_JOB_ARRAY_INDEX, AWS_BATCH_JOB_ARRAY_SIZE)". */
  readonly source: string;
}

/**
 * The shard the environment names, or undefined when no platform's
 * variables are set at all. Shard `index + 1` of `count` in `--shard`'s
 * 1-based terms (0-based here, as `parseShard` returns).
 */
export function shardFromEnv(env: Readonly<Record<string, string | undefined>>): EnvShard | undefined {
  const present = SHARD_VARIABLES.filter((v) => env[v.index] !== undefined || env[v.count] !== undefined);
  if (present.length === 0) return undefined;
  if (present.length > 1) {
    throw new CliError(`the environment names shards of ${present.map((v) => `${v.platform} (${v.index}, ${v.count})`).join(' and of ')}; set one platform's variables, or give --shard i/n`);
  }
  const v = present[0]!;
  const source = `${v.platform} (${v.index}, ${v.count})`;
  const index = env[v.index], count = env[v.count];
  for (const [name, value, other] of [[v.index, index, v.count], [v.count, count, v.index]] as const) {
    if (value === undefined) throw new CliError(`${other} is set but ${name} is not: ${v.platform} sets both; set ${name} too, or give --shard i/n`);
    if (value.trim() === '') throw new CliError(`${name} is set but empty: a shard of ${v.platform} needs both ${v.index} and ${v.count}, or give --shard i/n`);
  }
  const n = /^\d{1,7}$/.test(count!.trim()) ? Number(count!.trim()) : NaN;
  if (!(n >= 1 && n <= MAX_SHARDS)) throw new CliError(`${v.count} must be a whole number from 1 to ${MAX_SHARDS} (the number of shards), got "${count}"`);
  const i = /^\d{1,7}$/.test(index!.trim()) ? Number(index!.trim()) : NaN;
  if (!(i >= 0 && i < n)) throw new CliError(`${v.index} must be a whole number from 0 to ${n - 1} (${v.count} is ${n}), got "${index}"`);
  return { shard: i, shards: n, source };
}
