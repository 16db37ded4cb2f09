/** The worker protocols' schemas: one sentence per refusal, the seed range checked once, stored sessions parsed leniently where it is safe. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { isSeed, MAX_SEED, SeedSchema } from '../core/util/schemas';
import { parseRequest } from './outcome';
import { migrateCheckpointRecord, SdGenerateOptionsSchema, SessionRecordSchema, TrainingSettingsSchema } from './training.protocol';

const settings = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', recipe: 'fast', seed: 1, model } as const;
const point = { episodes: 1, envSteps: 2, updates: 3, elapsed: 4, epsilon: 0.5, meanReturn: 1, meanDifficulty: 2, meanLoss: 0.1, episodesPerSecond: 1, envStepsPerSecond: 2, updatesPerSecond: 3, testDifficulty: null, status: 'running' };

describe('seeds', () => {
  it('are whole numbers from 0 to 2^32 - 1, with one message', () => {
    expect(MAX_SEED).toBe(2 ** 32 - 1);
    for (const ok of [0, 1, MAX_SEED]) expect(SeedSchema.safeParse(ok).success).toBe(true);
    for (const ok of [0, 2 ** 32 - 1]) expect(isSeed(ok)).toBe(true);
    for (const bad of [-1, 2 ** 32, 1.5, NaN, '3', null]) expect(isSeed(bad)).toBe(false);
    for (const bad of [-1, MAX_SEED + 1, 1.5, NaN, '3']) expect(parseRequest(SeedSchema, bad)).toEqual({ kind: 'invalid', message: 'the seed must be a whole number from 0 to 4294967295' });
  });
});

describe('training protocol', () => {
  it('accepts good settings and refuses each bad field with its own sentence', () => {
    expect(TrainingSettingsSchema.safeParse(settings).success).toBe(true);
    const refuse = (patch: object) => parseRequest(TrainingSettingsSchema, { ...settings, ...patch });
    expect(refuse({ env: 'chess' })).toEqual({ kind: 'invalid', message: 'the environment must be sd-pcgrl or turtle' });
    expect(refuse({ width: 2 })).toEqual({ kind: 'invalid', message: 'width and height must each be between 3 and 16' });
    expect(refuse({ recipe: 'slow' })).toEqual({ kind: 'invalid', message: 'the recipe must be one of fast, thesis, gpu, small' });
    expect(refuse({ seed: -1 })).toEqual({ kind: 'invalid', message: 'the seed must be a whole number from 0 to 4294967295' });
    expect(refuse({ learningStarts: 0 })).toMatchObject({ kind: 'invalid', message: 'learning starts must be a whole number >= 1' });
    expect(refuse({ model: { ...model, intercept: 'x' } })).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^the difficulty model is not valid: intercept/) });
  });

  it('a stored session keeps its settings strict but drops malformed chart points and a malformed budget', () => {
    const r = SessionRecordSchema.safeParse({ settings, budget: { minutes: 'ten' }, history: [point, { ...point, epsilon: 'x' }, null, point] });
    if (!r.success) throw new Error(r.error.message);
    expect(r.data.history).toHaveLength(2);
    expect(r.data.budget).toEqual({});
    expect(SessionRecordSchema.safeParse({ settings: { ...settings, encoding: 'jpeg' }, budget: {}, history: [] }).success).toBe(false);
    // Absent limits stay absent (the trainer tells "no limit" from a limit by presence).
    const b = SessionRecordSchema.parse({ settings, budget: { minutes: 3 }, history: [] }).budget;
    expect(Object.keys(b)).toEqual(['minutes']);
  });

  it('generate options: temperature 0..1, count 1..1000, a seed, a start cell or every', () => {
    expect(SdGenerateOptionsSchema.safeParse({ temperature: 0.2, count: 10, seed: 3, startCell: 'every' }).success).toBe(true);
    expect(parseRequest(SdGenerateOptionsSchema, { temperature: 1.2, count: 10, seed: 3 })).toEqual({ kind: 'invalid', message: 'the temperature must be between 0 and 1' });
    expect(parseRequest(SdGenerateOptionsSchema, { temperature: 0.2, count: 1001, seed: 3 })).toEqual({ kind: 'invalid', message: 'the count must be a whole number from 1 to 1,000' });
  });

  it('an IndexedDB record of the older shape reads back as the current one', () => {
    const old = { files: 'f', optimizer: null, settings, budget: { minutes: 2 }, history: [point], savedAt: 'then' };
    // The first shape also predates rulesets: it trained Longcat.
    expect(migrateCheckpointRecord(old)).toEqual({ files: 'f', optimizer: null, savedAt: 'then', session: { settings: { ...settings, rules: 'longcat' }, budget: { minutes: 2 }, history: [point] } });
    const current = { files: 'f', optimizer: null, session: {}, savedAt: 'now' };
    expect(migrateCheckpointRecord(current)).toBe(current);
    expect(migrateCheckpointRecord(undefined)).toBeUndefined();
  });

  it('a session saved before training took a ruleset reads as Longcat; one with a ruleset keeps it', () => {
    const before = { files: 'f', optimizer: null, session: { settings, budget: {}, history: [] }, savedAt: 'then' };
    const migrated = migrateCheckpointRecord(before) as { session: unknown };
    expect(migrated).toEqual({ ...before, session: { settings: { ...settings, rules: 'longcat' }, budget: {}, history: [] } });
    expect(before.session.settings).not.toHaveProperty('rules');
    const parsed = SessionRecordSchema.parse(migrated.session);
    expect(parsed.settings.rules).toBe('longcat');
    const paint = { files: 'f', optimizer: null, session: { settings: { ...settings, rules: 'paint' }, budget: {}, history: [] }, savedAt: 'now' };
    expect(migrateCheckpointRecord(paint)).toBe(paint);
    expect(SessionRecordSchema.parse(paint.session).settings.rules).toBe('paint');
    // A ruleset that does not exist is not guessed at: the record cannot be used, and says why.
    const bad = SessionRecordSchema.safeParse({ settings: { ...settings, rules: 'chess' }, budget: {}, history: [] });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['rules must be one of longcat, paint, ice']);
  });
});
