/**
 * Model files (SPEC §5: versioned JSON in models/difficulty/, validated at the
 * boundary with each problem's path) and prediction (standardised linear
 * model, label transform, time-scale calibration (no clamp), bands of 20).
 * Expected values are computed by hand from the formula
 * value = scale * inverseTransform(intercept + sum coef (x - mean) / sd) + offset.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import shipped from '../../../models/difficulty/default.json';
import shippedIteration7 from '../../../models/difficulty/iteration7.json';
import paintText from '../../../models/difficulty/paint-default.json?raw';
import { FEATURE_NAMES, featureNumber, type LevelFeatures } from '../graph/features';
import { DEFAULT_DIFFICULTY_MODEL, ITERATION_7_MODEL } from './defaultModel';
import { MODEL_FORMAT, MODEL_VERSION, parseDifficultyModel, validateDifficultyModel, type DifficultyModel, type ModelProblem } from './model';
import { bandOf, BANDS, explainDifficulty, predictDifficulty, rawOutput, solvableDifficulty } from './predict';

const shippedText = (): string => JSON.stringify(shipped);
/** A fresh, mutable copy of the shipped iteration-7 file's JSON (three features, no transforms: the malformed-file cases below start from it). */
const shippedJson = (): Record<string, unknown> => JSON.parse(JSON.stringify(shippedIteration7)) as Record<string, unknown>;

function problemsOf(json: unknown): ModelProblem[] {
  const r = parseDifficultyModel(JSON.stringify(json));
  if (r.ok) throw new Error('expected the model to be rejected');
  return r.error;
}

/** Every feature 0 but nSolutions 1 (a solvable level), then the overrides. */
function features(over: Partial<LevelFeatures> = {}): LevelFeatures {
  const f = Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as unknown as LevelFeatures;
  return { ...f, nSolutions: 1, ...over };
}

/** explainDifficulty for a solvable level (the test fails if it says unsolvable). */
function explain(m: DifficultyModel, f: LevelFeatures): NonNullable<ReturnType<typeof explainDifficulty>> {
  const e = explainDifficulty(m, f);
  if (e === null) throw new Error('expected an explanation for a solvable level');
  return e;
}

/** A small hand-made model: difficulty = 0.5 * (10 + 3 (nSolutions - 1) / 2 - 8 (nFails - 2) / 4) + 1. */
function handModel(over: Partial<DifficultyModel> = {}): DifficultyModel {
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    name: 'hand',
    features: ['nSolutions', 'nFails'],
    means: [1, 2],
    scales: [2, 4],
    coefficients: [3, -8],
    intercept: 10,
    label: { transform: 'identity', scale: 0.5, offset: 1, description: 'test' },
    method: 'ols',
    alpha: 0,
    provenance: { summary: 'test', data: 'none', createdAt: '2026-01-01T00:00:00Z' },
    metrics: {},
    ...over,
  };
}

