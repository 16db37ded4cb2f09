/**
 * The options `generate` and `evaluate` share (generator, size, seed,
 * shard, ...), and how they become a run's settings.
 */
import type { Command } from 'commander';
import { shardRange } from '../core/generators/registry';
import { DEFAULT_RULESET_NAME, type RulesetName } from '../core/rules/ruleset';
import { CliError, parseCount, parseNumber, parseRules, parseSeed, parseShard, parseSize, parseWhole, shardFromEnv } from './args';
import { RULES_HELP, type CommandContext } from './commandContext';
import { checkGeneratorRules, parseGenerator } from './generatorArgs';

/** Most difficulty a `--target` may ask for (the thesis's levels stay below a few hundred). */
export const MAX_TARGET = 1_000_000;
/** Most levels times temperatures one sd-pcgrl evaluation runs. */
export const MAX_SD_RUNS = 10_000_000;

/** Adds the shared options to a command. */
export const common = (c: Command): Command =>
  c
    .option('--generator <name>', 'rpu, rsd, sd-pcgrl or turtle (evaluate only); not needed with --target')
    .option('--count <n>', 'generate: unique solvable levels to write, as in the studio (sd-pcgrl: episodes, one level each); evaluate: generator runs (the thesis\'s "levels generated")')
    .option('--iterations <n>', 'run exactly these generator iterations (what --shard and Indexed Jobs split); generate with --count stops at a level count instead')
    .option('--size <WxH>', 'grid size', '8x8')
    .option('--seed <s>', 'random seed', '1')
    .option('--shard <i/n>', 'run only shard i of n (1-based) of the iterations; inside a Kubernetes Indexed Job, JOB_COMPLETION_INDEX and LONGCAT_SHARDS pick it when no --shard is given')
    .option('--rules <r>', `ruleset: ${RULES_HELP} (RPU and Turtle: Longcat only)`, DEFAULT_RULESET_NAME)
    .option('--model <file>', 'difficulty model JSON (default: the ruleset\'s shipped model)')
    .option('--rl-model <dir>', 'sd-pcgrl or turtle: trained model directory (default: the shipped model for the size)')
    .option('--start-cell <i>', 'sd-pcgrl: start every level at this cell (row-major index) instead of a random one')
    .option('--quiet', 'no progress on stderr', false);

export type CommonOpts = { rules: string; generator?: string; count?: string; iterations?: string; size: string; seed: string; shard?: string; quiet: boolean; model?: string; rlModel?: string; startCell?: string };
/** `--shard`, else the Indexed Job's shard from the environment, else none. */
export const shardOf = (o: CommonOpts) => (o.shard !== undefined ? parseShard(o.shard) : shardFromEnv(process.env));
/** The run's length: --iterations, or --count where it means the same (evaluate, sd-pcgrl). */
export const runLength = (o: CommonOpts): string => {
  if (o.count !== undefined && o.iterations !== undefined) throw new CliError('give --count or --iterations, not both');
  const n = o.iterations ?? o.count;
  if (n === undefined) throw new CliError("required option '--count <n>' or '--iterations <n>' not specified");
  return n;
};
export const requireGenerator = (o: CommonOpts): string => {
  if (o.generator === undefined) throw new CliError("required option '--generator <name>' not specified (rpu, rsd, sd-pcgrl or turtle)");
  return o.generator;
};
/** `--rules`, checked against the generator (one line for a generator the ruleset lacks). */
export const rulesOf = (o: CommonOpts): RulesetName => {
  const rules = parseRules(o.rules);
  if (o.generator !== undefined) checkGeneratorRules(o.generator, rules);
  return rules;
};
export const settings = async (o: CommonOpts, loadModel: CommandContext['loadModel']) => ({
  rules: rulesOf(o),
  generator: parseGenerator(requireGenerator(o)),
  count: parseCount(runLength(o), o.iterations !== undefined ? '--iterations' : '--count'),
  ...parseSize(o.size),
  seed: parseSeed(o.seed),
  shard: shardOf(o),
  quiet: o.quiet,
  model: await loadModel(o.model, rulesOf(o)),
});
/** The same settings for the sd-pcgrl generator, whose index range is its levels. */
export const sdSettings = async (o: CommonOpts, temperature: number, loadModel: CommandContext['loadModel']) => {
  const size = parseSize(o.size);
  const count = parseCount(runLength(o), o.iterations !== undefined ? '--iterations' : '--count');
  const shard = shardOf(o);
  const { from, to } = shard ? shardRange(count, shard.shard, shard.shards) : { from: 0, to: count };
  let startCell: number | undefined;
  if (o.startCell !== undefined) startCell = parseWhole(o.startCell, '--start-cell', 0, size.width * size.height - 1);
  const seed = parseSeed(o.seed), rules = rulesOf(o);
  // No --rl-model: the ruleset's shipped model, found beside the package (any working folder).
  return { ...size, seed, rules, from, to, temperature, startCell, rlModel: o.rlModel, model: await loadModel(o.model, rules), quiet: o.quiet };
};
export const parseTemperature = (text: string): number => parseNumber(text, '--temperature', 0, 1);
