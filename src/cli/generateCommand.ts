/** `longcat generate`: its options and how they pick the generator; each generator's work is loaded when it runs. */
import { rulesetByName } from '../core/rules/registry';
import { CliError, parseCount, parseNumber, parseRules, parseSeed, parseSize, parseWhole, shardFromEnv } from './args';
import { parseStreamFormat, type CommandContext } from './commandContext';
import type { GenerateAmount } from './generate';
import { parseGenerator, parsePinsOption } from './generatorArgs';
import { common, MAX_TARGET, parseTemperature, requireGenerator, rulesOf, runLength, sdSettings, shardOf, type CommonOpts } from './generatorOptions';

/** Evaluations per level `generate --target` may spend by default (the studio's budget). */
const DEFAULT_AT_DIFFICULTY_EVALUATIONS = 20_000;
/** `generate --maximize` budget when --evaluations is not given: enough for the 7x6 ice benchmark (docs/BENCHMARKS.md). */
const DEFAULT_MAXIMIZE_EVALUATIONS = 2_000_000;

/** `--also measure=value[:tolerance]` (the parser is loaded with the command). */
async function parseAlso(text: string) {
  const r = (await import('../core/range/secondTarget')).parseSecondTarget(text);
  if (!r.ok) throw new CliError(`--also ${r.error}, got "${text}"`);
  return r.value;
}

/** The header line of an sd-pcgrl shard's stream. */
async function sdShardHeader(shard: { shard: number; shards: number }, run: Record<string, string | number | boolean | null>): Promise<string> {
  return (await import('../core/jobs/levelStream')).formatShardHeader({ shard: { index: shard.shard + 1, count: shard.shards }, run });
}

export function registerGenerate({ program, status, loadModel, checkOut }: CommandContext): void {
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
        const s = await sdSettings(o, temperature, loadModel);
        const pins = await pinsOf(s);
        if (pins !== undefined && s.startCell !== undefined) throw new CliError('give --pins or --start-cell, not both (pin the start cell with C instead)');
        if (o.out !== '-') await checkOut(o.out);
        const shard = shardOf(o);
        const header = shard ? await sdShardHeader(shard, {
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
}
