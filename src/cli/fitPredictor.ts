/** `fit-predictor`: fit a difficulty model on a CSV of player data or on generated levels. */
import { readFileSync, writeFileSync } from 'node:fs';
import { Analyzer } from '../core/graph/analyze';
import { FEATURE_NAMES } from '../core/graph/features';
import { fitModel } from '../core/difficulty/calibrate';
import { parseCompletionCsv } from '../core/difficulty/csv';
import { FIT_METHODS, type DifficultyModel, type FeatureName, type FitMethod } from '../core/difficulty/model';
import { buildModelFromGenerated, ITERATION_7_FEATURES } from '../core/difficulty/recipe';
import { createRng } from '../core/util/rng';
import { CliError } from './args';
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
  if (o.generated !== undefined) {
    const progress = new Progress('fit-predictor corpus', o.generated * 2.5, !o.quiet);
    model = buildModelFromGenerated(
      { name: o.name, iterations: o.generated, seed: o.seed, method: o.method, features: o.features, command: o.command },
      createdAt,
      (done) => progress.tick(done),
    );
  } else {
    let text: string;
    try {
      text = readFileSync(o.data!, 'utf8');
    } catch (e) {
      throw new CliError(`cannot read ${o.data}: ${(e as Error).message}`);
    }
    const { rows, problems } = parseCompletionCsv(text);
    for (const p of problems) process.stderr.write(`${o.data}:${p.line}: skipped: ${p.message}\n`);
    const analyzer = new Analyzer();
    const samples = [], labels = [];
    for (const row of rows) {
      const r = analyzer.analyze(row.level);
      if (!r.ok) {
        process.stderr.write(`${o.data}:${row.line}: skipped: ${r.error.message}\n`);
        continue;
      }
      if (o.features.some((f) => !Number.isFinite(r.value.features[f]))) {
        process.stderr.write(`${o.data}:${row.line}: skipped: the level is unsolvable, so a chosen feature is infinite\n`);
        continue;
      }
      samples.push({ ...r.value.features });
      labels.push(row.seconds);
    }
    if (samples.length < 10) throw new CliError(`${o.data}: only ${samples.length} usable rows; at least 10 are needed to fit`);
    model = fitModel(
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
    ).model;
  }
  try {
    writeFileSync(o.out, JSON.stringify(model, null, 2) + '\n');
  } catch (e) {
    throw new CliError(`cannot write ${o.out}: ${(e as Error).message}`);
  }
  return model;
}
