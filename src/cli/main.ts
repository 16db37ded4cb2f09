/**
 * Longcat Studio command line: the same core as the studio, headless.
 * Errors end with one clear line on stderr and a non-zero exit.
 *
 * Start-up time matters (a one-level `analyze` aims at 1.5x Node's own
 * start, docs/BENCHMARKS.md): this file holds the command table only (the
 * program is `program.ts`; `analyze` starts from its own bundle,
 * `analyzeOnly.ts`, with the same program and its module alone). Each
 * command's options are in its own module (`analyzeCommand.ts`, ...),
 * registered only for the command being run (all of them for help and for
 * a name that is not a command), and each action imports its work when it
 * runs, so `analyze` of level text loads no schemas (zod), no generators
 * and no tfjs. Keep command modules out of the static imports.
 */
import { commandsFor as commandsOf, runProgram, type CommandModule } from './program';

export { INTERNAL_ERROR_EXIT, reportError } from './program';

/**
 * Every command, in the order help lists them: the names a module
 * registers and how to load it. A command a module adds but this table does
 * not name still works (the program then registers every module).
 */
const COMMANDS: readonly CommandModule[] = [
  { names: ['analyze'], load: async () => (await import('./analyzeCommand')).registerAnalyze },
  { names: ['generate'], load: async () => (await import('./generateCommand')).registerGenerate },
  { names: ['evaluate'], load: async () => (await import('./evaluateCommand')).registerEvaluate },
  { names: ['fit-predictor'], load: async () => (await import('./fitPredictorCommand')).registerFitPredictor },
  { names: ['train'], load: async () => (await import('./trainCommand')).registerTrain },
  { names: ['merge'], load: async () => (await import('./mergeCommand')).registerMerge },
  { names: ['export'], load: async () => (await import('./exportCommand')).registerExport },
  { names: ['rate'], load: async () => { const { registerRate } = await import('./rateCommand'); return (c) => registerRate(c.program, c.status, c.loadModel); } },
  { names: ['diff', 'merge-driver', 'lint', 'format'], load: async () => { const { registerRepo } = await import('./repoCommands'); return (c) => registerRepo(c.program, c.status, c.loadModel); } },
  { names: ['range'], load: async () => { const { registerRange } = await import('./rangeCommand'); return (c) => registerRange(c.program, c.loadModel); } },
];

/** Every command's name, in the order help lists them. */
export const commandNames = (): string[] => COMMANDS.flatMap((c) => c.names);

/**
 * The commands to register for a command line: only the named command's
 * module when the line starts with it (after --debug or --force), else all
 * (`--help`, `help`, no command, an unknown or misspelt one: commander
 * lists or suggests every command).
 */
export const commandsFor = (argv: readonly string[]): CommandModule[] => commandsOf(argv, COMMANDS);

/**
 * Runs one command line (without `node` and the script name) and returns its
 * exit code: 0 done, 1 some levels failed (analyze), 2 bad input (one line
 * on stderr), 3 a target not fully met (generate --target). Output goes to
 * process.stdout / process.stderr; the process's own exit code is left alone,
 * so tests can call it in-process, many times.
 */
export const main = (argv: readonly string[]): Promise<number> => runProgram(argv, COMMANDS);
