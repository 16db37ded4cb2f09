/**
 * Fuzz: difficulty model files. Models built here with numbers from tame to
 * extreme (1e-320 scales, 1e308 coefficients, log1p labels) and, in a share
 * of cases, one structural fault (a length mismatch, a repeated or unknown
 * feature, a scale <= 0, a null where a number belongs, a missing field):
 * `parseDifficultyModel` accepts exactly the models without a fault whose
 * difficulty and per-feature contributions are finite on every probe level,
 * judged here from the naive solver's features (test/naive) and the formula
 * of docs/formats.md. Arbitrary JSON never makes it throw.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import shipped from '../../models/difficulty/default.json';
import { explainDifficulty } from '../../src/core/difficulty/predict';
import { parseDifficultyModel } from '../../src/core/difficulty/model';
import { PROBE_LEVELS } from '../../src/core/difficulty/probe';
import { FEATURE_NAMES, type LevelFeatures } from '../../src/core/graph/features';
import { naiveAnalyze } from '../naive/naiveSolver';
import { fuzzRuns } from '../fuzzRuns';

let probe: Record<string, number>[] = [];
beforeAll(() => {
  probe = PROBE_LEVELS.map((l) => ({ ...naiveAnalyze([...l.rows]).features }));
});

const anyNumber = fc.oneof(
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 1e-320, -1e-320, 1e300, -1e300, 1e308, -1e308, 1.7e308),
);
const positive = fc.oneof(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.double({ min: 5e-324, max: 1.7e308, noNaN: true }), fc.constantFrom(5e-324, 1e-320, 1e-300, 1e300, 1.7e308));

const model = fc.shuffledSubarray([...FEATURE_NAMES], { minLength: 1, maxLength: 5 }).chain((features) =>
  fc.record({
    features: fc.constant(features),
    means: fc.array(anyNumber, { minLength: features.length, maxLength: features.length }),
    scales: fc.array(positive, { minLength: features.length, maxLength: features.length }),
    coefficients: fc.array(anyNumber, { minLength: features.length, maxLength: features.length }),
    intercept: anyNumber,
    transforms: fc.option(fc.array(fc.constantFrom('identity', 'log1p'), { minLength: features.length, maxLength: features.length }), { nil: undefined }),
    label: fc.record({ transform: fc.constantFrom('identity', 'log1p'), scale: positive, offset: anyNumber, description: fc.constant('fuzz') }),
  }),
);

const FAULTS = ['lengthMismatch', 'repeatedFeature', 'unknownFeature', 'scaleZero', 'scaleNegative', 'nullNumber', 'missingField', 'version2', 'emptyName'] as const;

/** The judge: are the difficulty and each contribution finite on every probe level? */
function finiteOnProbe(m: { features: string[]; transforms?: string[] | undefined; means: number[]; scales: number[]; coefficients: number[]; intercept: number; label: { transform: string; scale: number; offset: number } }): boolean {
  const k = m.label.transform === 'identity' ? m.label.scale : 1;
  for (const f of probe) {
    let y = m.intercept;
    for (let i = 0; i < m.features.length; i++) {
      const raw = f[m.features[i]!]!;
      if (!Number.isFinite(raw)) continue;
      const x = m.transforms?.[i] === 'log1p' ? Math.log1p(raw) : raw;
      const c = (m.coefficients[i]! * (x - m.means[i]!)) / m.scales[i]!;
      if (!Number.isFinite(c) || !Number.isFinite(c * k)) return false;
      y += c;
    }
    const v = m.label.transform === 'log1p' ? Math.expm1(y) : y;
    if (!Number.isFinite(v * m.label.scale + m.label.offset)) return false;
  }
  return true;
}

describe('difficulty model fuzz', () => {
  it('accepts exactly the fault-free models that are finite on the probe set', () => {
    let accepted = 0, refusedNumbers = 0, refusedFaults = 0;
    fc.assert(
      fc.property(model, fc.option(fc.tuple(fc.constantFrom(...FAULTS), fc.nat()), { nil: null, freq: 3 }), (m, fault) => {
        // The shipped model's own transforms (one per its features) must not leak into a model of other features.
        const { transforms, ...rest } = m;
        const base = JSON.parse(JSON.stringify(shipped)) as Record<string, unknown>;
        delete base.transforms;
        const json: Record<string, unknown> = { ...base, ...rest, ...(transforms !== undefined ? { transforms } : {}), metrics: {} };
        const arrays = ['means', 'scales', 'coefficients'] as const;
        if (fault !== null) {
          const [kind, n] = fault;
          const arr = arrays[n % 3]!;
          const at = n % m.features.length;
          if (kind === 'lengthMismatch') (json[arr] as number[]).push(1);
          if (kind === 'repeatedFeature') json.features = [...m.features, m.features[at]!];
          if (kind === 'repeatedFeature') for (const a of arrays) (json[a] as number[]).push(1);
          if (kind === 'unknownFeature') (json.features as string[])[at] = `feature${n}`;
          if (kind === 'scaleZero') (json.scales as number[])[at] = 0;
          if (kind === 'scaleNegative') (json.scales as number[])[at] = -Math.abs(m.scales[at]!);
          if (kind === 'nullNumber') (json[arr] as (number | null)[])[at] = null;
          if (kind === 'missingField') delete json[['intercept', 'label', 'features', 'method', 'provenance'][n % 5]!];
          if (kind === 'version2') json.version = 2;
          if (kind === 'emptyName') json.name = '';
        }
        const valid = fault === null && finiteOnProbe(m);
        const r = parseDifficultyModel(JSON.stringify(json));
        expect(r.ok, `judge says ${valid} (fault ${fault?.[0] ?? 'none'}): ${JSON.stringify(m).slice(0, 400)}`).toBe(valid);
        if (r.ok) {
          accepted++;
          for (const f of probe) {
            const e = explainDifficulty(r.value, f as unknown as LevelFeatures);
            // The probe levels are solvable: an explanation is never null for them.
            expect(e).not.toBeNull();
            if (e === null) continue;
            expect(Number.isFinite(e.value)).toBe(true);
            for (const c of e.contributions) expect(Number.isFinite(c.contribution)).toBe(true);
          }
        } else {
          if (fault === null) refusedNumbers++;
          else refusedFaults++;
          for (const p of r.error) expect(p.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: fuzzRuns() },
    );
    expect(accepted).toBeGreaterThan(fuzzRuns() / 20);
    expect(refusedNumbers).toBeGreaterThan(fuzzRuns() / 20);
    expect(refusedFaults).toBeGreaterThan(fuzzRuns() / 20);
  });

  it('never throws on arbitrary JSON or text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ ...shipped, [String(Object.keys(shipped)[0])]: v }))), (text) => {
        const r = parseDifficultyModel(text);
        if (r.ok) expect(r.value.format).toBe('longcat-difficulty-model');
      }),
      { numRuns: fuzzRuns() },
    );
  });
});
