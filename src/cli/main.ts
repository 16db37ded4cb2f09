/**
 * Longcat Studio command line: the same core as the studio, headless.
 * Errors end with one clear line on stderr and a non-zero exit.
 */
import { Command, CommanderError } from 'commander';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { CliError, parseCount, parseGenerator, parseSeed, parseShard, parseSize } from './args';
import { runAnalyze } from './analyze';
import { formatReport, runEvaluate, runGenerate } from './generate';
import { runMerge } from './merge';
import { loadModel, parseFeatures, parseMethod, runFitPredictor } from './fitPredictor';
import { runTrain } from './train';
import { parseTolerance, runAtDifficulty } from './atDifficulty';
import { DEFAULT_RL_MODEL, evaluateSdPcgrl, evaluateTurtleModel, generateSdPcgrl, parseTemperatures } from './sdPcgrl';
import { shardRange } from '../core/generators/registry';

function buildProgram(): Command {
  const program = new Command('longcat')
    .description('Longcat Studio: analyse, generate and evaluate Longcat levels')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  program
    .command('analyze')
    .description('print one JSON object per level: classes and every graph feature (text format or pack; - for stdin)')
    .argument('<file>', 'level text file, level pack JSON, or - for standard input')
    .option('--max-states <n>', 'state cap per level', String(DEFAULT_STATE_CAP))
    .option('--model <file>', 'difficulty model JSON (default: the shipped model)')
    .action((file: string, opts: { maxStates: string; model?: string }) => {
      const model = loadModel(opts.model);
      const code = runAnalyze(file, { maxStates: parseCount(opts.maxStates, '--max-states', 50_000_000), model }, (l) => process.stdout.write(l + '\n'));
      process.exitCode = code;
    });

  const common = (c: Command): Command =>
    c
      .option('--generator <name>', 'rpu, rsd, sd-pcgrl or turtle (evaluate only); not needed with --target')
      .requiredOption('--count <n>', 'iterations (levels for sd-pcgrl) to run')
      .option('--size <WxH>', 'grid size', '8x8')
      .option('--seed <s>', 'random seed', '1')
      .option('--shard <i/n>', 'run only shard i of n (1-based) of the iterations')
      .option('--model <file>', 'difficulty model JSON (default: the shipped model)')
      .option('--rl-model <dir>', 'sd-pcgrl: trained model directory', DEFAULT_RL_MODEL)
      .option('--start-cell <i>', 'sd-pcgrl: start every level at this cell (row-major index) instead of a random one')
      .option('--quiet', 'no progress on stderr', false);

  type CommonOpts = { generator?: string; count: string; size: string; seed: string; shard?: string; quiet: boolean; model?: string; rlModel: string; startCell?: string };
  const requireGenerator = (o: CommonOpts): string => {
    if (o.generator === undefined) throw new CliError("required option '--generator <name>' not specified (rpu, rsd, sd-pcgrl or turtle)");
    return o.generator;
  };
  const settings = (o: CommonOpts) => ({
    generator: parseGenerator(requireGenerator(o)),
    count: parseCount(o.count),
    ...parseSize(o.size),
    seed: parseSeed(o.seed),
    shard: o.shard !== undefined ? parseShard(o.shard) : undefined,
    quiet: o.quiet,
    model: loadModel(o.model),
  });
  /** The same settings for the sd-pcgrl generator, whose index range is its levels. */
  const sdSettings = (o: CommonOpts, temperature: number) => {
    const size = parseSize(o.size);
    const count = parseCount(o.count);
    const shard = o.shard !== undefined ? parseShard(o.shard) : undefined;
    const { from, to } = shard ? shardRange(count, shard.shard, shard.shards) : { from: 0, to: count };
    let startCell: number | undefined;
    if (o.startCell !== undefined) {
      startCell = parseCount(String(Number(o.startCell) + 1), '--start-cell', size.width * size.height) - 1;
    }
    return { ...size, seed: parseSeed(o.seed), from, to, temperature, startCell, rlModel: o.rlModel, model: loadModel(o.model), quiet: o.quiet };
  };
  const parseTemperature = (text: string): number => {
    const t = Number(text);
    if (!(t >= 0 && t <= 1) || text.trim() === '') throw new CliError(`--temperature must be a number from 0 to 1, got "${text}"`);
    return t;
  };

  common(program.command('generate').description('generate levels and write the unique solvable ones as a level pack'))
    .requiredOption('--out <file>', 'pack file to write')
    .option('--temperature <t>', 'sd-pcgrl: probability of a random legal move instead of the policy\'s best (1 = RSD)', '0.2')
    .option('--target <d>', 'generate at this difficulty instead (solution-down local search); --count is then the number of levels')
    .option('--tolerance <t>', 'with --target: 10% or an absolute 3 (default: the larger of ±10% and ±3)')
    .option('--exclude <pack>', 'with --target: skip levels already in this pack')
    .option('--unique-solution', 'with --target: only levels with exactly one solution path', false)
    .option('--open-cells <min:max>', 'with --target: range of open cells')
    .action(async (o: CommonOpts & { out: string; temperature: string; target?: string; tolerance?: string; exclude?: string; uniqueSolution: boolean; openCells?: string }) => {
      if (o.target !== undefined) {
        const target = Number(o.target);
        if (!(target >= 0) || o.target.trim() === '') throw new CliError(`--target must be a difficulty >= 0, got "${o.target}"`);
        let openCells: { min?: number; max?: number } | undefined;
        if (o.openCells !== undefined) {
          const m = /^(\d*):(\d*)$/.exec(o.openCells.trim());
          if (!m) throw new CliError(`--open-cells must look like 20:40, 20: or :40, got "${o.openCells}"`);
          openCells = { ...(m[1] ? { min: Number(m[1]) } : {}), ...(m[2] ? { max: Number(m[2]) } : {}) };
        }
        const r = runAtDifficulty({
          ...parseSize(o.size), target, tolerance: parseTolerance(o.tolerance), count: parseCount(o.count, '--count', 10_000), seed: parseSeed(o.seed),
          out: o.out, model: loadModel(o.model), exclude: o.exclude, uniqueSolution: o.uniqueSolution, ...(openCells ? { openCells } : {}),
        });
        process.stderr.write(`wrote ${r.written} levels to ${o.out} in ${r.seconds.toFixed(2)} s${r.shortfall ? ` (${r.shortfall})` : ''}\n`);
        if (r.shortfall) process.exitCode = 3;
        return;
      }
      requireGenerator(o);
      if (o.generator === 'turtle') throw new CliError('turtle is a baseline to evaluate (evaluate --generator turtle), not a level source: it yields almost no solvable levels');
      if (o.generator === 'sd-pcgrl') {
        const r = await generateSdPcgrl({ ...sdSettings(o, parseTemperature(o.temperature)), out: o.out });
        process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates skipped)\n`);
        return;
      }
      const r = runGenerate({ ...settings(o), out: o.out });
      process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.iterations} iterations, ${r.duplicates} duplicates skipped)\n`);
    });

  common(program.command('evaluate').description('the SPEC §8 evaluation report for a generator'))
    .option('--json', 'print one JSON object (sd-pcgrl: one per temperature)', false)
    .option('--temperatures <list>', 'sd-pcgrl: temperatures as from:to:step or a comma list', '0:1:0.1')
    .action(async (o: CommonOpts & { json: boolean; temperatures: string }) => {
      requireGenerator(o);
      if (o.generator === 'turtle') {
        const size = parseSize(o.size);
        const dir = o.rlModel === DEFAULT_RL_MODEL ? `models/turtle-${size.width}x${size.height}` : o.rlModel;
        for (const t of parseTemperatures(o.temperatures === '0:1:0.1' ? '0' : o.temperatures)) {
          const r = await evaluateTurtleModel(dir, { ...size, episodes: parseCount(o.count), seed: parseSeed(o.seed), temperature: t, model: loadModel(o.model) });
          const full = { generator: 'turtle', size: o.size, seed: parseSeed(o.seed), shard: null, temperature: t, ...r, seconds: 0, levelsPerSecond: 0 };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${t}\n` + formatReport(full) + '\n');
        }
        return;
      }
      if (o.generator === 'sd-pcgrl') {
        const temps = parseTemperatures(o.temperatures);
        const reports = await evaluateSdPcgrl(sdSettings(o, temps[0]!), temps);
        for (const r of reports) {
          const full = { generator: 'sd-pcgrl', size: o.size, seed: parseSeed(o.seed), shard: o.shard ?? null, ...r };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${r.temperature}\n` + formatReport(full) + '\n');
        }
        return;
      }
      const r = runEvaluate(settings(o));
      process.stdout.write(o.json ? JSON.stringify(r) + '\n' : formatReport(r));
    });

  program
    .command('fit-predictor')
    .description('fit a difficulty model (standardised linear) on player data or on generated levels')
    .option('--data <file.csv>', 'CSV of level,avgCompletionSeconds (level rows joined by /)')
    .option('--generated <n>', 'fit to the player model over n RSD and n RPU 8x8 iterations (plus n/4 RSD 6x6 and 10x10), calibrated to the thesis')
    .option('--method <m>', 'ols, ridge or lasso (alpha by 5-fold CV)', 'ridge')
    .option('--features <list>', 'comma-separated feature names (default: thesis iteration 7)')
    .option('--seed <s>', 'random seed (corpus, CV folds)', '1')
    .option('--name <name>', 'model name', 'custom')
    .requiredOption('--out <file>', 'model JSON to write')
    .option('--quiet', 'no progress on stderr', false)
    .action((o: { data?: string; generated?: string; method: string; features?: string; seed: string; name: string; out: string; quiet: boolean }) => {
      const model = runFitPredictor({
        ...(o.data !== undefined ? { data: o.data } : {}),
        ...(o.generated !== undefined ? { generated: parseCount(o.generated, '--generated', 1_000_000) } : {}),
        method: parseMethod(o.method),
        features: parseFeatures(o.features),
        seed: parseSeed(o.seed),
        name: o.name,
        out: o.out,
        command: ['npm run cli -- fit-predictor', ...process.argv.slice(3).filter((a) => a !== '--quiet')].join(' '),
        quiet: o.quiet,
      });
      const m = model.metrics;
      process.stderr.write(
        `wrote ${o.out}: ${model.method} alpha ${model.alpha.toPrecision(3)}, r2 ${m.r2?.toFixed(3)}` +
          (m.calibrationBelow20 !== undefined ? `, RSD 8x8 below 20: ${(100 * m.calibrationBelow20).toFixed(1)}%, above 30: ${(100 * m.calibrationAbove30!).toFixed(1)}%, max ${m.calibrationMax!.toFixed(1)}` : '') +
          '\n',
      );
    });

  program
    .command('train')
    .description('train a DQN level generator (SD-PCGRL or Turtle) headless on WASM, or on WebGPU through Dawn (npm "webgpu")')
    .option('--env <name>', 'sd-pcgrl or turtle', 'sd-pcgrl')
    .option('--size <WxH>', 'grid size', '8x8')
    .requiredOption('--minutes <m>', 'training time budget in minutes')
    .option('--seed <s>', 'random seed', '1')
    .option('--recipe <name>', 'auto (gpu on a real WebGPU adapter, else fast), fast, gpu or thesis', 'auto')
    .option('--backend <name>', 'wasm, webgpu (Dawn; a GPU, or a software Vulkan driver via VK_ICD_FILENAMES) or cpu', 'wasm')
    .option('--encoding <e>', 'markov (start cell + previous direction) or thesis', 'markov')
    .option('--model <file>', 'difficulty model JSON for the reward (default: the shipped model)')
    .requiredOption('--out <dir>', 'model directory to write (model.json, weights.bin, meta.json, checkpoint/)')
    .option('--resume', 'continue from <out>/checkpoint', false)
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o: { env: string; size: string; minutes: string; seed: string; recipe: string; backend: string; encoding: string; model?: string; out: string; resume: boolean; quiet: boolean }) => {
      if (o.env !== 'sd-pcgrl' && o.env !== 'turtle') throw new CliError(`--env must be sd-pcgrl or turtle, got "${o.env}"`);
      if (o.recipe !== 'auto' && o.recipe !== 'fast' && o.recipe !== 'gpu' && o.recipe !== 'thesis') throw new CliError(`--recipe must be auto, fast, gpu or thesis, got "${o.recipe}"`);
      if (o.backend !== 'wasm' && o.backend !== 'webgpu' && o.backend !== 'cpu') throw new CliError(`--backend must be wasm, webgpu or cpu, got "${o.backend}"`);
      if (o.encoding !== 'markov' && o.encoding !== 'thesis') throw new CliError(`--encoding must be markov or thesis, got "${o.encoding}"`);
      const minutes = Number(o.minutes);
      if (!(minutes > 0 && minutes <= 24 * 60)) throw new CliError(`--minutes must be a number above 0 (at most 1440), got "${o.minutes}"`);
      const m = await runTrain({
        env: o.env, ...parseSize(o.size), encoding: o.encoding, model: loadModel(o.model), minutes, seed: parseSeed(o.seed), out: o.out,
        recipe: o.recipe, backend: o.backend, resume: o.resume, quiet: o.quiet,
        command: ['npm run cli -- train', ...process.argv.slice(3).filter((a) => a !== '--quiet' && a !== '--resume')].join(' '),
      });
      process.stderr.write(`wrote ${o.out}: ${m.episodes} episodes, ${m.updates} updates, greedy test difficulty ${m.testDifficulty?.toFixed(1) ?? '-'}\n`);
    });

  program
    .command('merge')
    .description('merge level packs (e.g. from --shard runs), dropping duplicate levels')
    .argument('<packs...>', 'pack files')
    .requiredOption('--out <file>', 'pack file to write')
    .option('--name <name>', 'name of the merged pack')
    .action((files: string[], o: { out: string; name?: string }) => {
      const r = runMerge(files, o.out, o.name);
      process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates dropped)\n`);
    });

  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2; // commander already printed its message
    if (e instanceof CliError) {
      process.stderr.write(`error: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));
