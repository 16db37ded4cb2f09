/**
 * The CLI's parsers for generator options: they need the generator and
 * ruleset registries (and the pins format), which only the generating
 * commands load.
 */
import { GENERATOR_NAMES, isGeneratorName, type GeneratorName } from '../core/generators/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { rulesetByName } from '../core/rules/registry';
import { parsePinList, parsePinRows, pinsSizeProblem, type CellPins } from '../core/generators/pins';
import { CliError } from './args';

/** Refuses a generator the ruleset has no version of, in one line (RPU's stop rules and the Turtle environment are Longcat's). */
export function checkGeneratorRules(generator: string, rules: RulesetName): void {
  const assets = rulesetByName(rules).assets;
  if ((generator === 'rpu' && !assets.generators.includes('rpu')) || (generator === 'turtle' && !assets.turtle)) {
    throw new CliError(`--generator ${generator} is Longcat's only; under --rules ${rules} use ${[...assets.generators, 'sd-pcgrl'].join(' or ')}`);
  }
}

/** rpu or rsd (sd-pcgrl is dispatched before this: it needs a trained model). */
export function parseGenerator(text: string): GeneratorName {
  if (!isGeneratorName(text)) throw new CliError(`--generator must be one of ${[...GENERATOR_NAMES, 'sd-pcgrl', 'turtle'].join(', ')}, got "${text}"`);
  return text;
}

/**
 * `--pins`: a list `x,y=V;...` (0-based column and row, V one of `#` wall,
 * `.` open, `C` start) when the text has an `=`, else a file of pin rows
 * (`?` free, `#`, `.`, `C`; `; comment` lines skipped) read by `read`.
 * Checked against the level size; impossible pins (two starts, open cells
 * cut apart by pinned walls) are refused here, before any work.
 */
export function parsePinsOption(text: string, width: number, height: number, read: (file: string) => string): CellPins {
  const r = text.includes('=') ? parsePinList(text, width, height) : parsePinRows(read(text).split('\n'));
  if (!r.ok) throw new CliError(`--pins: ${r.error}`);
  const size = pinsSizeProblem(r.value, width, height);
  if (size !== null) throw new CliError(`--pins: ${size} (--size)`);
  return r.value;
}
