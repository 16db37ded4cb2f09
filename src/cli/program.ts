/**
 * The command line's program for a table of commands: commander set up as
 * every `longcat` command line has it, with only the commands the line
 * needs registered, and one line on stderr for whatever a command throws.
 * `main.ts` runs it with every command; `analyzeOnly.ts` (the bundle that
 * `longcat analyze` starts, for its start time) with analyze's alone.
 */
import { Command, CommanderError } from 'commander';
import { CliError } from './args';
import { commandContext, type CommandContext } from './commandContext';

export type Register = (ctx: CommandContext) => void;

/** A module of commands: the names it registers and how to load it. */
export interface CommandModule {
  readonly names: readonly string[];
  readonly load: () => Promise<Register>;
}

/** The program's own options, which take no value: what may come before the command's name. */
const PROGRAM_FLAGS = new Set(['--debug', '--force']);

/**
 * The commands to register for a command line: only the named command's
 * module when the line starts with it (after --debug or --force), else all
 * (`--help`, `help`, no command, an unknown or misspelt one: commander
 * lists or suggests every command).
 */
export function commandsFor(argv: readonly string[], commands: readonly CommandModule[]): CommandModule[] {
  const first = argv.findIndex((a) => !PROGRAM_FLAGS.has(a));
  const name = first < 0 ? undefined : argv[first];
  const one = commands.find((c) => name !== undefined && c.names.includes(name));
  return one !== undefined ? [one] : [...commands];
}

/** The commander program for `argv`; `status` is the exit code an action asks for (0 unless set). */
async function buildProgram(argv: readonly string[], commands: readonly CommandModule[]): Promise<{ program: Command; status: { code: number } }> {
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
  const ctx = commandContext(program, status);
  const registers = await Promise.all(commandsFor(argv, commands).map((c) => c.load()));
  for (const register of registers) register(ctx);
  return { program, status };
}

/**
 * Runs one command line (without `node` and the script name) and returns its
 * exit code: 0 done, 1 some levels failed (analyze), 2 bad input (one line
 * on stderr), 3 a target not fully met (generate --target). Output goes to
 * process.stdout / process.stderr; the process's own exit code is left alone,
 * so tests can call it in-process, many times.
 */
export async function runProgram(argv: readonly string[], commands: readonly CommandModule[]): Promise<number> {
  const debug = argv.includes('--debug');
  try {
    const { program, status } = await buildProgram(argv, commands);
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
