/**
 * `analyze FILE|-`: one JSON line per level with its classes and every
 * SPEC §4 feature. Level text takes the light path (no schemas: see
 * `levelText.ts` and {@link builtInModel}); a pack loads its reader.
 */
import type { Level } from '../core/level/level';
import { Analyzer } from '../core/graph/analyze';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { isPackText, loadTextLevels, readInput } from './levelText';

/**
 * The ruleset's shipped difficulty model as the build holds it, not read
 * through the model schema: the file is part of the build, and
 * `analyzeRun.test.ts` checks that this is exactly what
 * `defaultModelFor` (which validates it) gives, for every ruleset.
 */
export function builtInModel(rules: RulesetName): DifficultyModel {
  return rulesetByName(rules).assets.difficultyModel.data as DifficultyModel;
}

/** JSON has no Infinity: infinite values (unsolvable levels) are written as null. */
const finiteOrNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** `rules`: `--rules` as given (text input; a pack's own rules win, a contradicting flag is refused); `model` picks the ruleset's default when absent. */
export async function runAnalyze(
  file: string,
  options: { maxStates: number; model?: DifficultyModel | undefined; rules?: RulesetName | undefined },
  write: (line: string) => void,
): Promise<number> {
  const text = readInput(file);
  const { levels, rules }: { levels: Level[]; rules: RulesetName } = isPackText(text)
    ? (await import('./analyze')).loadRuledLevels(text, file, options.rules)
    : loadTextLevels(text, file, options.rules);
  const model = options.model ?? builtInModel(rules);
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
