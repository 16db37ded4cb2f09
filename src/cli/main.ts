/**
 * Longcat Studio command line: the same core as the studio, headless.
 * Errors end with one clear line on stderr and a non-zero exit.
 *
 * Start-up time matters (a one-level `analyze` answers in well under 300 ms):
 * this file parses arguments only, and each command imports its module when
 * it runs, so `--help` loads no engine code and only `train` and the sd-pcgrl
 * and turtle paths load tfjs. Keep command modules out of the static imports.
 */
import { Command, CommanderError } from 'commander';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { shardRange } from '../core/generators/registry';
import { CliError, parseCount, parseGenerator, parseSeed, parseShard, parseSize } from './args';
import type { TrainBudget } from './train';

/** The difficulty model for `--model`: the module that reads it is loaded with the command. */
async function loadModel(file: string | undefined) {
  return (await import('./modelFile')).loadModel(file);
}

/** The commander program; `status` is the exit code an action asks for (0 unless set). */
function buildProgram(): { program: Command; status: { code: number } } {
  const status = { code: 0 };
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
    .action(async (file: string, opts: { maxStates: string; model?: string }) => {
      const maxStates = parseCount(opts.maxStates, '--max-states', 50_000_000);
      const model = await loadModel(opts.model);
      const { runAnalyze } = await import('./analyze');
      status.code = runAnalyze(file, { maxStates, model }, (l) => process.stdout.write(l + '\n'));
    });

  const common = (c: Command): Command =>
    c
      .option('--generator <name>', 'rpu, rsd, sd-pcgrl or turtle (evaluate only); not needed with --target')
      .requiredOption('--count <n>', 'iterations (levels for sd-pcgrl) to run')
      .option('--size <WxH>', 'grid size', '8x8')
      .option('--seed <s>', 'random seed', '1')
      .option('--shard <i/n>', 'run only shard i of n (1-based) of the iterations')
      .option('--model <file>', 'difficulty model JSON (default: the shipped model)')
      .option('--rl-model <dir>', 'sd-pcgrl or turtle: trained model directory (default: the shipped model for the size)')
      .option('--start-cell <i>', 'sd-pcgrl: start every level at this cell (row-major index) instead of a random one')
      .option('--quiet', 'no progress on stderr', false);

  type CommonOpts = { generator?: string; count: string; size: string; seed: string; shard?: string; quiet: boolean; model?: string; rlModel?: string; startCell?: string };
  const requireGenerator = (o: CommonOpts): string => {
    if (o.generator === undefined) throw new CliError("required option '--generator <name>' not specified (rpu, rsd, sd-pcgrl or turtle)");
    return o.generator;
  };
  const settings = async (o: CommonOpts) => ({
    generator: parseGenerator(requireGenerator(o)),
    count: parseCount(o.count),
    ...parseSize(o.size),
    seed: parseSeed(o.seed),
    shard: o.shard !== undefined ? parseShard(o.shard) : undefined,
    quiet: o.quiet,
    model: await loadModel(o.model),
  });
  /** The same settings for the sd-pcgrl generator, whose index range is its levels. */
  const sdSettings = async (o: CommonOpts, temperature: number) => {
    const size = parseSize(o.size);
    const count = parseCount(o.count);
    const shard = o.shard !== undefined ? parseShard(o.shard) : undefined;
    const { from, to } = shard ? shardRange(count, shard.shard, shard.shards) : { from: 0, to: count };
    let startCell: number | undefined;
    if (o.startCell !== undefined) {
      startCell = parseCount(String(Number(o.startCell) + 1), '--start-cell', size.width * size.height) - 1;
    }
    const seed = parseSeed(o.seed);
    const { DEFAULT_RL_MODEL } = await import('./sdPcgrl');
    return { ...size, seed, from, to, temperature, startCell, rlModel: o.rlModel ?? DEFAULT_RL_MODEL, model: await loadModel(o.model), quiet: o.quiet };
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
        const { parseTolerance, runAtDifficulty } = await import('./atDifficulty');
        const r = runAtDifficulty({
          ...parseSize(o.size), target, tolerance: parseTolerance(o.tolerance), count: parseCount(o.count, '--count', 10_000), seed: parseSeed(o.seed),
          out: o.out, model: await loadModel(o.model), exclude: o.exclude, uniqueSolution: o.uniqueSolution, ...(openCells ? { openCells } : {}),
        });
        process.stderr.write(`wrote ${r.written} levels to ${o.out} in ${r.seconds.toFixed(2)} s${r.shortfall ? ` (${r.shortfall})` : ''}\n`);
        if (r.shortfall) status.code = 3;
        return;
      }
      requireGenerator(o);
      if (o.generator === 'turtle') throw new CliError('turtle is a baseline to evaluate (evaluate --generator turtle), not a level source: it yields almost no solvable levels');
      if (o.generator === 'sd-pcgrl') {
        const temperature = parseTemperature(o.temperature);
        const { generateSdPcgrl } = await import('./sdPcgrl');
        const r = await generateSdPcgrl({ ...(await sdSettings(o, temperature)), out: o.out });
        process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates skipped)\n`);
        return;
      }
      const s = await settings(o);
      const { runGenerate } = await import('./generate');
      const r = runGenerate({ ...s, out: o.out });
      process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.iterations} iterations, ${r.duplicates} duplicates skipped)\n`);
    });

  common(program.command('evaluate').description('the SPEC §8 evaluation report for a generator'))
    .option('--json', 'print one JSON object (sd-pcgrl: one per temperature)', false)
    .option('--temperatures <list>', 'sd-pcgrl: temperatures as from:to:step or a comma list', '0:1:0.1')
    .action(async (o: CommonOpts & { json: boolean; temperatures: string }) => {
      requireGenerator(o);
      if (o.generator === 'turtle') {
        const size = parseSize(o.size);
        const dir = o.rlModel ?? `models/turtle-${size.width}x${size.height}`;
        const { evaluateTurtleModel, parseTemperatures } = await import('./sdPcgrl');
        const { formatReport } = await import('./generate');
        for (const t of parseTemperatures(o.temperatures === '0:1:0.1' ? '0' : o.temperatures)) {
          const r = await evaluateTurtleModel(dir, { ...size, episodes: parseCount(o.count), seed: parseSeed(o.seed), temperature: t, model: await loadModel(o.model) });
          const full = { generator: 'turtle', size: o.size, seed: parseSeed(o.seed), shard: null, temperature: t, ...r, seconds: 0, levelsPerSecond: 0 };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${t}\n` + formatReport(full) + '\n');
        }
        return;
      }
      if (o.generator === 'sd-pcgrl') {
        const { evaluateSdPcgrl, parseTemperatures } = await import('./sdPcgrl');
        const { formatReport } = await import('./generate');
        const temps = parseTemperatures(o.temperatures);
        const reports = await evaluateSdPcgrl(await sdSettings(o, temps[0]!), temps);
        for (const r of reports) {
          const full = { generator: 'sd-pcgrl', size: o.size, seed: parseSeed(o.seed), shard: o.shard ?? null, ...r };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${r.temperature}\n` + formatReport(full) + '\n');
        }
        return;
      }
      const s = await settings(o);
      const { formatReport, runEvaluate } = await import('./generate');
      const r = runEvaluate(s);
      process.stdout.write(o.json ? JSON.stringify(r) + '\n' : formatReport(r));
    });

  program
    .command('fit-predictor')
    .description('fit a difficulty model (standardised linear) on player data or on generated levels')
    .option('--data <file.csv>', 'CSV of level,avgCompletionSeconds (level rows joined by /)')
    .option('--generated <n>', 'fit to the player model over n RSD and n RPU 8x8 iterations (plus n/4 RSD 6x6 and 10x10), calibrated to the thesis')
    .option('--method <m>', 'ols, ridge or lasso (alpha by 5-fold CV)', 'ridge')
    .option('--features <list>', 'comma-separated feature names, each optionally as log1p:NAME (default: thesis iteration 7)')
    .option('--label <t>', 'label transform before fitting: identity or log1p', 'identity')
    .option('--seed <s>', 'random seed (corpus, CV folds)', '1')
    .option('--name <name>', 'model name', 'custom')
    .requiredOption('--out <file>', 'model JSON to write')
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o: { data?: string; generated?: string; method: string; features?: string; label: string; seed: string; name: string; out: string; quiet: boolean }) => {
      const { parseFeatureSpec, parseLabelTransform, parseMethod, runFitPredictor } = await import('./fitPredictor');
      const labelTransform = parseLabelTransform(o.label);
      const model = runFitPredictor({
        ...(o.data !== undefined ? { data: o.data } : {}),
        ...(o.generated !== undefined ? { generated: parseCount(o.generated, '--generated', 1_000_000) } : {}),
        method: parseMethod(o.method),
        ...parseFeatureSpec(o.features),
        ...(labelTransform !== 'identity' ? { labelTransform } : {}),
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
    .option('--minutes <m>', 'training time budget in minutes (wall clock: results differ between machines)')
    .option('--env-steps <n>', 'training budget in environment steps (the same seed gives the same model on any machine, per backend)')
    .option('--seed <s>', 'random seed', '1')
    .option('--recipe <name>', 'auto (gpu on a real WebGPU adapter, else fast), fast, gpu or thesis', 'auto')
    .option('--backend <name>', 'wasm, webgpu (Dawn; a GPU, or a software Vulkan driver via VK_ICD_FILENAMES) or cpu', 'wasm')
    .option('--encoding <e>', 'markov (start cell + previous direction) or thesis', 'markov')
    .option('--model <file>', 'difficulty model JSON for the reward (default: the shipped model)')
    .requiredOption('--out <dir>', 'model directory to write (model.json, weights.bin, meta.json, checkpoint/)')
    .option('--resume', 'continue from <out>/checkpoint', false)
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o: { env: string; size: string; minutes?: string; envSteps?: string; seed: string; recipe: string; backend: string; encoding: string; model?: string; out: string; resume: boolean; quiet: boolean }) => {
      if (o.env !== 'sd-pcgrl' && o.env !== 'turtle') throw new CliError(`--env must be sd-pcgrl or turtle, got "${o.env}"`);
      if (o.recipe !== 'auto' && o.recipe !== 'fast' && o.recipe !== 'gpu' && o.recipe !== 'thesis') throw new CliError(`--recipe must be auto, fast, gpu or thesis, got "${o.recipe}"`);
      if (o.backend !== 'wasm' && o.backend !== 'webgpu' && o.backend !== 'cpu') throw new CliError(`--backend must be wasm, webgpu or cpu, got "${o.backend}"`);
      if (o.encoding !== 'markov' && o.encoding !== 'thesis') throw new CliError(`--encoding must be markov or thesis, got "${o.encoding}"`);
      if ((o.minutes === undefined) === (o.envSteps === undefined)) throw new CliError('train needs exactly one budget: --minutes <m> or --env-steps <n>');
      let budget: TrainBudget;
      if (o.minutes !== undefined) {
        const minutes = Number(o.minutes);
        if (!(minutes > 0 && minutes <= 24 * 60)) throw new CliError(`--minutes must be a number above 0 (at most 1440), got "${o.minutes}"`);
        budget = { minutes };
      } else {
        const envSteps = Number(o.envSteps);
        if (!(Number.isSafeInteger(envSteps) && envSteps > 0 && envSteps <= 1e10)) throw new CliError(`--env-steps must be a whole number from 1 to 10000000000, got "${o.envSteps}"`);
        budget = { envSteps };
      }
      const { runTrain } = await import('./train');
      const m = await runTrain({
        env: o.env, ...parseSize(o.size), encoding: o.encoding, model: await loadModel(o.model), budget, seed: parseSeed(o.seed), out: o.out,
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
    .action(async (files: string[], o: { out: string; name?: string }) => {
      const { runMerge } = await import('./merge');
      const r = runMerge(files, o.out, o.name);
      process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates dropped)\n`);
    });

  program
    .command('export')
    .description('write a pack (or level text) for game code: levels JSON, text, an Arduboy C header, a CSV of features, the pack JSON, or the standalone HTML player')
    .argument('<pack>', 'level pack JSON or level text file, or - for standard input')
    .requiredOption('--format <f>', 'json (levels for game code), text, arduboy (C header, 8x8 levels), csv (features and difficulty), pack, or html (the standalone player)')
    .requiredOption('--out <file>', 'file to write, or - for standard output')
    .option('--model <file>', 'difficulty model JSON for json, csv and pack (default: the shipped model)')
    .option('--max-states <n>', 'state cap per level for json, csv and pack', String(DEFAULT_STATE_CAP))
    .action(async (file: string, o: { format: string; out: string; model?: string; maxStates: string }) => {
      const { parseExportFormat, runExport } = await import('./export');
      const format = parseExportFormat(o.format);
      const maxStates = parseCount(o.maxStates, '--max-states', 50_000_000);
      const r = await runExport(file, { format, out: o.out, model: await loadModel(o.model), maxStates }, (l) => process.stderr.write(l + '\n'));
      if (o.out !== '-') process.stderr.write(`wrote ${r.levels} level${r.levels === 1 ? '' : 's'} to ${o.out} (${format})\n`);
    });

  return { program, status };
}

/**
 * Runs one command line (without `node` and the script name) and returns its
 * exit code: 0 done, 1 some levels failed (analyze), 2 bad input (one line
 * on stderr), 3 a target not fully met (generate --target). Output goes to
 * process.stdout / process.stderr; the process's own exit code is left alone,
 * so tests can call it in-process, many times.
 */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    const { program, status } = buildProgram();
    await program.parseAsync([...argv], { from: 'user' });
    return status.code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2; // commander already printed its message
    if (e instanceof CliError) {
      process.stderr.write(`error: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}
