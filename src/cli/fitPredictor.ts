/** `fit-predictor`: fit a difficulty model on a CSV of player data or on generated levels. */
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { Analyzer } from '../core/graph/analyze';
import { FEATURE_NAMES, type LevelFeatures } from '../core/graph/features';
import { CALIBRATIONS, fitModel, type Calibration } from '../core/difficulty/calibrate';
import { parseCompletionCsv } from '../core/difficulty/csv';
import { FIT_METHODS, LABEL_TRANSFORMS, validateDifficultyModel, type DifficultyModel, type FeatureName, type FeatureTransform, type FitMethod } from '../core/difficulty/model';
import { buildModelFromCorpus, corpusSpecs, ITERATION_7_FEATURES } from '../core/difficulty/recipe';
import { createRng } from '../core/util/rng';
import { CliError, listProblems, MAX_LISTED_PROBLEMS } from './args';
import { readText, READ_LIMITS, writeOutput } from './io';
import { Progress } from './progress';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { cachedCorpus, CORPUS_CACHE_ENV } from './corpusCache';

export function parseMethod(text: string): FitMethod {
  if (!(FIT_METHODS as readonly string[]).includes(text)) throw new CliError(`--method must be one of ${FIT_METHODS.join(', ')}, got "${text}"`);
  return text as FitMethod;
}

export function parseFeatures(text: string | undefined): FeatureName[] {
  if (text === undefined) return [...ITERATION_7_FEATURES];
  const names = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !(FEATURE_NAMES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new CliError(`--features: unknown ${unknown.join(', ') || '(empty list)'}; choose from ${FEATURE_NAMES.join(', ')}`);
  }
  if (names.some((n) => n === 'expectedMoves' || n === 'expectedDecisions')) {
    process.stderr.write('note: expectedMoves/expectedDecisions are infinite on unsolvable levels; such rows are skipped\n');
  }
  return names as FeatureName[];
}

/** Fewest `--generated` iterations: calibration needs 100 unique RSD 8x8 levels (about 93% of iterations give one). */
export const MIN_GENERATED = 200;

/** Skipped CSV rows, one line each, at most {@link MAX_LISTED_PROBLEMS} of them, then how many more. */
function reportSkipped(file: string, skipped: readonly { line: number; message: string }[]): void {
  for (const p of skipped.slice(0, MAX_LISTED_PROBLEMS)) process.stderr.write(`${file}:${p.line}: skipped: ${p.message}\n`);
  if (skipped.length > MAX_LISTED_PROBLEMS) process.stderr.write(`${file}: and ${skipped.length - MAX_LISTED_PROBLEMS} more rows skipped\n`);
}

/** Runs a fitting step; its refusals (too few levels, features that do not separate levels) become one clear line. */
function fitting<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`${what}: ${(e as Error).message}`);
  }
}

/**
 * `--features` with optional transforms: `log1p:expectedMoves,nSolutions`.
 * `transforms` is undefined when no feature names one, so a plain list
 * writes the same model file as before transforms existed.
 */
export function parseFeatureSpec(text: string | undefined): { features: FeatureName[]; transforms?: FeatureTransform[] } {
  if (text === undefined) return { features: parseFeatures(undefined) };
  const items = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const transforms: FeatureTransform[] = [];
  const names = items.map((item) => {
    const colon = item.indexOf(':');
    if (colon < 0) {
      transforms.push('identity');
      return item;
    }
    const t = item.slice(0, colon);
    if (t !== 'log1p' && t !== 'identity') throw new CliError(`--features: unknown transform "${t}" in "${item}"; use log1p:NAME or NAME`);
    transforms.push(t);
    return item.slice(colon + 1);
  });
  const features = parseFeatures(names.join(','));
  return items.some((i) => i.includes(':')) ? { features, transforms } : { features };
}

/** `--label`: identity or log1p (fit ln(1 + label)). */
export function parseLabelTransform(text: string): DifficultyModel['label']['transform'] {
  if (!(LABEL_TRANSFORMS as readonly string[]).includes(text)) throw new CliError(`--label must be one of ${LABEL_TRANSFORMS.join(', ')}, got "${text}"`);
  return text as DifficultyModel['label']['transform'];
}

/** `--calibration`: affine or power (power needs the log1p label). */
export function parseCalibration(text: string, label: DifficultyModel['label']['transform']): Calibration {
  if (!(CALIBRATIONS as readonly string[]).includes(text)) throw new CliError(`--calibration must be one of ${CALIBRATIONS.join(', ')}, got "${text}"`);
  if (text === 'power' && label !== 'log1p') throw new CliError('--calibration power needs --label log1p');
  return text as Calibration;
}

