/**
 * The recipe of the shipped default difficulty model (SPEC §5): ridge over the
 * thesis's iteration-7 features, fitted to the player model's expected solve
 * time over generated levels, calibrated to the thesis's RSD 8x8 quantiles.
 * `buildModelFromGenerated` is what `fit-predictor --generated` runs; the
 * shipped file is reproducible from the command recorded in it. Paint's
 * default (SPEC §12) is the same recipe on paint's own random solution-down
 * output (RPU is Longcat's only), calibrated to the same quantiles.
 */
import { createRng } from '../util/rng';
import { calibrateToThesis, fitModel, type Calibration } from './calibrate';
import { generatedCorpus, playerModelTime, type CorpusEntry, type CorpusSpec } from './corpus';
import type { DifficultyModel, FeatureName, FeatureTransform, FitMethod } from './model';
import type { RulesetName } from '../rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';
import { rulesetByName } from '../rules/registry';

/** Thesis Table 4.1, iteration 7. */
export const ITERATION_7_FEATURES: readonly FeatureName[] = ['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches'];

/** The settings that build a model from generated levels ({@link buildModelFromGenerated}); the same recipe and seed give the same model. */
export interface GeneratedRecipe {
  readonly name: string;
  /** The ruleset the levels are generated and analysed under (default Longcat). */
  readonly rules?: RulesetName;
  /** RSD (and, for Longcat, RPU) iterations on 8x8, and a quarter as many RSD on 6x6 and 10x10. */
  readonly iterations: number;
  readonly seed: number;
  readonly method: FitMethod;
  readonly features: readonly FeatureName[];
  /** One per feature (absent: as is). */
  readonly transforms?: readonly FeatureTransform[];
  /** The label's transform before fitting (default identity). */
  readonly labelTransform?: DifficultyModel['label']['transform'];
  /** The calibration's form (default affine; power needs the log1p label). */
  readonly calibration?: Calibration;
  readonly command: string;
}

/** The label of models built from generated levels, in words (written into the model file). */
export const LABEL_DESCRIPTION =
  'random player model expected solve time: expectedMoves + expectedDecisions (one time unit per move, one more per decision), ' +
  'mapped to seconds by scale * y + offset calibrated so unique RSD 8x8 levels match the thesis (91% below 20, 4% above 30)';

/** The label description when the model is fitted to log(1 + time). */
export const LOG_LABEL_DESCRIPTION =
  'random player model expected solve time: expectedMoves + expectedDecisions (one time unit per move, one more per decision), ' +
  'fitted as ln(1 + time); mapped to seconds by scale * time + offset calibrated so unique RSD 8x8 levels match the thesis (91% below 20, 4% above 30)';

/** The label description of a log-label model with a power calibration. */
export const POWER_LABEL_DESCRIPTION =
  'random player model expected solve time: expectedMoves + expectedDecisions (one time unit per move, one more per decision), ' +
  'fitted as ln(1 + time); mapped to seconds by scale * (1 + time)^power calibrated so unique RSD 8x8 levels match the thesis (91% below 20, 4% above 30)';

/**
 * The corpus of the recipe: `iterations` of RSD and of RPU on 8x8, and a
 * quarter as many RSD on 6x6 and on 10x10; RPU only where the ruleset's
 * corpus takes it (`assets.corpusGenerators`: paint's and ice's are the
 * three RSD runs).
 */
export function corpusSpecs(iterations: number, rules: RulesetName = DEFAULT_RULESET_NAME): CorpusSpec[] {
  const quarter = Math.max(1, Math.floor(iterations / 4));
  return [
    { generator: 'rsd', width: 8, height: 8, iterations },
    ...(rulesetByName(rules).assets.corpusGenerators.includes('rpu') ? [{ generator: 'rpu' as const, width: 8, height: 8, iterations }] : []),
    { generator: 'rsd', width: 6, height: 6, iterations: quarter },
    { generator: 'rsd', width: 10, height: 10, iterations: quarter },
  ];
}

/** Fits and calibrates a model on generated levels. Deterministic for a recipe (except `createdAt`). */
export function buildModelFromGenerated(recipe: GeneratedRecipe, createdAt: string, onProgress?: (done: number, total: number) => void): DifficultyModel {
  const rules = recipe.rules ?? DEFAULT_RULESET_NAME;
  return buildModelFromCorpus(recipe, generatedCorpus(corpusSpecs(recipe.iterations, rules), recipe.seed, onProgress, rules), createdAt);
}

/**
 * {@link buildModelFromGenerated} on a corpus already built with
 * `generatedCorpus(corpusSpecs(recipe.iterations, rules), recipe.seed, undefined, rules)`: recipes
 * that share iterations and seed can share one corpus (the corpus is the
 * slow part).
 */
export function buildModelFromCorpus(recipe: GeneratedRecipe, corpus: readonly CorpusEntry[], createdAt: string): DifficultyModel {
  const rules = recipe.rules ?? DEFAULT_RULESET_NAME;
  const specs = corpusSpecs(recipe.iterations, rules);
  const calibrationSet = corpus.filter((e) => e.generator === 'rsd' && e.key.startsWith('8x8:')).map((e) => e.features);
  const counts = (g: string, size: string): number => corpus.filter((e) => e.generator === g && e.key.startsWith(size)).length;
  const { model } = fitModel(
    {
      name: recipe.name,
      features: recipe.features,
      ...(recipe.transforms !== undefined ? { transforms: recipe.transforms } : {}),
      ...(recipe.labelTransform !== undefined ? { labelTransform: recipe.labelTransform } : {}),
      method: recipe.method,
      samples: corpus.map((e) => e.features),
      labels: corpus.map((e) => playerModelTime(e.features)),
      labelDescription: recipe.calibration === 'power' ? POWER_LABEL_DESCRIPTION : recipe.labelTransform === 'log1p' ? LOG_LABEL_DESCRIPTION : LABEL_DESCRIPTION,
      provenance: {
        summary:
          `No player data: fitted (${recipe.method}, alpha by 5-fold CV) to the random player model's expected solve time` +
          `${recipe.labelTransform === 'log1p' ? ' (as ln(1 + time))' : ''}` +
          `${recipe.transforms?.some((t) => t !== 'identity') ? ` from ${recipe.features.map((f, i) => (recipe.transforms![i] === 'log1p' ? `ln(1 + ${f})` : f)).join(', ')}` : ''} over ` +
          `${corpus.length} unique generated ${rules === DEFAULT_RULESET_NAME ? '' : `${rules} `}levels (RSD 8x8: ${counts('rsd', '8x8:')}, ${specs.some((s) => s.generator === 'rpu') ? `RPU 8x8: ${counts('rpu', '8x8:')}, ` : ''}` +
          `RSD 6x6: ${counts('rsd', '6x6:')}, RSD 10x10: ${counts('rsd', '10x10:')}), seed ${recipe.seed}; ` +
          `time scale calibrated so RSD 8x8 matches the thesis (91% below 20, 4% above 30).`,
        command: recipe.command,
        seed: recipe.seed,
        data: `generated: ${specs.map((s) => `${s.generator} ${s.width}x${s.height} x${s.iterations}`).join(', ')}`,
        createdAt,
      },
    },
    createRng(recipe.seed),
  );
  return calibrateToThesis(model, calibrationSet, recipe.calibration ?? 'affine');
}