describe('the shipped model file', () => {
  it('models/difficulty/default.json validates and is what DEFAULT_DIFFICULTY_MODEL holds', () => {
    const r = parseDifficultyModel(shippedText());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(shipped);
    expect(DEFAULT_DIFFICULTY_MODEL).toEqual(r.value);
    expect(r.value.format).toBe('longcat-difficulty-model');
    expect(r.value.version).toBe(1);
  });

  it('models/difficulty/iteration7.json validates, has no transforms (a file from before they existed) and is what ITERATION_7_MODEL holds', () => {
    const r = parseDifficultyModel(JSON.stringify(shippedIteration7));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(shippedIteration7);
    expect(ITERATION_7_MODEL).toEqual(r.value);
    expect('transforms' in r.value).toBe(false);
  });

  it('the default reads the player model (log scales) with ridge; iteration 7 the thesis features; both record provenance and label (SPEC §5)', () => {
    const m = DEFAULT_DIFFICULTY_MODEL;
    expect(m.features).toEqual(['expectedMoves', 'expectedDecisions']);
    expect(m.transforms).toEqual(['log1p', 'log1p']);
    expect(m.label.transform).toBe('log1p');
    expect(ITERATION_7_MODEL.features).toEqual(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
    for (const x of [m, ITERATION_7_MODEL]) {
      expect(x.method).toBe('ridge');
      expect(x.provenance.command).toMatch(/fit-predictor --generated \d+/);
      expect(x.provenance.summary).toMatch(/No player data/);
      expect(x.label.description).toMatch(/player model/);
    }
  });
});

describe('parseDifficultyModel: malformed files', () => {
  const hasProblem = (problems: ModelProblem[], path: string, message: RegExp): void => {
    expect(problems.some((p) => p.path === path && message.test(p.message)), JSON.stringify(problems)).toBe(true);
  };

  it('not JSON', () => {
    const r = parseDifficultyModel('{"format": "longcat-difficulty-model", ');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toHaveLength(1);
    expect(r.error[0]!.path).toBe('$');
    expect(r.error[0]!.message).toMatch(/not valid JSON/);
    // JSON has no NaN literal either.
    expect(parseDifficultyModel(shippedText().replace(/"intercept":[^,]+/, '"intercept":NaN')).ok).toBe(false);
  });

  it('not an object', () => {
    for (const v of [null, 3, 'model', [1, 2]]) hasProblem(problemsOf(v), '$', /expected object/);
  });

  it('wrong format tag', () => {
    hasProblem(problemsOf({ ...shippedJson(), format: 'longcat-pack' }), 'format', /longcat-difficulty-model/);
  });

  it('version 3 (a newer file): says which versions this build reads', () => {
    hasProblem(problemsOf({ ...shippedJson(), version: 3 }), 'version', /reads versions 1 and 2/);
  });

  it('version 2 is exactly a label with a power; a power needs a log1p label', () => {
    // A version-2 file without a power, and a version-1 file with one (an older build would drop it silently).
    hasProblem(problemsOf({ ...shippedJson(), version: 2 }), 'version', /must be 1 for a label without a power/);
    const j = shippedJson();
    j.label = { ...(j.label as object), power: 1.5 };
    hasProblem(problemsOf(j), 'version', /must be 2 for a label with a power/);
    hasProblem(problemsOf({ ...j, version: 2, label: { ...(j.label as object), transform: 'identity' } }), 'label.power', /log1p/);
    hasProblem(problemsOf({ ...j, version: 2, label: { ...(j.label as object), power: -1 } }), 'label.power', /positive/);
    // The shipped paint default is such a file, and reads.
    const paint = parseDifficultyModel(paintText);
    expect(paint.ok).toBe(true);
    if (paint.ok) expect([paint.value.version, paint.value.label.power! > 0]).toEqual([2, true]);
  });

  it('a power calibration is scale * (1 + time)^power + offset, never clamped, checked by hand', () => {
    // One log1p feature, coefficient 1, mean 0, scale 1, intercept 0: y = ln(1 + nSolutions), so 1 + time = 1 + nSolutions.
    const m = handModel({
      version: 2,
      features: ['nSolutions'],
      transforms: ['log1p'],
      means: [0],
      scales: [1],
      coefficients: [1],
      intercept: 0,
      label: { transform: 'log1p', scale: 0.25, offset: -3, power: 1.5, description: 'test' },
    });
    for (const n of [1, 3, 8, 24]) expect(predictDifficulty(m, features({ nSolutions: n }))).toBeCloseTo(0.25 * (1 + n) ** 1.5 - 3, 10);
    // Below 0 stays below 0 (no clamp): 0.25 * 2^1.5 - 3 = -2.29.
    expect(predictDifficulty(m, features({ nSolutions: 1 }))!).toBeLessThan(0);
  });

  it('unknown feature name: path to the entry and the list of names', () => {
    const j = shippedJson();
    j.features = ['nSolutions', 'nSolutionBranchez', 'nIndeterminateBranches'];
    hasProblem(problemsOf(j), 'features[1]', /must be one of nStates, size, .*nIndeterminateBranches/);
  });

  it('length mismatch between features and coefficients / means / scales', () => {
    const j = shippedJson();
    j.coefficients = [1, 2];
    hasProblem(problemsOf(j), 'coefficients', /has 2 values but the model has 3 features/);
    const k = shippedJson();
    k.means = [0, 0, 0, 0];
    k.scales = [1];
    const p = problemsOf(k);
    hasProblem(p, 'means', /has 4 values but the model has 3 features/);
    hasProblem(p, 'scales', /has 1 values but the model has 3 features/);
  });

  it('transforms: one per feature, each identity or log1p', () => {
    const j = shippedJson();
    j.transforms = ['log1p'];
    hasProblem(problemsOf(j), 'transforms', /has 1 values but the model has 3 features/);
    const k = shippedJson();
    k.transforms = ['log1p', 'sqrt', 'identity'];
    hasProblem(problemsOf(k), 'transforms[1]', /must be one of identity, log1p/);
  });

  it('negative or zero scale; zero label scale; negative alpha', () => {
    const j = shippedJson();
    j.scales = [1, -2, 0];
    const p = problemsOf(j);
    hasProblem(p, 'scales[1]', /must be positive/);
    hasProblem(p, 'scales[2]', /must be positive/);
    const k = shippedJson();
    (k.label as Record<string, unknown>).scale = 0;
    k.alpha = -1;
    const q = problemsOf(k);
    hasProblem(q, 'label.scale', /must be positive/);
    hasProblem(q, 'alpha', />= 0/);
  });

  it('NaN (or Infinity) as a string where a number belongs', () => {
    const j = shippedJson();
    j.intercept = 'NaN';
    (j.coefficients as unknown[])[2] = 'Infinity';
    const p = problemsOf(j);
    hasProblem(p, 'intercept', /expected number, received string/);
    hasProblem(p, 'coefficients[2]', /expected number, received string/);
  });

  it('missing provenance', () => {
    const j = shippedJson();
    delete j.provenance;
    hasProblem(problemsOf(j), 'provenance', /expected object/);
  });

  it('a feature listed twice; an unknown label transform or method', () => {
    const j = shippedJson();
    j.features = ['nSolutions', 'nSolutions', 'nIndeterminateBranches'];
    hasProblem(problemsOf(j), 'features', /twice/);
    const k = shippedJson();
    (k.label as Record<string, unknown>).transform = 'sqrt';
    k.method = 'elasticnet';
    const p = problemsOf(k);
    hasProblem(p, 'label.transform', /identity.*log1p/);
    hasProblem(p, 'method', /./);
  });

  it('lists every problem, not just the first', () => {
    const j = shippedJson();
    j.format = 'x';
    j.version = 3;
    delete j.provenance;
    const paths = problemsOf(j).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['format', 'version', 'provenance']));
  });

  it('never throws on arbitrary JSON or text, and rejects it (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = parseDifficultyModel(JSON.stringify(v) ?? 'null');
        expect(r.ok).toBe(false);
        if (!r.ok) for (const p of r.error) expect(typeof p.path === 'string' && typeof p.message === 'string' && p.message.length > 0).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(() => parseDifficultyModel(s)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('never throws when fields of a valid model are deleted or replaced by arbitrary JSON (property)', () => {
    const keys = Object.keys(shippedJson());
    fc.assert(
      fc.property(fc.subarray(keys), fc.dictionary(fc.constantFrom(...keys), fc.jsonValue()), (drop, replace) => {
        const j = { ...shippedJson(), ...replace };
        for (const k of drop) delete j[k];
        let r: ReturnType<typeof parseDifficultyModel> | undefined;
        expect(() => (r = parseDifficultyModel(JSON.stringify(j)))).not.toThrow();
        if (drop.length > 0) expect(r!.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('validateDifficultyModel accepts a hand-made model', () => {
    expect(validateDifficultyModel(handModel()).ok).toBe(true);
  });
});

describe('predictDifficulty / explainDifficulty / rawOutput', () => {
  it('a hand computation: contributions coef (x - mean) / sd, value scale (intercept + sum) + offset', () => {
    const m = handModel();
    const f = features({ nSolutions: 5, nFails: 6, nStates: 1e6 });
    // (5 - 1) / 2 * 3 = 6; (6 - 2) / 4 * -8 = -8; linear = 10 + 6 - 8 = 8; value = 0.5 * 8 + 1 = 5.
    // In difficulty units (identity label, scale 0.5): contributions 3 and -4, base 0.5 * 10 + 1 = 6; 6 + 3 - 4 = 5.
    const e = explain(m, f);
    expect(e.units).toBe('difficulty');
    expect(e.contributions).toEqual([
      { feature: 'nSolutions', value: 5, contribution: 3 },
      { feature: 'nFails', value: 6, contribution: -4 },
    ]);
    expect(e.base).toBe(6);
    expect(e.intercept).toBe(10);
    expect(e.value).toBe(5);
    expect(e.band).toBe('trivial');
    expect(predictDifficulty(m, f)).toBe(5);
    expect(rawOutput(m, f)).toBe(8);
  });

  it('never clamps: below 0 stays below 0, strictly ordered (hand model and a very easy feature vector for iteration 7)', () => {
    const m = handModel();
    // nFails = 12: contribution -20, linear = 10 + 0 - 20 = -10 (nSolutions at its mean 1); 0.5 * -10 + 1 = -4.
    const f = features({ nSolutions: 1, nFails: 12 });
    expect(rawOutput(m, f)).toBe(-10);
    expect(predictDifficulty(m, f)).toBe(-4);
    expect(explain(m, f).value).toBe(-4);
    expect(explain(m, f).band).toBe('trivial');
    // One more fail is easier still, and reads differently (nFails 16: linear -18, 0.5 * -18 + 1 = -8).
    expect(predictDifficulty(m, features({ nSolutions: 1, nFails: 16 }))).toBe(-8);

    // The iteration-7 model (identity transforms): push every feature towards "easier" according to its coefficient's sign.
    const d = ITERATION_7_MODEL;
    const easy = features(Object.fromEntries(d.features.map((n, i) => [n, d.coefficients[i]! < 0 ? 1e6 : 0])));
    let linear = d.intercept;
    d.features.forEach((n, i) => (linear += (d.coefficients[i]! * (featureNumber(easy, n) - d.means[i]!)) / d.scales[i]!));
    expect(d.label.scale * linear + d.label.offset).toBeLessThan(0);
    expect(predictDifficulty(d, easy)).toBeCloseTo(d.label.scale * linear + d.label.offset, 6);
  });

  it("the iteration-7 model: base plus contributions give the difficulty (identity transform, difficulty units)", () => {
    const d = ITERATION_7_MODEL;
    expect(d.label.transform).toBe('identity');
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 60 }), { minLength: 3, maxLength: 3 }), ([a, b, c]) => {
        const f = features({ nSolutions: 1 + a!, nSolutionBranches: b!, nIndeterminateBranches: c!, nStates: 999 });
        const e = explain(d, f);
        const byHand = d.features.map((n, i) => (d.coefficients[i]! * (featureNumber(f, n) - d.means[i]!)) / d.scales[i]!);
        e.contributions.forEach((c2, i) => {
          expect(c2.feature).toBe(d.features[i]);
          expect(c2.value).toBe(f[d.features[i]!]);
          expect(c2.contribution).toBeCloseTo(d.label.scale * byHand[i]!, 9);
        });
        const sum = d.intercept + byHand.reduce((s, v) => s + v, 0);
        expect(rawOutput(d, f)).toBeCloseTo(sum, 9);
        expect(e.base).toBeCloseTo(d.label.scale * d.intercept + d.label.offset, 9);
        expect(e.value).toBeCloseTo(e.base + e.contributions.reduce((s, c2) => s + c2.contribution, 0), 9);
        expect(e.value).toBeCloseTo(d.label.scale * sum + d.label.offset, 9);
        expect(predictDifficulty(d, f)).toBe(e.value);
        expect(e.band).toBe(bandOf(e.value));
      }),
      { numRuns: 200 },
    );
  });

  it('the default model (log1p features and label): contributions are coef (ln(1 + x) - mean) / sd in label units, and add up before expm1, scale and offset (property)', () => {
    const d = DEFAULT_DIFFICULTY_MODEL;
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e4, noNaN: true }), fc.double({ min: 0, max: 1e3, noNaN: true }), (moves, decisions) => {
        const f = features({ nSolutions: 1, expectedMoves: moves, expectedDecisions: decisions });
        const e = explain(d, f);
        expect(e.units).toBe('label');
        const byHand = [Math.log1p(moves), Math.log1p(decisions)].map((x, i) => (d.coefficients[i]! * (x - d.means[i]!)) / d.scales[i]!);
        e.contributions.forEach((c, i) => {
          expect(c.value).toBe([moves, decisions][i]);
          expect(c.contribution).toBeCloseTo(byHand[i]!, 9);
        });
        expect(e.base).toBe(d.intercept);
        const linear = d.intercept + byHand[0]! + byHand[1]!;
        expect(e.value).toBeCloseTo(Math.max(0, d.label.scale * Math.expm1(linear) + d.label.offset), 6);
      }),
      { numRuns: 200 },
    );
  });

  it('log1p transform: the linear output is mapped back with expm1 before scale and offset', () => {
    // Features at their means: linear = intercept = ln(10), expm1 -> 9, value = 2 * 9 + 3 = 21.
    const m = handModel({ intercept: Math.log(10), label: { transform: 'log1p', scale: 2, offset: 3, description: 'log' } });
    const f = features({ nSolutions: 1, nFails: 2 });
    expect(rawOutput(m, f)).toBeCloseTo(9, 12);
    expect(predictDifficulty(m, f)).toBeCloseTo(21, 12);
    expect(explain(m, f).band).toBe('easy');
  });

  it('an unsolvable level (nSolutions 0, infinite expected costs) has no difficulty under any model: null, and no explanation', () => {
    const pos = handModel({ features: ['expectedMoves'], means: [0], scales: [1], coefficients: [1] });
    const neg = handModel({ features: ['expectedMoves'], means: [0], scales: [1], coefficients: [-1] });
    const models = [pos, neg, handModel(), DEFAULT_DIFFICULTY_MODEL, ITERATION_7_MODEL];
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1e6 }), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }), fc.constantFrom(...models), (vals, m) => {
        const f = features({ ...Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, vals[i]!])), nSolutions: 0, solutionPaths: 0, expectedMoves: Infinity, expectedDecisions: Infinity, shortestSolutionLength: Infinity });
        expect(predictDifficulty(m, f)).toBeNull();
        expect(explainDifficulty(m, f)).toBeNull();
        expect(() => solvableDifficulty(m, f)).toThrow(/unsolvable/);
      }),
      { numRuns: 100 },
    );
    // The same features with one solution get a number.
    const solved = features({ nSolutions: 1, expectedMoves: 4, expectedDecisions: 1 });
    for (const m of models) expect(predictDifficulty(m, solved)).toBe(solvableDifficulty(m, solved));
  });

  it('is never negative and never NaN for finite non-negative features (shipped model: its offset is positive, property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1e6 }), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }), (vals) => {
        const f = features(Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, vals[i]!])));
        const v = predictDifficulty(DEFAULT_DIFFICULTY_MODEL, f);
        if (f.nSolutions === 0) return void expect(v).toBeNull();
        expect(v).toBeGreaterThanOrEqual(0);
        expect(Number.isNaN(v)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('bandOf', () => {
  it('spans of 20: < 20 trivial, then easy, medium, hard, and expert from 80', () => {
    expect(BANDS.map((b) => b.name)).toEqual(['trivial', 'easy', 'medium', 'hard', 'expert']);
    const cases: [number, string][] = [
      [0, 'trivial'],
      [19.99, 'trivial'],
      [20, 'easy'],
      [39.999, 'easy'],
      [40, 'medium'],
      [59.99, 'medium'],
      [60, 'hard'],
      [79.99, 'hard'],
      [80, 'expert'],
      [1e9, 'expert'],
      [Infinity, 'expert'],
    ];
    for (const [v, band] of cases) expect(bandOf(v), String(v)).toBe(band);
  });
});
