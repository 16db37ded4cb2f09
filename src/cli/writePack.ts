/**
 * Writes a level pack after reading it back with the importer the studio
 * and `analyze` use: a pack that would not load (an id over 100 characters,
 * more than 10,000 levels, a non-finite number) is refused with the
 * problems, and nothing is written.
 */
import { createPack, exportPack, importPack } from '../core/pack/pack';
import type { PackLevel } from '../core/pack/schema';
import { CliError, listProblems } from './args';
import { writeOutput } from './io';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** `rules`: the pack's ruleset (default Longcat). */
export function writePack(out: string, name: string, levels: PackLevel[], rules: RulesetName = DEFAULT_RULESET_NAME): void {
  const text = exportPack(createPack(name, levels, { rules }));
  const check = importPack(text);
  if (!check.ok) throw new CliError(`the pack for ${out} would not load again, so nothing was written: ${listProblems(check.error)}`);
  writeOutput(out, text);
}
