/**
 * The training api refuses bad settings, budgets and generate requests with
 * the protocol's sentence as `invalid` (not a throw that the client would
 * report as `failed`), before any tfjs backend starts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL as model } from '../core/difficulty/defaultModel';
import { configure, generate, train } from './training.api';
import { TrainingClient } from './training.client';
import type { TrainingRequest } from './training.protocol';

const good: TrainingRequest = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', recipe: 'fast', seed: 1, model };
const SEED_SENTENCE = 'the seed must be a whole number from 0 to 4294967295';

// The api keeps one session and one imported model per module, and test files share modules (isolate: false):
// every request below is refused before that state is looked at, so the answers hold whatever ran before.
describe('training api: bad requests are invalid', () => {
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

describe('training client', () => {
  let client: TrainingClient | null = null;
  afterEach(() => client?.dispose());

  it('passes the api’s invalid through (in-page fallback), not as failed', async () => {
    client = new TrainingClient({ useWorker: false });
    expect(await client.request((api) => api.configure({ ...good, seed: 4294967296 }))).toEqual({ kind: 'invalid', message: SEED_SENTENCE });
    expect(await client.train({ minutes: 0 }, () => {})).toMatchObject({ kind: 'invalid', message: expect.stringContaining('minutes') });
  });
});
