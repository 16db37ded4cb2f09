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
    .action((file: string, opts: { maxStates: string }) => {
      const code = runAnalyze(file, { maxStates: parseCount(opts.maxStates, '--max-states', 50_000_000) }, (l) => process.stdout.write(l + '\n'));
      process.exitCode = code;
    });

  const common = (c: Command): Command =>
    c
      .requiredOption('--generator <name>', 'rpu or rsd')
      .requiredOption('--count <n>', 'iterations to run')
      .option('--size <WxH>', 'grid size', '8x8')
      .option('--seed <s>', 'random seed', '1')
      .option('--shard <i/n>', 'run only shard i of n (1-based) of the iterations')
      .option('--quiet', 'no progress on stderr', false);

  type CommonOpts = { generator: string; count: string; size: string; seed: string; shard?: string; quiet: boolean };
  const settings = (o: CommonOpts) => ({
    generator: parseGenerator(o.generator),
    count: parseCount(o.count),
    ...parseSize(o.size),
    seed: parseSeed(o.seed),
    shard: o.shard !== undefined ? parseShard(o.shard) : undefined,
    quiet: o.quiet,
  });

  common(program.command('generate').description('generate levels and write the unique solvable ones as a level pack'))
    .requiredOption('--out <file>', 'pack file to write')
    .action((o: CommonOpts & { out: string }) => {
      const r = runGenerate({ ...settings(o), out: o.out });
      process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.iterations} iterations, ${r.duplicates} duplicates skipped)\n`);
    });

  common(program.command('evaluate').description('the SPEC §8 evaluation report for a generator'))
    .option('--json', 'print one JSON object', false)
    .action((o: CommonOpts & { json: boolean }) => {
      const r = runEvaluate(settings(o));
      process.stdout.write(o.json ? JSON.stringify(r) + '\n' : formatReport(r));
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

export function main(argv: string[]): number {
  try {
    buildProgram().parse(argv, { from: 'user' });
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

process.exitCode = main(process.argv.slice(2));