export interface FitOptions {
  /** The ruleset the levels (generated or in the CSV) are analysed under (default Longcat). */
  readonly rules?: RulesetName;
  readonly data?: string;
  readonly generated?: number;
  readonly method: FitMethod;
  readonly features: FeatureName[];
  /** One per feature; absent: every feature as is. */
  readonly transforms?: FeatureTransform[];
  /** Default identity. */
  readonly labelTransform?: DifficultyModel['label']['transform'];
  /** With `generated`: the calibration's form (default affine). */
  readonly calibration?: Calibration;
  readonly seed: number;
  readonly name: string;
  readonly out: string;
  readonly command: string;
  readonly quiet: boolean;
}

export function runFitPredictor(o: FitOptions): DifficultyModel {
  if ((o.data === undefined) === (o.generated === undefined)) throw new CliError('give exactly one of --data file.csv or --generated N');
  let model: DifficultyModel;
  const createdAt = new Date().toISOString();
  if (o.generated !== undefined && o.generated < MIN_GENERATED) {
    throw new CliError(`--generated must be at least ${MIN_GENERATED} (calibration needs 100 unique RSD 8x8 levels), got "${o.generated}"`);
  }
  if (o.generated !== undefined) {
    const progress = new Progress('fit-predictor corpus', o.generated * 2.5, !o.quiet);
    const generated = o.generated;
    const rules = o.rules ?? DEFAULT_RULESET_NAME;
    // The corpus is the slow part; LONGCAT_CORPUS_CACHE (corpusCache.ts) shares it between fits.
    model = fitting(`cannot fit ${o.features.join(', ')} to generated levels`, () =>
      buildModelFromCorpus(
        {
          name: o.name,
          ...(o.rules !== undefined && o.rules !== DEFAULT_RULESET_NAME ? { rules: o.rules } : {}),
          iterations: generated,
          seed: o.seed,
          method: o.method,
          features: o.features,
          ...(o.transforms !== undefined ? { transforms: o.transforms } : {}),
          ...(o.labelTransform !== undefined ? { labelTransform: o.labelTransform } : {}),
          ...(o.calibration !== undefined ? { calibration: o.calibration } : {}),
          command: o.command,
        },
        cachedCorpus(process.env[CORPUS_CACHE_ENV], corpusSpecs(generated, rules), o.seed, rules, (done) => progress.tick(done)),
        createdAt,
      ),
    );
  } else {
    const { rows, problems } = parseCompletionCsv(readText(o.data!, 'a player-data CSV', READ_LIMITS.csv));
    const skipped = [...problems];
    const analyzer = new Analyzer();
    const samples: LevelFeatures[] = [], labels: number[] = [];
    for (const row of rows) {
      const r = analyzer.analyze(row.level, { rules: rulesetByName(o.rules ?? DEFAULT_RULESET_NAME) });
      if (!r.ok) {
        skipped.push({ line: row.line, message: r.error.message });
        continue;
      }
      if (o.features.some((f) => !Number.isFinite(r.value.features[f]))) {
        skipped.push({ line: row.line, message: 'the level is unsolvable, so a chosen feature is infinite' });
        continue;
      }
      samples.push({ ...r.value.features });
      labels.push(row.seconds);
    }
    reportSkipped(o.data!, skipped.sort((a, b) => a.line - b.line));
    if (samples.length < 10) throw new CliError(`${o.data}: only ${samples.length} usable rows; at least 10 are needed to fit`);
    model = fitting(`cannot fit ${o.data}`, () => fitModel(
      {
        name: o.name,
        features: o.features,
        ...(o.transforms !== undefined ? { transforms: o.transforms } : {}),
        ...(o.labelTransform !== undefined ? { labelTransform: o.labelTransform } : {}),
        method: o.method,
        samples,
        labels,
        labelDescription: 'average completion time in seconds, from player data',
        provenance: {
          summary: `Fitted (${o.method}${o.method === 'ols' ? '' : ', alpha by 5-fold CV'}) to ${samples.length} levels of player data from ${o.data}.`,
          command: o.command,
          seed: o.seed,
          data: o.data!,
          createdAt,
        },
      },
      createRng(o.seed),
    ).model);
  }
  // The file must load again: JSON turns NaN and Infinity into null, and a model must predict finite values.
  const text = JSON.stringify(model, null, 2) + '\n';
  const check = validateDifficultyModel(JSON.parse(text));
  if (!check.ok) throw new CliError(`the fitted model was not written to ${o.out}, because it could not be loaded: ${listProblems(check.error)}`);
  writeOutput(o.out, text);
  return model;
}
