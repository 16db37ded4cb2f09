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
import { registerRate } from './rateCommand';
import { registerRepo } from './repoCommands';
import { registerRange } from './rangeCommand';
import { checkGeneratorRules, CliError, parseCount, parseRules, parseGenerator, parseNumber, parsePinsOption, parseSeed, parseShard, parseSize, parseWhole, shardFromEnv } from './args';
import type { TrainBudget } from './train';
import type { RulesetName } from '../core/rules/ruleset';
import type { GenerateAmount } from './generate';
import { DEFAULT_RULESET_NAME, RULESET_NAMES } from '../core/rules/ruleset';
import { rulesetByName } from '../core/rules/registry';
import { RECIPES, type RecipeChoice } from '../ml/recipes';

/** The rulesets as help texts list them, the default first. */
const RULES_HELP = `${RULESET_NAMES.join(', ')} (default ${DEFAULT_RULESET_NAME})`;

/** Evaluations per level `generate --target` may spend by default (the studio's budget). */
const DEFAULT_AT_DIFFICULTY_EVALUATIONS = 20_000;
/** `generate --maximize` budget when --evaluations is not given: enough for the 7x6 ice benchmark (docs/BENCHMARKS.md). */
const DEFAULT_MAXIMIZE_EVALUATIONS = 2_000_000;

/** True when `--out` names a level stream rather than a pack. */
const isStreamOut = (out: string): boolean => out === '-' || /\.(ndjson|jsonl)$/i.test(out);

/** `--format pack|ndjson`, defaulting from the file name; true for a stream. */
function parseStreamFormat(format: string | undefined, out: string): boolean {
  if (format === undefined) return isStreamOut(out);
  if (format !== 'pack' && format !== 'ndjson') throw new CliError(`--format must be pack or ndjson, got "${format}"`);
  if (format === 'pack' && out === '-') throw new CliError('--format pack needs a file: a pack is written whole (use --format ndjson for standard output)');
  return format === 'ndjson';
}

/** The difficulty model for `--model`: the module that reads it is loaded with the command. */
async function loadModel(file: string | undefined, rules: RulesetName = DEFAULT_RULESET_NAME) {
  return (await import('./modelFile')).loadModel(file, rules);
}

/** `--also measure=value[:tolerance]` (the parser is loaded with the command). */
async function parseAlso(text: string) {
  const r = (await import('../core/range/secondTarget')).parseSecondTarget(text);
  if (!r.ok) throw new CliError(`--also ${r.error}, got "${text}"`);
  return r.value;
}

/** Checks before a run that `--out` can be written (its folder exists, it is not a folder). */
async function checkOut(file: string): Promise<void> {
  (await import('./io')).checkOutputFile(file);
}

/**
 * The options of a fit that make the model (what `provenance.command`
 * records): the command line without where it was written (`--out FILE`)
 * and without `--quiet`, `--force` and `--debug`, so the same recipe written
 * to another file gives the same bytes.
 */
export function recipeArgs(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--out') i++;
    else if (a.startsWith('--out=') || a === '--quiet' || a === '--force' || a === '--debug') continue;
    else kept.push(a);
  }
  return kept;
}

/** The header line of an sd-pcgrl shard's stream. */
async function sdShardHeader(shard: { shard: number; shards: number }, run: Record<string, string | number | boolean | null>): Promise<string> {
  return (await import('../core/jobs/levelStream')).formatShardHeader({ shard: { index: shard.shard + 1, count: shard.shards }, run });
}

/** Most difficulty a `--target` may ask for (the thesis's levels stay below a few hundred). */
const MAX_TARGET = 1_000_000;
/** Most levels times temperatures one sd-pcgrl evaluation runs. */
const MAX_SD_RUNS = 10_000_000;

