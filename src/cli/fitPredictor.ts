/** `fit-predictor`: fit a difficulty model on a CSV of player data or on generated levels. */
import { Analyzer } from '../core/graph/analyze';
import { FEATURE_NAMES, type LevelFeatures } from '../core/graph/features';
import { fitModel } from '../core/difficulty/calibrate';
import { parseCompletionCsv } from '../core/difficulty/csv';
import { FIT_METHODS, validateDifficultyModel, type DifficultyModel, type FeatureName, type FitMethod } from '../core/difficulty/model';
import { buildModelFromGenerated, ITERATION_7_FEATURES } from '../core/difficulty/recipe';
import { createRng } from '../core/util/rng';
import { CliError, listProblems, MAX_LISTED_PROBLEMS } from './args';
import { readText, READ_LIMITS, writeOutput } from './io';
import { Progress } from './progress';

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

export interface FitOptions {
  readonly data?: string;
  readonly generated?: number;
  readonly method: FitMethod;
  readonly features: FeatureName[];
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
    model = fitting(`cannot fit ${o.features.join(', ')} to generated levels`, () =>
      buildModelFromGenerated(
        { name: o.name, iterations: generated, seed: o.seed, method: o.method, features: o.features, command: o.command },
        createdAt,
        (done) => progress.tick(done),
      ),
    );
  } else {
    const { rows, problems } = parseCompletionCsv(readText(o.data!, 'a player-data CSV', READ_LIMITS.csv));
    const skipped = [...problems];
    const analyzer = new Analyzer();
    const samples: LevelFeatures[] = [], labels: number[] = [];
    for (const row of rows) {
      const r = analyzer.analyze(row.level);
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
