/**
 * The candidate comparison of docs/difficulty.md ("Choosing the default"):
 *   npx tsx bench/difficultyCandidates.ts > /tmp/candidates.md
 * About 2 minutes on one core. Per candidate: the cross-validated error on the
 * generated corpus (the only data any candidate is fitted to), the RSD 8x8
 * distribution beside the thesis's, the hand-built tunnels and easiest
 * levels, and then, for evaluation only, the Spearman correlation between
 * difficulty and position in the two real level sets (read from
 * ../shared/data when present; nothing is fitted or tuned on them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { calibrateToThesis, fitModel } from '../src/core/difficulty/calibrate';
import { generatedCorpus, playerModelTime, type CorpusEntry } from '../src/core/difficulty/corpus';
import { DEFAULT_DIFFICULTY_MODEL, ITERATION_7_MODEL } from '../src/core/difficulty/defaultModel';
import { fitLinear, kFolds, predictRow } from '../src/core/difficulty/fit';
import type { DifficultyModel, FeatureName, FeatureTransform } from '../src/core/difficulty/model';
import { predictDifficulty } from '../src/core/difficulty/predict';
import { corpusSpecs } from '../src/core/difficulty/recipe';
import { analyzeLevel } from '../src/core/graph/analyze';
import { featureNumber, type LevelFeatures } from '../src/core/graph/features';
import { parseLevels, parseRows } from '../src/core/level/format';
import { createRng } from '../src/core/util/rng';
import * as hand from '../test/fixtures/difficultyLevels';

const corpus = generatedCorpus(corpusSpecs(20_000), 1);
const rsd8 = corpus.filter((e) => e.generator === 'rsd' && e.key.startsWith('8x8:')).map((e) => e.features);

interface Candidate {
  readonly name: string;
  readonly features: readonly FeatureName[];
  readonly transforms?: readonly FeatureTransform[];
  readonly label: 'identity' | 'log1p';
  /** A shipped model to use as is (else fitted here by the shipped recipe: ridge, alpha by 5-fold CV, seed 1, calibrated). */
  readonly shipped?: DifficultyModel;
}

const IT7: FeatureName[] = ['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches'];
const LOG = (n: number): FeatureTransform[] => Array.from({ length: n }, () => 'log1p');
const CANDIDATES: Candidate[] = [
  { name: 'iteration 7 (the previous default, iteration7.json)', features: IT7, label: 'identity', shipped: ITERATION_7_MODEL },
  { name: 'iteration 7, logs of features and label', features: IT7, transforms: LOG(3), label: 'log1p' },
  { name: 'expectedMoves alone', features: ['expectedMoves'], label: 'identity' },
  { name: 'expectedDecisions alone, logs', features: ['expectedDecisions'], transforms: LOG(1), label: 'log1p' },
  { name: 'expectedMoves + expectedDecisions (the label itself)', features: ['expectedMoves', 'expectedDecisions'], label: 'identity' },
  { name: 'iteration 7 + ln expectedDecisions, log label', features: [...IT7, 'expectedDecisions'], transforms: ['identity', 'identity', 'identity', 'log1p'], label: 'log1p' },
  { name: 'new default: ln expectedMoves + ln expectedDecisions, log label (default.json)', features: ['expectedMoves', 'expectedDecisions'], transforms: LOG(2), label: 'log1p', shipped: DEFAULT_DIFFICULTY_MODEL },
  { name: 'new default + ln solutionPaths + logs of iteration 7', features: ['expectedMoves', 'expectedDecisions', 'solutionPaths', ...IT7], transforms: LOG(6), label: 'log1p' },
];

function build(c: Candidate): DifficultyModel {
  if (c.shipped !== undefined) return c.shipped;
  const { model } = fitModel(
    {
      name: c.name,
      features: c.features,
      ...(c.transforms !== undefined ? { transforms: c.transforms } : {}),
      labelTransform: c.label,
      method: 'ridge',
      samples: corpus.map((e) => e.features),
      labels: corpus.map((e) => playerModelTime(e.features)),
      labelDescription: 'player model time',
      provenance: { summary: c.name, data: 'corpus', createdAt: '' },
    },
    createRng(1),
  );
  return calibrateToThesis(model, rsd8);
}

/**
 * 5-fold CV (folds from seed 2) of the model's form, refitted on each
 * training part with the model's alpha: mean squared error of the raw output
 * against the label in time units, and of ln(1 + output) against ln(1 + label).
 */
