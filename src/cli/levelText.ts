/**
 * Reading the levels a command is given, the part that needs no schemas:
 * the input itself (a file or standard input, size-capped), the ruleset it
 * is read under, and level text. Packs (JSON, read through their schema)
 * are `analyze.ts`'s {@link loadRuledLevels}; `analyze` of level text loads
 * only this module, so it starts without zod.
 */
import { describeParseError, parseLevels } from '../core/level/format';
import type { Level } from '../core/level/level';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { CliError } from './args';
import { readText, READ_LIMITS } from './io';

/** A level file or pack (`-` for standard input), at most 20 MiB, read without trusting its size. */
export function readInput(file: string, what = 'a level file or pack'): string {
  return readText(file, what, READ_LIMITS.levels);
}

/** True when the input is a level pack (JSON, a leading `{`) rather than level text. */
export const isPackText = (text: string): boolean => text.trimStart().startsWith('{');

/**
 * The ruleset of an input: a pack's own `rules`, or `--rules` for text
 * (default Longcat). A `--rules` that contradicts a pack is refused.
 */
export function inputRules(file: string, packRules: RulesetName | null, flag: RulesetName | undefined): RulesetName {
  if (packRules === null) return flag ?? DEFAULT_RULESET_NAME;
  if (flag !== undefined && flag !== packRules) {
    throw new CliError(`${file === '-' ? 'standard input' : file} is a ${packRules} pack but --rules says ${flag}; a pack carries its rules, so leave --rules out`);
  }
  return packRules;
}

/** Levels of level text, each checked against its ruleset (`--rules`, default Longcat). */
export function loadTextLevels(text: string, file: string, rules?: RulesetName): { levels: Level[]; rules: RulesetName } {
  const r = parseLevels(text);
  if (!r.ok) throw new CliError(`${file}: ${describeParseError(r.error)}`);
  if (r.value.length === 0) throw new CliError(`${file} holds no levels`);
  const ruled = inputRules(file, null, rules);
  const ruleset = rulesetByName(ruled);
  r.value.forEach((level, i) => {
    const problem = ruleset.levelProblem(level);
    if (problem !== null) throw new CliError(`${file}: level ${i + 1}${level.name !== undefined ? ` ("${level.name}")` : ''} is not a ${ruleset.title} level: ${problem}${rules === undefined ? ` (text is read as ${ruleset.title} unless --rules says otherwise)` : ''}`);
  });
  return { levels: r.value, rules: ruled };
}
