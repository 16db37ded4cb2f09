/** `analyze FILE|-`: one JSON line per level with its classes and every SPEC §4 feature. */
import { describeParseError, parseLevels } from '../core/level/format';
import type { Level } from '../core/level/level';
import { Analyzer } from '../core/graph/analyze';
import { importPack } from '../core/pack/pack';
import { CliError, listProblems } from './args';
import { readText, READ_LIMITS } from './io';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { defaultModelFor } from '../core/difficulty/defaultModel';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** A level file or pack (`-` for standard input), at most 20 MiB, read without trusting its size. */
export function readInput(file: string, what = 'a level file or pack'): string {
  return readText(file, what, READ_LIMITS.levels);
}

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

/** Levels from the text format or a level pack (detected by a leading `{`), with their ruleset (see {@link inputRules}). */
export function loadRuledLevels(text: string, file: string, rules?: RulesetName): { levels: Level[]; rules: RulesetName } {
  if (text.trimStart().startsWith('{')) {
    const r = importPack(text);
    if (!r.ok) {
      throw new CliError(`${file === '-' ? 'standard input' : file} is not a valid level pack: ${listProblems(r.error)}`);
    }
    return { levels: r.value.levels, rules: inputRules(file, r.value.pack.rules, rules) };
  }
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

/** Levels from the text format or a level pack (detected by a leading `{`). */
export function loadLevels(text: string, file: string): Level[] {
  return loadRuledLevels(text, file).levels;
}

/** JSON has no Infinity: infinite values (unsolvable levels) are written as null. */
const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** `rules`: `--rules` as given (text input; a pack's own rules win, a contradicting flag is refused); `model` picks the ruleset's default when absent. */
export function runAnalyze(
  file: string,
  options: { maxStates: number; model?: DifficultyModel | undefined; rules?: RulesetName | undefined },
  write: (line: string) => void,
): number {
  const { levels, rules } = loadRuledLevels(readInput(file), file, options.rules);
  const model = options.model ?? defaultModelFor(rules);
  const ruleset = rulesetByName(rules);
  const analyzer = new Analyzer();
  let failures = 0;
  levels.forEach((level, i) => {
    const base = { name: level.name ?? `level-${i + 1}`, width: level.width, height: level.height };
    const r = analyzer.analyze(level, { maxStates: options.maxStates, rules: ruleset });
    if (!r.ok) {
      failures++;
      process.stderr.write(`${base.name}: ${r.error.message}\n`);
      write(JSON.stringify({ ...base, error: r.error.message, statesExplored: r.error.statesExplored }));
      return;
    }
    const features = Object.fromEntries(Object.entries(r.value.features).map(([k, v]) => [k, finiteOrNull(v)]));
    const difficulty = r.value.features.nSolutions > 0 ? predictDifficulty(model, r.value.features) : null;
    write(JSON.stringify({ ...base, ...(rules !== DEFAULT_RULESET_NAME ? { rules } : {}), classes: r.value.counts, ...features, difficulty }));
  });
  return failures === 0 ? 0 : 1;
}
