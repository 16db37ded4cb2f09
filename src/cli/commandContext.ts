/**
 * What every command's registration shares (`main.ts` builds it once per
 * command line): the program, the exit status an action may set, and the
 * checks and loaders several commands call. Each loads its module only
 * when it runs, so registering a command costs no engine code.
 */
import type { Command } from 'commander';
import type { DifficultyModel } from '../core/difficulty/model';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { DEFAULT_RULESET_NAME, RULESET_NAMES, type RulesetName } from '../core/rules/ruleset';
import { CliError } from './args';

/** The rulesets as help texts list them, the default first. */
export const RULES_HELP = `${RULESET_NAMES.join(', ')} (default ${DEFAULT_RULESET_NAME})`;

export interface CommandContext {
  readonly program: Command;
  /** The exit code an action asks for (0 unless set). */
  readonly status: { code: number };
  /** The difficulty model for `--model` (the ruleset's shipped one when absent). */
  loadModel(file: string | undefined, rules?: RulesetName): Promise<DifficultyModel>;
  /** A --max-states that may not fit in memory needs --force (memory.ts says how much it may use). */
  checkStateCap(maxStates: number): Promise<void>;
  /** Checks before a run that `--out` can be written (its folder exists, it is not a folder). */
  checkOut(file: string): Promise<void>;
}

export function commandContext(program: Command, status: { code: number }): CommandContext {
  const force = (): boolean => program.opts<{ force?: boolean }>().force === true;
  return {
    program,
    status,
    loadModel: async (file, rules = DEFAULT_RULESET_NAME) => (await import('./modelFile')).loadModel(file, rules),
    checkStateCap: async (maxStates) => {
      if (maxStates <= DEFAULT_STATE_CAP) return;
      (await import('./memory')).checkStateCapMemory(maxStates, force());
    },
    checkOut: async (file) => (await import('./io')).checkOutputFile(file),
  };
}

/** True when `--out` names a level stream rather than a pack. */
export const isStreamOut = (out: string): boolean => out === '-' || /\.(ndjson|jsonl)$/i.test(out);

/** `--format pack|ndjson`, defaulting from the file name; true for a stream. */
export function parseStreamFormat(format: string | undefined, out: string): boolean {
  if (format === undefined) return isStreamOut(out);
  if (format !== 'pack' && format !== 'ndjson') throw new CliError(`--format must be pack or ndjson, got "${format}"`);
  if (format === 'pack' && out === '-') throw new CliError('--format pack needs a file: a pack is written whole (use --format ndjson for standard output)');
  return format === 'ndjson';
}
