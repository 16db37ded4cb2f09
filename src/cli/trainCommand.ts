/** `longcat train`: train a DQN level generator; tfjs is loaded only when it runs. */
import type { Command } from 'commander';
import { rulesetByName } from '../core/rules/registry';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { CliError, parseNumber, parseRules, parseSeed, parseShard, parseSize, parseWhole, shardFromEnv } from './args';
import { RULES_HELP, type CommandContext } from './commandContext';
import type { TrainBudget } from './train';
import { RECIPES, type RecipeChoice } from '../ml/recipes';

export function registerTrain({ program, loadModel }: CommandContext): void {
  program
    .command('train')
    .description('train a DQN level generator (SD-PCGRL or Turtle) headless on WASM, or on WebGPU through Dawn (npm "webgpu")')
    .option('--env <name>', 'sd-pcgrl or turtle', 'sd-pcgrl')
    .option('--size <WxH>', 'grid size', '8x8')
    .option('--minutes <m>', 'training time budget in minutes (wall clock: results differ between machines)')
    .option('--env-steps <n>', 'training budget in environment steps (the same seed gives the same model on any machine, per backend)')
    .option('--seed <s>', 'random seed', '1')
    .option('--recipe <name>', 'auto (gpu on a real WebGPU adapter, else fast), fast, gpu, thesis or small (a smaller network for CPU runs whose update is the cost)', 'auto')
    .option('--backend <name>', 'wasm, webgpu (Dawn; a GPU, or a software Vulkan driver via VK_ICD_FILENAMES) or cpu', 'wasm')
    .option('--encoding <e>', 'markov (start cell + previous direction) or thesis', 'markov')
    .option('--rules <r>', `ruleset the environment carves under: ${RULES_HELP} (sd-pcgrl only)`, DEFAULT_RULESET_NAME)
    .option('--model <file>', 'difficulty model JSON for the reward (default: the ruleset\'s shipped model)')
    .requiredOption('--out <dir>', 'model directory to write (model.json, weights.bin, meta.json, checkpoint/)')
    .option('--learning-starts <n>', 'environment steps in the replay buffer before the first update (default: the recipe\'s: 5,000 for fast and small, 10,000 for gpu, 64 for thesis; a resumed run refills the buffer first too)')
    .option('--resume', 'continue from <out>/checkpoint', false)
    .option('--sweep <file>', 'CSV of runs (header seed,recipe; one row per run): task k of a batch job (--shard k/n or the platform\'s variables) trains row k into <out>/row-<k>, as the single run of that row would')
    .option('--shard <k/n>', 'with --sweep: train row k of n (inside a Kubernetes, AWS Batch or Google Cloud Batch job the platform\'s variables pick it)')
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o: { env: string; size: string; minutes?: string; envSteps?: string; seed: string; recipe: string; backend: string; encoding: string; rules: string; model?: string; out: string; resume: boolean; quiet: boolean; sweep?: string; shard?: string; learningStarts?: string }, cmd: Command) => {
      if (o.sweep !== undefined) {
        for (const flag of ['seed', 'recipe'] as const) if (cmd.getOptionValueSource(flag) === 'cli') throw new CliError(`--sweep gives each task its --${flag}: leave --${flag} out`);
        const { sweepRow } = await import('./sweep');
        const { row, index } = sweepRow(o.sweep, o.shard !== undefined ? parseShard(o.shard) : shardFromEnv(process.env));
        o = { ...o, seed: String(row.seed), recipe: row.recipe, out: (await import('node:path')).join(o.out, `row-${index}`) };
      } else if (o.shard !== undefined) throw new CliError('--shard splits a sweep: give --sweep FILE (train runs one model otherwise)');
      if (o.env !== 'sd-pcgrl' && o.env !== 'turtle') throw new CliError(`--env must be sd-pcgrl or turtle, got "${o.env}"`);
      const rules = parseRules(o.rules);
      if (o.env === 'turtle' && !rulesetByName(rules).assets.turtle) throw new CliError(`--env turtle is Longcat's only; under --rules ${rules} train --env sd-pcgrl`);
      if (o.recipe !== 'auto' && !(o.recipe in RECIPES)) throw new CliError(`--recipe must be auto, ${Object.keys(RECIPES).join(', ')}, got "${o.recipe}"`);
      if (o.backend !== 'wasm' && o.backend !== 'webgpu' && o.backend !== 'cpu') throw new CliError(`--backend must be wasm, webgpu or cpu, got "${o.backend}"`);
      if (o.encoding !== 'markov' && o.encoding !== 'thesis') throw new CliError(`--encoding must be markov or thesis, got "${o.encoding}"`);
      if ((o.minutes === undefined) === (o.envSteps === undefined)) throw new CliError('train needs exactly one budget: --minutes <m> or --env-steps <n>');
      let budget: TrainBudget;
      if (o.minutes !== undefined) {
        const minutes = parseNumber(o.minutes, '--minutes', 0, 24 * 60, 'a number above 0 (at most 1440)');
        if (minutes === 0) throw new CliError(`--minutes must be a number above 0 (at most 1440), got "${o.minutes}"`);
        budget = { minutes };
      } else {
        budget = { envSteps: parseWhole(o.envSteps!, '--env-steps', 1, 10_000_000_000) };
      }
      const learningStarts = o.learningStarts === undefined ? undefined : parseWhole(o.learningStarts, '--learning-starts', 1, 10_000_000);
      const size = parseSize(o.size), seed = parseSeed(o.seed), model = await loadModel(o.model, rules);
      (await import('./io')).ensureOutputDir(o.out, '--out', ['model.json', 'weights.bin', 'meta.json']);
      const { runTrain } = await import('./train');
      const m = await runTrain({
        env: o.env, ...size, encoding: o.encoding, model, ...(rules !== DEFAULT_RULESET_NAME ? { rules } : {}), budget, seed, out: o.out,
        recipe: o.recipe as RecipeChoice, backend: o.backend, resume: o.resume, quiet: o.quiet, ...(learningStarts !== undefined ? { learningStarts } : {}),
        // The recipe, not where it was written: a sweep's row records the command of its single run.
        command: [
          'npm run cli -- train', '--env', o.env, '--size', `${size.width}x${size.height}`, '--seed', String(seed), '--recipe', o.recipe, '--backend', o.backend,
          '--encoding', o.encoding, '--rules', rules, ...(o.model !== undefined ? ['--model', o.model] : []),
          ...('minutes' in budget ? ['--minutes', String(budget.minutes)] : ['--env-steps', String(budget.envSteps)]),
          ...(learningStarts !== undefined ? ['--learning-starts', String(learningStarts)] : []),
        ].join(' '),
      });
      if (!o.quiet) process.stderr.write(`wrote ${o.out}: ${m.episodes} episodes, ${m.updates} updates, greedy test difficulty ${m.testDifficulty?.toFixed(1) ?? '-'}\n`);
    });
}
