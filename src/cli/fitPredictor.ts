/** `fit-predictor`: fit a difficulty model on a CSV of player data or on generated levels. */
import { readFileSync, writeFileSync } from 'node:fs';
import { Analyzer } from '../core/graph/analyze';
import { FEATURE_NAMES } from '../core/graph/features';
import { fitModel } from '../core/difficulty/calibrate';
import { parseCompletionCsv } from '../core/difficulty/csv';
import { FIT_METHODS, LABEL_TRANSFORMS, type DifficultyModel, type FeatureName, type FeatureTransform, type FitMethod } from '../core/difficulty/model';
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

export interface FitOptions {
  readonly data?: string;
  readonly generated?: number;
  readonly method: FitMethod;
  readonly features: FeatureName[];
  /** One per feature; absent: every feature as is. */
  readonly transforms?: FeatureTransform[];
  /** Default identity. */
  readonly labelTransform?: DifficultyModel['label']['transform'];
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
      {
        name: o.name,
        iterations: o.generated,
        seed: o.seed,
        method: o.method,
        features: o.features,
        ...(o.transforms !== undefined ? { transforms: o.transforms } : {}),
        ...(o.labelTransform !== undefined ? { labelTransform: o.labelTransform } : {}),
        command: o.command,
      },
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
    ).model;
  }
  try {
    writeFileSync(o.out, JSON.stringify(model, null, 2) + '\n');
  } catch (e) {
    throw new CliError(`cannot write ${o.out}: ${(e as Error).message}`);
  }
  return model;
}
