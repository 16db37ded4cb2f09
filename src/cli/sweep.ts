/**
 * `train --sweep FILE`: a training sweep spread over a batch job's tasks by
 * index (docs/cluster.md). The file is CSV with a header line naming the
 * columns `seed` and `recipe` (in either order) and one row per run; task
 * `k` of `n` (`--shard k/n`, or a platform's shard variables) trains row
 * `k`, into `<out>/row-<k>`, exactly as the single run
 * `train --seed S --recipe R ... --out DIR` of that row would: the same
 * model bytes and the same meta.json but for its wall time and date.
 */
import { CliError, parseSeed } from './args';
import { readInput } from './analyze';
import type { RecipeChoice } from '../ml/recipes';

/** Most rows a sweep may have (a job's task count). */
export const MAX_SWEEP_ROWS = 10_000;

const RECIPES: readonly RecipeChoice[] = ['auto', 'fast', 'gpu', 'thesis', 'small'];

export interface SweepRow {
  readonly seed: number;
  readonly recipe: RecipeChoice;
}

/** The sweep file's rows, every one checked; a bad row is refused with its line. */
export function parseSweep(text: string, file: string): SweepRow[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const at = lines.findIndex((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  if (at < 0) throw new CliError(`--sweep ${file} is empty: expected a header line "seed,recipe" and one row per run`);
  const header = lines[at]!.split(',').map((c) => c.trim());
  const seedCol = header.indexOf('seed'), recipeCol = header.indexOf('recipe');
  if (seedCol < 0 || recipeCol < 0 || header.length !== 2) {
    throw new CliError(`--sweep ${file} line ${at + 1}: the header must name the columns seed and recipe (e.g. "seed,recipe"), got "${lines[at]!.slice(0, 80)}"`);
  }
  const rows: SweepRow[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '' || l.trimStart().startsWith('#')) continue;
    const cells = l.split(',').map((c) => c.trim());
    const where = `--sweep ${file} line ${i + 1}`;
    if (cells.length !== 2) throw new CliError(`${where}: expected 2 values (seed, recipe), got ${cells.length}`);
    let seed: number;
    try {
      seed = parseSeed(cells[seedCol]!);
    } catch (e) {
      throw new CliError(`${where}: ${(e as Error).message.replace('--seed', 'the seed')}`);
    }
    const recipe = cells[recipeCol]!;
    if (!(RECIPES as readonly string[]).includes(recipe)) throw new CliError(`${where}: the recipe must be one of ${RECIPES.join(', ')}, got "${recipe.slice(0, 40)}"`);
    rows.push({ seed, recipe: recipe as RecipeChoice });
    if (rows.length > MAX_SWEEP_ROWS) throw new CliError(`--sweep ${file} has more than ${MAX_SWEEP_ROWS} rows`);
  }
  if (rows.length === 0) throw new CliError(`--sweep ${file} has a header but no rows`);
  return rows;
}

/** The row a task trains: shard `shard` (0-based) of `shards`, which must be the sweep's row count. */
export function sweepRow(file: string, shard: { shard: number; shards: number; source?: string } | undefined): { row: SweepRow; index: number; rows: number } {
  const rows = parseSweep(readInput(file, 'a sweep file (--sweep)'), file);
  if (shard === undefined) {
    throw new CliError(`--sweep trains one row per task: give --shard k/${rows.length}, or run it as a batch job of ${rows.length} tasks (Kubernetes, AWS Batch or Google Cloud Batch)`);
  }
  if (shard.shards !== rows.length) {
    throw new CliError(`--sweep ${file} has ${rows.length} rows but ${shard.source ?? '--shard'} says ${shard.shards} tasks; run the sweep as ${rows.length} tasks`);
  }
  return { row: rows[shard.shard]!, index: shard.shard + 1, rows: rows.length };
}
