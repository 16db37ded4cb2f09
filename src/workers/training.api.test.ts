/**
 * The training api refuses bad settings, budgets and generate requests with
 * the protocol's sentence as `invalid`, before any tfjs backend starts, and
 * answers every call with an Outcome: what used to throw across the worker
 * boundary (no model to export, a bad upload, a damaged checkpoint) comes
 * back `invalid` or `failed` with its sentence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import type { CheckpointStorage } from '../ml/checkpoint';
import { createTrainingApi } from './training.api';
import { TrainingClient } from './training.client';
import type { TrainingRequest } from './training.protocol';

const good: TrainingRequest = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', recipe: 'fast', seed: 1, model };
const SEED_SENTENCE = 'the seed must be a whole number from 0 to 4294967295';

/** A checkpoint slot holding `record` (read as found); removing it empties it. */
function slot(record: unknown): CheckpointStorage & { removed: boolean } {
  return {
    removed: false,
    async write() {},
    async read() {
      return this.removed ? undefined : record;
    },
    async remove() {
      this.removed = true;
    },
  };
}

describe('training api: bad requests are invalid', () => {
  const { configure, generate, train } = createTrainingApi(slot(undefined));

  it('configure refuses each bad field with its sentence', async () => {
    expect(await configure({ ...good, seed: 2 ** 32 })).toEqual({ kind: 'invalid', message: SEED_SENTENCE });
    expect(await configure({ ...good, seed: -1 })).toEqual({ kind: 'invalid', message: SEED_SENTENCE });
    expect(await configure({ ...good, width: 17 })).toEqual({ kind: 'invalid', message: 'width and height must each be between 3 and 16' });
    expect(await configure({ ...good, env: 'maze' } as unknown as TrainingRequest)).toEqual({ kind: 'invalid', message: 'the environment must be sd-pcgrl or turtle' });
    expect(await configure({ ...good, recipe: 'slow' } as unknown as TrainingRequest)).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^the recipe must be auto or one of /) });
  });

  it('train refuses a bad budget, and any budget before configure', async () => {
    expect(await train({ minutes: -1 }, () => {})).toMatchObject({ kind: 'invalid', message: expect.stringContaining('minutes') });
    expect(await train({ episodes: 1.5 }, () => {})).toMatchObject({ kind: 'invalid', message: expect.stringContaining('episodes') });
    expect(await train({ minutes: 1 }, () => {})).toEqual({ kind: 'invalid', message: 'configure a training session first' });
  });

  it('generate refuses a bad request before looking for a model', async () => {
    expect(await generate({ temperature: 0.2, count: 5, seed: 2 ** 32 })).toEqual({ kind: 'invalid', message: SEED_SENTENCE });
    expect(await generate({ temperature: 1.5, count: 5, seed: 1 })).toEqual({ kind: 'invalid', message: 'the temperature must be between 0 and 1' });
    expect(await generate({ temperature: 0.2, count: 1001, seed: 1 })).toEqual({ kind: 'invalid', message: 'the count must be a whole number from 1 to 1,000' });
  });
});

describe('training api: nothing is thrown across the worker boundary', () => {
  it('with no session: nothing to export, and the meta is null', async () => {
    const api = createTrainingApi(slot(undefined));
    expect(await api.exportModel()).toEqual({ kind: 'invalid', message: 'no model to export: train or upload one first' });
    expect(await api.currentMeta()).toEqual({ kind: 'ok', value: null });
    expect(await api.pause()).toEqual({ kind: 'ok', value: null });
  });

  it('an upload whose meta is not a model meta is invalid, before any backend starts', async () => {
    const api = createTrainingApi(slot(undefined));
    const r = await api.loadModel({ model: {}, weights: new ArrayBuffer(0), meta: { nonsense: true } } as never, model, 'longcat');
    expect(r.kind).toBe('invalid');
  });

  it('no checkpoint: peek and restore answer null; a damaged one fails with its sentence and discard empties the slot', async () => {
    expect(await createTrainingApi(slot(undefined)).peekCheckpoint()).toEqual({ kind: 'ok', value: null });
    expect(await createTrainingApi(slot(undefined)).restoreCheckpoint()).toEqual({ kind: 'ok', value: null });
    const damaged = slot({ files: 'not files', savedAt: 3 });
    const api = createTrainingApi(damaged);
    expect(await api.peekCheckpoint()).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^the saved checkpoint cannot be used: /) });
    expect(await api.restoreCheckpoint()).toMatchObject({ kind: 'failed', message: expect.stringMatching(/^the saved checkpoint cannot be used: /) });
    expect(await api.discardCheckpoint()).toEqual({ kind: 'ok', value: null });
    expect(await api.peekCheckpoint()).toEqual({ kind: 'ok', value: null });
  });

  it('a storage that throws answers failed, not a rejected call', async () => {
    const broken: CheckpointStorage = { async write() {}, async read() { throw new Error('the disk is gone'); }, async remove() { throw new Error('the disk is gone'); } };
    const api = createTrainingApi(broken);
    expect((await api.peekCheckpoint()).kind).toBe('failed');
    expect(await api.discardCheckpoint()).toEqual({ kind: 'failed', message: 'the disk is gone' });
  });
});

describe('training client', () => {
  let client: TrainingClient | null = null;
  afterEach(() => client?.dispose());

  it('passes the api’s invalid through (in-page fallback), not as failed', async () => {
    client = new TrainingClient({ useWorker: false });
    expect(await client.request((api) => api.configure({ ...good, seed: 4294967296 }))).toEqual({ kind: 'invalid', message: SEED_SENTENCE });
    expect(await client.train({ minutes: 0 }, () => {})).toMatchObject({ kind: 'invalid', message: expect.stringContaining('minutes') });
  });
});
