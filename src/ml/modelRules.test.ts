/**
 * A model generates for the ruleset it was trained on (SPEC §12): the
 * studio matches the pack's ruleset to a model's meta and refuses another
 * with one sentence. Checked on the pure rule, on the training worker's api
 * (import, generate) with the two shipped models, and on the batch job's
 * schema. Paint levels are checked against the naive paint solver, which
 * shares no code with the engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { paintFeatures, paintGraph } from '../../test/naive/naivePaint';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { readModelDir } from '../cli/modelDir';
import { createTrainingApi } from '../workers/training.api';
import { EvaluationJobSchema } from '../workers/batch.protocol';
import { chooseBackend } from './backend';
import { modelRules, modelRulesProblem } from './modelRules';

const LONGCAT_DIR = 'models/sd-pcgrl-8x8';
const PAINT_DIR = 'models/sd-pcgrl-paint-8x8';
const MISMATCH = /^This model was trained for (Longcat|Paint) levels and this pack is (Longcat|Paint): use a \2 model \(nothing was changed\)$/;

describe('modelRules / modelRulesProblem', () => {
  it('a meta without rules is Longcat (files made before rulesets)', () => {
    expect(modelRules({})).toBe('longcat');
    expect(modelRules({ rules: 'paint' })).toBe('paint');
    expect(modelRulesProblem({}, 'longcat')).toBeNull();
    expect(modelRulesProblem({ rules: 'paint' }, 'paint')).toBeNull();
  });

  it('another ruleset is refused with one sentence naming both', () => {
    expect(modelRulesProblem({ rules: 'paint' }, 'longcat')).toBe('This model was trained for Paint levels and this pack is Longcat: use a Longcat model (nothing was changed)');
    expect(modelRulesProblem({}, 'paint')).toBe('This model was trained for Longcat levels and this pack is Paint: use a Paint model (nothing was changed)');
  });

  it("the shipped models' metas say the ruleset their folders are for", () => {
    expect(modelRules(JSON.parse(readFileSync(join(LONGCAT_DIR, 'meta.json'), 'utf8')) as { rules?: 'paint' })).toBe('longcat');
    expect(modelRules(JSON.parse(readFileSync(join(PAINT_DIR, 'meta.json'), 'utf8')) as { rules?: 'paint' })).toBe('paint');
  });
});

const shipped = existsSync(join(LONGCAT_DIR, 'weights.bin')) && existsSync(join(PAINT_DIR, 'weights.bin'));

describe.runIf(shipped)('the training worker generates with the pack\'s ruleset\'s model only', () => {
  beforeAll(async () => {
    await chooseBackend('wasm');
  });

  it('a paint model is refused for a Longcat pack and the loaded model stays; paint levels are solvable paint levels', async () => {
    const { generate, importModel } = createTrainingApi();
    expect((await importModel(readModelDir(LONGCAT_DIR), 'longcat')).kind).toBe('ok');
    expect(await importModel(readModelDir(PAINT_DIR), 'longcat')).toEqual({ kind: 'invalid', message: expect.stringMatching(MISMATCH) });
    // The Longcat model is still the one loaded: Longcat generation works, paint is refused.
    expect((await generate({ temperature: 0.5, count: 2, seed: 3, rules: 'longcat' })).kind).toBe('ok');
    const refused = await generate({ temperature: 0.5, count: 2, seed: 3, rules: 'paint' });
    expect(refused).toEqual({ kind: 'invalid', message: 'This model was trained for Longcat levels and this pack is Paint: use a Paint model (nothing was changed)' });

    expect((await importModel(readModelDir(PAINT_DIR), 'paint')).kind).toBe('ok');
    const r = await generate({ temperature: 0.5, count: 8, seed: 7, rules: 'paint' });
    if (r.kind !== 'ok') throw new Error(r.message);
    // Levels past the state cap are left out (the trained policy carves large open levels), never an error.
    expect(r.value.length).toBeGreaterThan(0);
    expect(r.value.length).toBeLessThanOrEqual(8);
    for (const l of r.value) {
      const g = paintGraph([...l.rows]);
      // Solvable under paint's rules, and analysed under them (the naive graph's size and solutions).
      expect(g.cls.get(g.start)).toBe('solution');
      const naive = paintFeatures(g).features;
      expect(l.features.nStates).toBe(naive.nStates);
      expect(l.features.nSolutions).toBe(naive.nSolutions);
      expect(l.id).toMatch(/^sd-pcgrl-8x8-s7-t0\.5-\d+$/);
    }
    expect((await generate({ temperature: 0.5, count: 2, seed: 3, rules: 'longcat' })).kind).toBe('invalid');
  });
});

describe('the batch job refuses a policy of another ruleset', () => {
  const job = (rules: 'longcat' | 'paint', dir: string) => ({
    generator: 'sd-pcgrl', rules, width: 8, height: 8, count: 10, seed: 1, model, temperatures: [0.5],
    policy: { modelJson: '{}', weights: new Uint8Array(4), meta: readFileSync(join(dir, 'meta.json'), 'utf8') },
  });

  it('paint job with the paint policy parses; with the Longcat policy it says why', () => {
    expect(EvaluationJobSchema.safeParse(job('paint', PAINT_DIR)).success).toBe(true);
    expect(EvaluationJobSchema.safeParse(job('longcat', LONGCAT_DIR)).success).toBe(true);
    const r = EvaluationJobSchema.safeParse(job('paint', LONGCAT_DIR));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['This model was trained for Longcat levels and this pack is Paint: use a Paint model (nothing was changed)']);
    expect(EvaluationJobSchema.safeParse(job('longcat', PAINT_DIR)).error?.issues[0]?.message).toMatch(MISMATCH);
  });
});