function crossValidated(m: DifficultyModel, entries: readonly CorpusEntry[]): { time: number; log: number } {
  const input = (f: LevelFeatures): number[] => m.features.map((n, j) => (m.transforms?.[j] === 'log1p' ? Math.log1p(featureNumber(f, n)) : featureNumber(f, n)));
  const x = entries.map((e) => input(e.features));
  const t = entries.map((e) => playerModelTime(e.features));
  const y = m.label.transform === 'log1p' ? t.map((v) => Math.log1p(v)) : t;
  let time = 0, log = 0;
  for (const test of kFolds(x.length, 5, createRng(2))) {
    const inTest = new Set(test);
    const train = x.map((_, i) => i).filter((i) => !inTest.has(i));
    const fit = fitLinear({ x: train.map((i) => x[i]!), y: train.map((i) => y[i]!) }, m.method, m.alpha);
    for (const i of test) {
      const p = predictRow(fit, x[i]!);
      const out = m.label.transform === 'log1p' ? Math.expm1(p) : p;
      time += (out - t[i]!) ** 2;
      log += (Math.log1p(Math.max(0, out)) - Math.log1p(t[i]!)) ** 2;
    }
  }
  return { time: time / x.length, log: log / x.length };
}

function ranks(v: readonly number[]): number[] {
  const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(v.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1; // ties share their mean rank
    i = j + 1;
  }
  return r;
}

/** Spearman's rho: Pearson correlation of the ranks (mean ranks for ties). */
function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a), rb = ranks(b);
  const ma = ra.reduce((s, v) => s + v, 0) / ra.length, mb = rb.reduce((s, v) => s + v, 0) / rb.length;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < ra.length; i++) {
    sab += (ra[i]! - ma) * (rb[i]! - mb);
    saa += (ra[i]! - ma) ** 2;
    sbb += (rb[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

function analysed(rows: readonly string[]): LevelFeatures {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  const r = analyzeLevel(p.value);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.features;
}

const DATA = resolve(import.meta.dirname, '../../shared/data');
function realSet(file: string, first: number): LevelFeatures[] | null {
  if (!existsSync(resolve(DATA, file))) return null;
  const r = parseLevels(readFileSync(resolve(DATA, file), 'utf8'));
  if (!r.ok) throw new Error(file);
  return r.value.slice(0, first).map((l) => {
    const a = analyzeLevel(l);
    if (!a.ok) throw new Error(l.name);
    return a.value.features;
  });
}
const arduboy = realSet('longcat-arduboy.txt', 100);
const binswing = realSet('longcat-binswing-52.txt', 52);

const TUNNELS = { 'snake 8x8': hand.SNAKE_8, 'snake 10x10': hand.SNAKE_10, 'room, long tunnel': hand.ROOM_LONG_TUNNEL, 'room, short tunnel': hand.ROOM_SHORT_TUNNEL };
const EASIEST = { 'already won': hand.WON, 'one forced move': hand.ONE_MOVE, 'three moves, two solutions': hand.THREE_MOVES_TWO_SOLUTIONS };

const f1 = (v: number | null): string => (v === null ? 'null' : v.toFixed(1));
const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
const d = (m: DifficultyModel, f: LevelFeatures): number => predictDifficulty(m, f) ?? NaN;
const rho = (m: DifficultyModel, set: LevelFeatures[] | null): string => (set === null ? 'n/a (no data)' : spearman(set.map((_, i) => i), set.map((f) => d(m, f))).toFixed(3));

console.log(`Corpus: ${corpus.length} unique levels (seed 1); RSD 8x8 part: ${rsd8.length} levels.\n`);
console.log('| candidate | features | CV MSE, time units | CV MSE, ln(1 + time) | RSD 8x8 below 20 / above 30 / max | tunnels: ' + Object.keys(TUNNELS).join(' / ') + ' | ' + Object.keys(EASIEST).join(' / ') + ' | Spearman arduboy 1-100 | Spearman binswing |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const c of CANDIDATES) {
  const m = build(c);
  const cv = crossValidated(m, corpus);
  const dist = rsd8.map((f) => d(m, f));
  const below = dist.filter((v) => v < 20).length / dist.length, above = dist.filter((v) => v > 30).length / dist.length;
  const feats = m.features.map((n, i) => (m.transforms?.[i] === 'log1p' ? `ln(1+${n})` : n)).join(', ') + (m.label.transform === 'log1p' ? '; label ln(1+time)' : '');
  console.log(
    `| ${c.name} | ${feats} | ${cv.time.toFixed(1)} | ${cv.log.toFixed(4)} | ${pct(below)} / ${pct(above)} / ${Math.max(...dist).toFixed(0)} | ` +
      `${Object.values(TUNNELS).map((rows) => f1(predictDifficulty(m, analysed(rows)))).join(' / ')} | ` +
      `${Object.values(EASIEST).map((rows) => f1(predictDifficulty(m, analysed(rows)))).join(' / ')} | ${rho(m, arduboy)} | ${rho(m, binswing)} |`,
  );
}
// The raw quantity, with no model at all (any increasing function of it ranks the same).
const raw = (set: LevelFeatures[] | null, key: (f: LevelFeatures) => number): string => (set === null ? 'n/a' : spearman(set.map((_, i) => i), set.map(key)).toFixed(3));
console.log(`\nNo model, the raw quantity: expectedMoves ${raw(arduboy, (f) => f.expectedMoves)} / ${raw(binswing, (f) => f.expectedMoves)}; ` +
  `player-model time (expectedMoves + expectedDecisions) ${raw(arduboy, playerModelTime)} / ${raw(binswing, playerModelTime)} (arduboy / binswing).`);