/** The commander program; `status` is the exit code an action asks for (0 unless set). */
function buildProgram(): { program: Command; status: { code: number } } {
  const status = { code: 0 };
  const program = new Command('longcat')
    .description('Longcat Studio: analyse, generate and evaluate Longcat levels')
    .exitOverride()
    // Commander puts "(Did you mean --count?)" on a line of its own: an error stays one line.
    .configureOutput({ writeErr: (s) => process.stderr.write(s.startsWith('error:') ? s.trim().replace(/\s*\n\s*/g, ' ') + '\n' : s) })
    .option('--debug', 'print the stack trace of an internal error (for bug reports)')
    .option('--force', 'write over files the package ships (its models and sources), and analyse past a --max-states that may not fit in memory');
  // Every command's writes follow --force (io.ts holds it for this command line; main resets it).
  program.hook('preAction', async () => {
    (await import('./io')).allowShippedWrites(program.opts<{ force?: boolean }>().force === true);
  });

  /** A --max-states that may not fit in memory needs --force (memory.ts says how much it may use). */
  const checkStateCap = async (maxStates: number): Promise<void> => {
    if (maxStates <= DEFAULT_STATE_CAP) return;
    (await import('./memory')).checkStateCapMemory(maxStates, program.opts<{ force?: boolean }>().force === true);
  };

  program
    .command('analyze')
    .description('print one JSON object per level: classes and every graph feature (text format or pack; - for stdin)')
    .argument('<file>', 'level text file, level pack JSON, or - for standard input')
    .option('--max-states <n>', 'state cap per level', String(DEFAULT_STATE_CAP))
    .option('--model <file>', 'difficulty model JSON (default: the ruleset\'s shipped model)')
    .option('--rules <r>', `ruleset of text input: ${RULES_HELP}; a pack carries its own`)
    .action(async (file: string, opts: { maxStates: string; model?: string; rules?: string }) => {
      const maxStates = parseCount(opts.maxStates, '--max-states', 50_000_000);
      const rules = opts.rules !== undefined ? parseRules(opts.rules) : undefined;
      await checkStateCap(maxStates);
      const model = opts.model !== undefined ? await loadModel(opts.model) : undefined;
      const { runAnalyze } = await import('./analyze');
      status.code = runAnalyze(file, { maxStates, model, rules }, (l) => process.stdout.write(l + '\n'));
    });

  const common = (c: Command): Command =>
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

  type CommonOpts = { rules: string; generator?: string; count?: string; iterations?: string; size: string; seed: string; shard?: string; quiet: boolean; model?: string; rlModel?: string; startCell?: string };
  /** `--shard`, else the Indexed Job's shard from the environment, else none. */
  const shardOf = (o: CommonOpts) => (o.shard !== undefined ? parseShard(o.shard) : shardFromEnv(process.env));
  /** The run's length: --iterations, or --count where it means the same (evaluate, sd-pcgrl). */
  const runLength = (o: CommonOpts): string => {
    if (o.count !== undefined && o.iterations !== undefined) throw new CliError('give --count or --iterations, not both');
    const n = o.iterations ?? o.count;
    if (n === undefined) throw new CliError("required option '--count <n>' or '--iterations <n>' not specified");
    return n;
  };
  const requireGenerator = (o: CommonOpts): string => {
    if (o.generator === undefined) throw new CliError("required option '--generator <name>' not specified (rpu, rsd, sd-pcgrl or turtle)");
    return o.generator;
  };
  /** `--rules`, checked against the generator (one line for a generator the ruleset lacks). */
  const rulesOf = (o: CommonOpts): RulesetName => {
    const rules = parseRules(o.rules);
    if (o.generator !== undefined) checkGeneratorRules(o.generator, rules);
    return rules;
  };
  const settings = async (o: CommonOpts) => ({
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
  const sdSettings = async (o: CommonOpts, temperature: number) => {
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
  const parseTemperature = (text: string): number => parseNumber(text, '--temperature', 0, 1);

  common(program.command('generate').description('generate levels and write the unique solvable ones as a level pack, or as a level stream (NDJSON, no level limit) when --out ends in .ndjson'))
    .requiredOption('--out <file>', 'pack file to write, or a level stream: a file ending in .ndjson or .jsonl, or - for standard output')
    .option('--format <f>', 'pack or ndjson (default: ndjson for .ndjson, .jsonl and -, else pack)')
    .option('--temperature <t>', 'sd-pcgrl: probability of a random legal move instead of the policy\'s best (1 = RSD)', '0.2')
    .option('--target <d>', 'generate at this difficulty instead (solution-down local search); --count is then the number of levels')
    .option('--tolerance <t>', 'with --target: 10% or an absolute 3 (default: the larger of ±10% and ±3)')
    .option('--exclude <pack>', 'with --target: skip levels already in this pack')
    .option('--unique-solution', 'with --target: only levels with exactly one solution path', false)
    .option('--open-cells <min:max>', 'with --target: range of open cells')
    .option('--evaluations <n>', `with --target: search budget per level in evaluated levels (default ${DEFAULT_AT_DIFFICULTY_EVALUATIONS}); with --maximize: levels evaluated in all (default ${DEFAULT_MAXIMIZE_EVALUATIONS}); the same seed gives the same levels on any machine`)
    .option('--maximize <feature>', 'search for the one level with the largest value of this feature (e.g. shortestSolutionLength) among solvable levels with exactly --walls walls; writes a pack of that level')
    .option('--walls <k>', 'with --maximize: the number of wall cells (ice: rocks)')
    .option('--restarts <n>', 'with --maximize: independent annealing runs the budget is split over', '8')
    .option('--time-limit <s>', 'with --target: give up after this many seconds of wall time (an outer cancel: the levels found by then are written, exit 3); default none')
    .option('--pins <file-or-list>', 'cells every level keeps: a file of rows (? free, # wall, . open, C start) or a list x,y=V;... (0-based column, row)')
    .option('--also <measure=value[:tolerance]>', 'with --target: hold a second measure too, e.g. leniency=0.6 (default tolerance: ±0.05 for a share, else the larger of ±10% and ±1)')
    .action(async (o: CommonOpts & { out: string; format?: string; temperature: string; target?: string; tolerance?: string; exclude?: string; uniqueSolution: boolean; openCells?: string; evaluations?: string; timeLimit?: string; pins?: string; maximize?: string; walls?: string; restarts: string; also?: string }) => {
      const pinsOf = async (size: { width: number; height: number }) => {
        if (o.pins === undefined) return undefined;
        const { readInput } = await import('./analyze');
        return parsePinsOption(o.pins, size.width, size.height, (file) => readInput(file, 'a pins file (--pins)'));
      };
      if (o.maximize !== undefined) {
        if (o.target !== undefined) throw new CliError('give --maximize or --target, not both');
        if (o.walls === undefined) throw new CliError("--maximize needs '--walls <k>' (the number of wall cells)");
        if (o.generator !== undefined || o.count !== undefined || o.iterations !== undefined || o.pins !== undefined) throw new CliError('--maximize writes its one best level: leave out --generator, --count, --iterations and --pins');
        const { parseMaximize, runMaximize } = await import('./maximize');
        const size = parseSize(o.size), rules = parseRules(o.rules), feature = parseMaximize(o.maximize);
        const walls = parseWhole(o.walls, '--walls', 0, size.width * size.height);
        const evaluations = parseCount(o.evaluations ?? String(DEFAULT_MAXIMIZE_EVALUATIONS), '--evaluations', 1_000_000_000);
        const restarts = parseCount(o.restarts, '--restarts', 10_000);
        const model = await loadModel(o.model, rules);
        await checkOut(o.out);
        const r = runMaximize({ rules, ...size, walls, feature, seed: parseSeed(o.seed), evaluations, restarts, model, out: o.out }, (line) => process.stderr.write(line + '\n'));
        if (r.value === null) status.code = 3;
        return;
      }
      if (o.target !== undefined) {
        // Every option is checked before the search starts.
        const target = parseNumber(o.target, '--target', 0, MAX_TARGET, `a difficulty from 0 to ${MAX_TARGET}`);
        const size = parseSize(o.size), rules = parseRules(o.rules);
        if (o.uniqueSolution && !rulesetByName(rules).assets.uniqueSolution) throw new CliError(`--unique-solution needs solution paths, which ${rules} does not count (its graph has cycles)`);
        let openCells: { min?: number; max?: number } | undefined;
        if (o.openCells !== undefined) {
          const cells = size.width * size.height - 1;
          const m = /^(\d{0,6}):(\d{0,6})$/.exec(o.openCells.trim());
          const min = m?.[1] ? Number(m[1]) : undefined, max = m?.[2] ? Number(m[2]) : undefined;
          if (!m || (min === undefined && max === undefined) || (min ?? 0) > cells || (max ?? 0) > cells || (min !== undefined && max !== undefined && min > max)) {
            throw new CliError(`--open-cells must look like 20:40, 20: or :40, with min <= max <= ${cells} (the cells of a ${size.width}x${size.height} level but the head), got "${o.openCells}"`);
          }
          openCells = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
        }
        const { parseTolerance, runAtDifficulty } = await import('./atDifficulty');
        if (o.iterations !== undefined) throw new CliError('--target counts levels: use --count, not --iterations');
        if (o.count === undefined) throw new CliError("required option '--count <n>' not specified (the number of levels at the target)");
        const tolerance = parseTolerance(o.tolerance), count = parseCount(o.count, '--count', 10_000), seed = parseSeed(o.seed);
        const evaluations = parseCount(o.evaluations ?? String(DEFAULT_AT_DIFFICULTY_EVALUATIONS), '--evaluations', 100_000_000);
        const timeLimitMs = o.timeLimit === undefined ? Infinity : 1000 * parseNumber(o.timeLimit, '--time-limit', 0.001, 7 * 24 * 3600, 'seconds above 0 (at most a week)');
        const stream = parseStreamFormat(o.format, o.out);
        const also = o.also !== undefined ? await parseAlso(o.also) : undefined;
        const model = await loadModel(o.model, rules);
        const pins = await pinsOf(size);
        if (o.out !== '-') await checkOut(o.out);
        const r = runAtDifficulty({
          rules, ...size, target, tolerance, count, seed, evaluations, timeLimitMs, pins, stream,
          out: o.out, model, exclude: o.exclude, uniqueSolution: o.uniqueSolution, ...(openCells ? { openCells } : {}), ...(also ? { also } : {}),
        });
        // Timings go to stderr only: the file is the same for the same seed on any machine.
        if (!o.quiet) process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.evaluations} evaluations, ${r.seconds.toFixed(2)} s)${r.shortfall ? ` (${r.shortfall})` : ''}\n`);
        else if (r.shortfall) process.stderr.write(`${r.shortfall}\n`);
        if (r.shortfall) status.code = 3;
        return;
      }
      if (o.also !== undefined) throw new CliError('--also goes with --target (a second measure held beside the difficulty)');
      requireGenerator(o);
      rulesOf(o);
      if (o.generator === 'turtle') throw new CliError('turtle is a baseline to evaluate (evaluate --generator turtle), not a level source: it yields almost no solvable levels');
      if (o.generator === 'sd-pcgrl') {
        const temperature = parseTemperature(o.temperature);
        const { generateSdPcgrl } = await import('./sdPcgrl');
        const stream = parseStreamFormat(o.format, o.out);
        const s = await sdSettings(o, temperature);
        const pins = await pinsOf(s);
        if (pins !== undefined && s.startCell !== undefined) throw new CliError('give --pins or --start-cell, not both (pin the start cell with C instead)');
        if (o.out !== '-') await checkOut(o.out);
        const shard = shardOf(o);
        const header = stream && shard ? await sdShardHeader(shard, {
          generator: 'sd-pcgrl', rules: s.rules, size: `${s.width}x${s.height}`, seed: s.seed, levels: parseCount(runLength(o)), temperature,
          rlModel: o.rlModel ?? null, ...(s.startCell !== undefined ? { startCell: s.startCell } : {}), ...(pins !== undefined ? { pins: (await import('../core/generators/pins')).pinsToRows(pins).join('/') } : {}),
        }) : undefined;
        const r = await generateSdPcgrl({ ...s, out: o.out, pins, stream, header });
        if (!o.quiet) process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates skipped${r.pinsMissed > 0 ? `, ${r.pinsMissed} episodes found no walk keeping the pins` : ''}${r.stateCapped > 0 ? `, ${r.stateCapped} passed the state cap and were skipped` : ''})\n`);
        return;
      }
      const generator = parseGenerator(requireGenerator(o));
      if (o.count !== undefined && o.iterations !== undefined) throw new CliError('give --count (levels) or --iterations, not both');
      if (o.count === undefined && o.iterations === undefined) throw new CliError("required option '--count <n>' (levels) or '--iterations <n>' not specified");
      let amount: GenerateAmount;
      if (o.count !== undefined) {
        if (o.shard !== undefined) throw new CliError('--shard splits --iterations: a run that stops at a level count cannot be split');
        const envShard = shardFromEnv(process.env);
        if (envShard !== undefined) throw new CliError(`this is a shard of ${envShard.source}: give --iterations, which shards split, instead of --count`);
        amount = { levels: parseCount(o.count, '--count', 100_000_000) };
      } else amount = { iterations: parseCount(o.iterations!, '--iterations', 10_000_000_000), shard: shardOf(o) };
      const stream = parseStreamFormat(o.format, o.out);
      const rules = rulesOf(o);
      const size = parseSize(o.size), seed = parseSeed(o.seed), model = await loadModel(o.model, rules);
      const pins = await pinsOf(size);
      if (o.out !== '-') await checkOut(o.out);
      const { runGenerate } = await import('./generate');
      const r = runGenerate({ generator, rules, ...size, seed, amount, model, quiet: o.quiet, out: o.out, stream, pins });
      if (o.quiet) {
        if (pins !== undefined && r.shortfall !== null) process.stderr.write(`${r.shortfall}\n`);
      } else {
        const shardNote = 'shard' in amount && amount.shard ? `shard ${amount.shard.shard + 1}/${amount.shard.shards}, ` : '';
        process.stderr.write(`wrote ${r.written} levels to ${o.out} (${shardNote}${r.iterations} iterations, ${r.duplicates} duplicates skipped)${r.shortfall !== null ? ` (${r.shortfall})` : ''}\n`);
      }
      // Pins that leave the run short are the designer's to loosen: say so in the exit status too, as --target does.
      if (pins !== undefined && r.shortfall !== null) status.code = 3;
    });

  common(program.command('evaluate').description('the SPEC §8 evaluation report for a generator'))
    .option('--json', 'print one JSON object (sd-pcgrl: one per temperature)', false)
    .option('--temperatures <list>', 'sd-pcgrl: temperatures as from:to:step or a comma list', '0:1:0.1')
    .option('--out <file.ndjson>', 'rpu and rsd: also write the run\'s unique solvable levels as a level stream (what generate --iterations writes)')
    .option('--targets <list>', 'the hit-rate map of generate at difficulty instead: difficulty targets as from:to:step or a comma list (--count: requests per target, default 10)')
    .option('--also <measure=list>', 'with --targets: a second measure\'s values, e.g. leniency=0.3:0.7:0.1 (one row of cells per value)')
    .option('--evaluations <n>', 'with --targets: search budget per request in evaluated levels', '2000')
    .action(async (o: CommonOpts & { json: boolean; temperatures: string; out?: string; targets?: string; also?: string; evaluations: string }) => {
      if (o.targets !== undefined) {
        const { formatHitRate, parseTargetList, runHitRate } = await import('./hitRate');
        if (o.generator !== undefined || o.out !== undefined || o.iterations !== undefined) throw new CliError('--targets maps generate at difficulty: leave out --generator, --iterations and --out');
        const targets = parseTargetList(o.targets, '--targets', MAX_TARGET);
        let also: { measure: import('../core/range/measures').MeasureName; values: number[] } | undefined;
        if (o.also !== undefined) {
          const m = /^\s*([A-Za-z]+)\s*=(.+)$/.exec(o.also);
          const { isMeasureName } = await import('../core/range/measures');
          if (m === null || !isMeasureName(m[1]!) || m[1] === 'difficulty') throw new CliError(`--also must look like leniency=0.3:0.7:0.1 or leniency=0.3,0.6 (a measure other than difficulty), got "${o.also}"`);
          also = { measure: m[1] as import('../core/range/measures').MeasureName, values: parseTargetList(m[2]!, '--also', 1e9) };
        }
        const rules = parseRules(o.rules), size = parseSize(o.size);
        const settings = {
          rules, ...size, seed: parseSeed(o.seed), model: await loadModel(o.model, rules), targets, also,
          requests: o.count !== undefined ? parseCount(o.count, '--count', 10_000) : 10, evaluations: parseCount(o.evaluations, '--evaluations', 100_000_000),
        };
        const cells = runHitRate(settings, (c) => {
          if (!o.quiet) process.stderr.write(`target ${c.target}${c.second !== null ? `, ${also!.measure} ${c.second}` : ''}: ${c.hits}/${c.requests}\n`);
          if (o.json) process.stdout.write(JSON.stringify(c) + '\n');
        });
        if (!o.json) process.stdout.write(formatHitRate(settings, cells));
        return;
      }
      if (o.also !== undefined) throw new CliError('evaluate --also goes with --targets (the hit-rate map)');
      if (o.out !== undefined && o.generator !== 'rpu' && o.generator !== 'rsd') throw new CliError('--out (a level stream) is for rpu and rsd evaluations; generate writes sd-pcgrl levels');
      if (o.out !== undefined && !isStreamOut(o.out)) throw new CliError(`evaluate --out writes a level stream: name a .ndjson or .jsonl file, got "${o.out}"`);
      if (o.out === '-') throw new CliError('evaluate prints its report on standard output: write the level stream to a file');
      requireGenerator(o);
      rulesOf(o);
      if (o.generator === 'turtle') {
        const size = parseSize(o.size);
        const { evaluateTurtleModel, parseTemperatures } = await import('./sdPcgrl');
        const { formatReport } = await import('./generate');
        const temps = parseTemperatures(o.temperatures === '0:1:0.1' ? '0' : o.temperatures);
        const episodes = parseCount(runLength(o), o.iterations !== undefined ? '--iterations' : '--count', 1_000_000), seed = parseSeed(o.seed), model = await loadModel(o.model);
        if (episodes * temps.length > MAX_SD_RUNS) throw new CliError(`--count ${runLength(o)} times ${temps.length} temperatures is ${episodes * temps.length} episodes; at most ${MAX_SD_RUNS}`);
        for (const t of temps) {
          const r = await evaluateTurtleModel(o.rlModel, { ...size, episodes, seed, temperature: t, model });
          const full = { generator: 'turtle', size: o.size, seed, shard: null, temperature: t, ...r, seconds: 0, levelsPerSecond: 0, cpuSeconds: 0, levelsPerCpuSecond: 0, loadAverage1m: 0, cores: 0 };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${t}\n` + formatReport(full) + '\n');
        }
        return;
      }
      if (o.generator === 'sd-pcgrl') {
        const { evaluateSdPcgrl, parseTemperatures } = await import('./sdPcgrl');
        const { formatReport } = await import('./generate');
        const temps = parseTemperatures(o.temperatures);
        const s = await sdSettings(o, temps[0]!);
        if ((s.to - s.from) * temps.length > MAX_SD_RUNS) {
          throw new CliError(`--count ${runLength(o)} times ${temps.length} temperatures is ${(s.to - s.from) * temps.length} levels; at most ${MAX_SD_RUNS} per run (split it with --shard)`);
        }
        const reports = await evaluateSdPcgrl(s, temps);
        for (const r of reports) {
          const full = { generator: 'sd-pcgrl', ...(s.rules !== DEFAULT_RULESET_NAME ? { rules: s.rules } : {}), size: o.size, seed: parseSeed(o.seed), shard: o.shard ?? null, ...r };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${r.temperature}\n` + formatReport(full) + '\n');
        }
        return;
      }
      const s = await settings(o);
      if (o.out !== undefined) await checkOut(o.out);
      const { formatReport, runEvaluate } = await import('./generate');
      const r = runEvaluate(s, o.out);
      process.stdout.write(o.json ? JSON.stringify(r) + '\n' : formatReport(r));
    });

  program
    .command('fit-predictor')
    .description('fit a difficulty model (standardised linear) on player data or on generated levels')
    .option('--data <file.csv>', 'CSV of level,avgCompletionSeconds (level rows joined by /)')
    .option('--generated <n>', 'fit to the player model over n RSD and n RPU 8x8 iterations (paint: RSD only; plus n/4 RSD 6x6 and 10x10), calibrated to the thesis')
    .option('--rules <r>', `ruleset of the generated levels or the CSV's levels: ${RULES_HELP}`, DEFAULT_RULESET_NAME)
    .option('--method <m>', 'ols, ridge or lasso (alpha by 5-fold CV)', 'ridge')
    .option('--features <list>', 'comma-separated feature names, each optionally as log1p:NAME (default: thesis iteration 7)')
    .option('--label <t>', 'label transform before fitting: identity or log1p', 'identity')
    .option('--calibration <c>', 'with --generated: affine (scale * time + offset) or power (scale * (1 + time)^power, needs --label log1p)', 'affine')
    .option('--seed <s>', 'random seed (corpus, CV folds)', '1')
    .option('--name <name>', 'model name', 'custom')
    .requiredOption('--out <file>', 'model JSON to write')
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o: { rules: string; data?: string; generated?: string; method: string; features?: string; label: string; calibration: string; seed: string; name: string; out: string; quiet: boolean }) => {
      const rules = parseRules(o.rules);
      const { parseCalibration, parseFeatureSpec, parseLabelTransform, parseMethod, runFitPredictor } = await import('./fitPredictor');
      const labelTransform = parseLabelTransform(o.label);
      const calibration = parseCalibration(o.calibration, labelTransform);
      const method = parseMethod(o.method), featureSpec = parseFeatureSpec(o.features), seed = parseSeed(o.seed);
      if (o.name.trim() === '' || o.name.length > 200) throw new CliError(`--name must be 1 to 200 characters, got "${o.name}"`);
      await checkOut(o.out);
      const model = runFitPredictor({
        rules,
        ...(o.data !== undefined ? { data: o.data } : {}),
        ...(o.generated !== undefined ? { generated: parseCount(o.generated, '--generated', 1_000_000) } : {}),
        method,
        ...featureSpec,
        ...(labelTransform !== 'identity' ? { labelTransform } : {}),
        ...(calibration !== 'affine' ? { calibration } : {}),
        seed,
        name: o.name,
        out: o.out,
        command: ['npm run cli -- fit-predictor', ...recipeArgs(process.argv.slice(3))].join(' '),
        quiet: o.quiet,
      });
      const m = model.metrics;
      if (!o.quiet) process.stderr.write(
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
    .option('--recipe <name>', 'auto (gpu on a real WebGPU adapter, else fast), fast, gpu, thesis or small (a smaller network for CPU runs whose update is the cost)', 'auto')
    .option('--backend <name>', 'wasm, webgpu (Dawn; a GPU, or a software Vulkan driver via VK_ICD_FILENAMES) or cpu', 'wasm')
    .option('--encoding <e>', 'markov (start cell + previous direction) or thesis', 'markov')
    .option('--rules <r>', `ruleset the environment carves under: ${RULES_HELP} (sd-pcgrl only)`, DEFAULT_RULESET_NAME)
    .option('--model <file>', 'difficulty model JSON for the reward (default: the ruleset\'s shipped model)')
    .requiredOption('--out <dir>', 'model directory to write (model.json, weights.bin, meta.json, checkpoint/)')
    .option('--resume', 'continue from <out>/checkpoint', false)
    .option('--sweep <file>', 'CSV of runs (header seed,recipe; one row per run): task k of a batch job (--shard k/n or the platform\'s variables) trains row k into <out>/row-<k>, as the single run of that row would')
    .option('--shard <k/n>', 'with --sweep: train row k of n (inside a Kubernetes, AWS Batch or Google Cloud Batch job the platform\'s variables pick it)')
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o: { env: string; size: string; minutes?: string; envSteps?: string; seed: string; recipe: string; backend: string; encoding: string; rules: string; model?: string; out: string; resume: boolean; quiet: boolean; sweep?: string; shard?: string }, cmd: Command) => {
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
      const size = parseSize(o.size), seed = parseSeed(o.seed), model = await loadModel(o.model, rules);
      (await import('./io')).ensureOutputDir(o.out, '--out', ['model.json', 'weights.bin', 'meta.json']);
      const { runTrain } = await import('./train');
      const m = await runTrain({
        env: o.env, ...size, encoding: o.encoding, model, ...(rules !== DEFAULT_RULESET_NAME ? { rules } : {}), budget, seed, out: o.out,
        recipe: o.recipe as RecipeChoice, backend: o.backend, resume: o.resume, quiet: o.quiet,
        // The recipe, not where it was written: a sweep's row records the command of its single run.
        command: [
          'npm run cli -- train', '--env', o.env, '--size', `${size.width}x${size.height}`, '--seed', String(seed), '--recipe', o.recipe, '--backend', o.backend,
          '--encoding', o.encoding, '--rules', rules, ...(o.model !== undefined ? ['--model', o.model] : []),
          ...('minutes' in budget ? ['--minutes', String(budget.minutes)] : ['--env-steps', String(budget.envSteps)]),
        ].join(' '),
      });
      if (!o.quiet) process.stderr.write(`wrote ${o.out}: ${m.episodes} episodes, ${m.updates} updates, greedy test difficulty ${m.testDifficulty?.toFixed(1) ?? '-'}\n`);
    });

  program
    .command('merge')
    .description('merge level packs (e.g. from --shard runs), dropping duplicate levels')
    .argument('<packs...>', 'pack files')
    .requiredOption('--out <file>', 'pack file to write, or a level stream (.ndjson, .jsonl, - for standard output): no level limit, repeats dropped with bounded memory')
    .option('--name <name>', 'name of the merged pack')
    .option('--allow-partial', 'merge shard streams even when a shard is missing or given twice (said on stderr); without it such a set is refused', false)
    .action(async (files: string[], o: { out: string; name?: string; allowPartial: boolean }) => {
      if (files.length > 10_000) throw new CliError(`merge takes at most 10000 packs, got ${files.length}`);
      if (o.out !== '-') await checkOut(o.out);
      const { runMerge, runMergeStreams } = await import('./merge');
      const { isStreamFile } = await import('./stream');
      if (isStreamOut(o.out)) {
        if (o.name !== undefined) throw new CliError('--name names a pack; a level stream has no name');
        const r = runMergeStreams(files, o.out, o.allowPartial);
        process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates dropped${r.partial.length > 0 ? '; PARTIAL: shards missing or repeated, see above' : ''})\n`);
        return;
      }
      const streamIn = files.find((f) => isStreamFile(f));
      if (streamIn !== undefined) throw new CliError(`${streamIn} is a level stream: merge into a stream (--out merged.ndjson), which has no level limit`);
      const r = runMerge(files, o.out, o.name);
      process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates dropped)\n`);
    });

  program
    .command('export')
    .description('write a pack (or level text) for game code: levels JSON, text, an Arduboy C header (Longcat 8x8 only), a CSV of features, the pack JSON, or the standalone HTML player')
    .argument('<pack>', 'level pack JSON or level text file, or - for standard input')
    .requiredOption('--format <f>', 'json (levels for game code), text, arduboy (C header, Longcat 8x8 levels only), csv (features and difficulty), pack, or html (the standalone player)')
    .requiredOption('--out <file>', 'file to write, or - for standard output')
    .option('--model <file>', 'difficulty model JSON for json, csv and pack (default: the ruleset\'s shipped model)')
    .option('--max-states <n>', 'state cap per level for json, csv and pack', String(DEFAULT_STATE_CAP))
    .option('--hints', 'json only: add per level a shortest solution and the next move from every winnable state')
    .option('--only-fitting', 'write only the levels the format can hold (arduboy: 8x8, at most 255) and say how many were left out')
    .option('--rules <r>', `ruleset of level text: ${RULES_HELP}; a pack carries its own`)
    .action(async (file: string, o: { format: string; out: string; model?: string; maxStates: string; hints?: boolean; onlyFitting?: boolean; rules?: string }) => {
      const { parseExportFormat, runExport } = await import('./export');
      const format = parseExportFormat(o.format);
      if (o.hints === true && format !== 'json') throw new CliError('--hints goes with --format json (the levels JSON for game code)');
      const rules = o.rules !== undefined ? parseRules(o.rules) : undefined;
      const maxStates = parseCount(o.maxStates, '--max-states', 50_000_000);
      await checkStateCap(maxStates);
      const model = o.model !== undefined ? await loadModel(o.model) : undefined;
      const r = await runExport(file, { format, out: o.out, model, maxStates, rules, hints: o.hints === true, onlyFitting: o.onlyFitting === true }, (l) => process.stderr.write(l + '\n'));
      if (o.out !== '-') process.stderr.write(`wrote ${r.levels} level${r.levels === 1 ? '' : 's'} to ${o.out} (${format})\n`);
    });

  registerRate(program, status, loadModel);
  registerRepo(program, status, loadModel);
  registerRange(program, loadModel);

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
  const debug = argv.includes('--debug');
  try {
    const { program, status } = buildProgram();
    await program.parseAsync([...argv], { from: 'user' });
    return status.code;
  } catch (e) {
    return reportError(e, debug);
  } finally {
    if (argv.includes('--force')) (await import('./io')).allowShippedWrites(false);
  }
}

/** Exit code of an internal error: a bug, or a failure we did not foresee (EX_SOFTWARE). */
export const INTERNAL_ERROR_EXIT = 70;

/**
 * Ends a command that threw: one line on stderr and an exit code. A
 * {@link CliError} is the user's to fix (its own code); a model that would
 * not load again is refused (2); anything else is an internal error (70),
 * still one line, with the stack only under `--debug`.
 */
export function reportError(e: unknown, debug: boolean): number {
  if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2; // commander already printed its message
  const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ').trim();
  if (e instanceof CliError) {
    if (e.exitCode === 0) return 0; // the reader of standard output went away: nothing to say
    process.stderr.write(`error: ${oneLine(e.message)}\n`);
    return e.exitCode;
  }
  if (e instanceof Error && e.name === 'InvalidModelError') {
    process.stderr.write(`error: ${oneLine(e.message)}\n`);
    return 2;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (debug && e instanceof Error && e.stack !== undefined) process.stderr.write(e.stack + '\n');
  process.stderr.write(`error: internal error: ${oneLine(message).slice(0, 500) || 'unknown'}${debug ? '' : ' (run again with --debug for the details)'}\n`);
  return INTERNAL_ERROR_EXIT;
}
