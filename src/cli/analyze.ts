/**
 * The levels a command reads: level text or a level pack (`-` for standard
 * input). The text part needs no schemas and is in `levelText.ts`; this
 * module adds packs (read through their schema).
 */
import type { Level } from '../core/level/level';
import { importPack } from '../core/pack/pack';
import type { RulesetName } from '../core/rules/ruleset';
import { CliError, listProblems } from './args';
import { inputRules, isPackText, loadTextLevels } from './levelText';

export { inputRules, readInput } from './levelText';

/** Levels from the text format or a level pack (detected by a leading `{`), with their ruleset (see {@link inputRules}). */
export function loadRuledLevels(text: string, file: string, rules?: RulesetName): { levels: Level[]; rules: RulesetName } {
  if (!isPackText(text)) return loadTextLevels(text, file, rules);
  const r = importPack(text);
  if (!r.ok) {
    throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level pack: ${listProblems(r.error)}`);
  }
  return { levels: r.value.levels, rules: inputRules(file, r.value.pack.rules, rules) };
}

/** Levels from the text format or a level pack (detected by a leading `{`). */
export function loadLevels(text: string, file: string): Level[] {
  return loadRuledLevels(text, file).levels;
}
