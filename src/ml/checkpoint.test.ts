/**
 * The one checkpoint format, through both storage adapters (memory, as
 * IndexedDB keeps a record, and the CLI's folder): a learner restored from a
 * checkpoint continues exactly as the original does, because Adam's state
 * comes back too; broken records are refused with a sentence.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL } from '../core/difficulty/defaultModel';
import { createRng } from '../core/util/rng';
import { folderCheckpointStorage } from '../cli/modelDir';
import { chooseBackend } from './backend';
import { captureOptimizer, readCheckpoint, restoreLearner, writeCheckpoint, type Checkpoint, type CheckpointStorage } from './checkpoint';
import { DqnLearner } from './dqn';
import type { EnvSettings } from './envs';
import { modelToFiles } from './modelFiles';
import { buildModelMeta, networkShape } from './modelMeta';
import { FAST_RECIPE, type TrainingRecipe } from './recipes';
import type { TransitionBatch } from './replay';

const env: EnvSettings = { env: 'sd-pcgrl', width: 4, height: 4, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };
const recipe: TrainingRecipe = { ...FAST_RECIPE, learner: { ...FAST_RECIPE.learner, network: { blocks: [[4]], dense: 8 }, learningRate: 0.01 } };
const SEED = 3;

/** A record in memory, as IndexedDB keeps one (structured data, typed arrays as they are). */
function memoryStorage(): CheckpointStorage & { record: Checkpoint | undefined } {
  const s = {
    record: undefined as Checkpoint | undefined,
    write: async (c: Checkpoint) => void (s.record = c),
    read: async () => s.record,
    remove: async () => void (s.record = undefined),
  };
  return s;
}

function batch(seed: number): TransitionBatch {
  const { side, channels, extra, actions } = networkShape(env);
  const rng = createRng(seed);
  const n = 16;
  const cells = (k: number) => new Float32Array(k).map(() => (rng.next() < 0.3 ? 1 : 0));
  return {
    size: n,
    grid: cells(n * side * side * channels),
    extra: cells(n * extra),
    nextGrid: cells(n * side * side * channels),
    nextExtra: cells(n * extra),
    actions: Int32Array.from({ length: n }, () => rng.int(actions)),
    rewards: Float32Array.from({ length: n }, () => rng.next() * 20),
    dones: Float32Array.from({ length: n }, () => (rng.next() < 0.2 ? 1 : 0)),
    nextMask: Uint8Array.from({ length: n * actions }, () => (rng.next() < 0.7 ? 1 : 0)),
  };
}

async function q(learner: DqnLearner): Promise<Float32Array> {
  const b = batch(99);
  return learner.qValues(b.grid, b.extra, b.size);
}

let original: DqnLearner;
let tmp: string;

beforeAll(async () => {
  await chooseBackend('wasm');
  const { actions, ...obs } = networkShape(env);
  original = new DqnLearner({ ...obs, actions }, recipe.learner, SEED);
  // Two steps, so Adam's moments and iteration count are not their initial values.
  await original.update(batch(1));
  await original.update(batch(2));
  original.syncTarget();
  tmp = mkdtempSync(join(tmpdir(), 'longcat-checkpoint-'));
});

afterAll(() => {
  original.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

const files = () => modelToFiles(original.online, buildModelMeta({ ...env, recipe: 'fast', seed: SEED, counters: { episodes: 7, envSteps: 70, updates: 2, elapsed: 1.5 }, backend: 'wasm', testDifficulty: null }));

describe('checkpoints', () => {
  it.each([
    ['memory (the IndexedDB record)', () => memoryStorage()],
    ['a folder (the CLI)', () => folderCheckpointStorage(join(tmp, 'a'))],
  ])('through %s, a restored learner takes the same next step as the original', async (_name, make) => {
    const storage = make();
    await writeCheckpoint(storage, original, await files(), { note: 'kept' });
    const c = await readCheckpoint(storage);
    if (!c.ok || c.value === null) throw new Error(c.ok ? 'no checkpoint' : c.error);
    expect(c.value.session).toEqual({ note: 'kept' });
    const restored = await restoreLearner(c.value, env, recipe, SEED);
    if (!restored.ok) throw new Error(restored.error);
    expect(restored.value.counters).toEqual({ episodes: 7, envSteps: 70, updates: 2, elapsed: 1.5 });
    const copy = restored.value.learner;
    // Same network now...
    expect([...(await q(copy))]).toEqual([...(await q(original))]);
    // ...and after one more identical step on each (a fresh Adam would step differently: see below).
    const lossOriginal = await original.update(batch(3));
    const lossCopy = await copy.update(batch(3));
    expect(lossCopy).toBeCloseTo(lossOriginal, 6);
    const [a, b] = [await q(original), await q(copy)];
    for (let i = 0; i < a.length; i++) expect(b[i]!).toBeCloseTo(a[i]!, 5);
    copy.dispose();
    // Put the original back to the checkpointed state for the next adapter.
    const back = await restoreLearner(c.value, env, recipe, SEED);
    if (!back.ok) throw new Error(back.error);
    original.dispose();
    original = back.value.learner;
  });

  it('without Adam\'s state the next step differs (so the test above can fail)', async () => {
    const storage = memoryStorage();
    await writeCheckpoint(storage, original, await files());
    const c = await readCheckpoint(storage);
    if (!c.ok || c.value === null) throw new Error('no checkpoint');
    const withState = await restoreLearner(c.value, env, recipe, SEED);
    const fresh = await restoreLearner({ ...c.value, optimizer: null }, env, recipe, SEED);
    if (!withState.ok || !fresh.ok) throw new Error('restore failed');
    await withState.value.learner.update(batch(3));
    await fresh.value.learner.update(batch(3));
    const [a, b] = [await q(withState.value.learner), await q(fresh.value.learner)];
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]!)))).toBeGreaterThan(1e-4);
    withState.value.learner.dispose();
    fresh.value.learner.dispose();
  });

  it('capturing Adam\'s state leaves no tensor behind', async () => {
    const before = tf.memory().numTensors;
    const state = await captureOptimizer(original.optimizer);
    expect(tf.memory().numTensors).toBe(before);
    expect(state.manifest[0]!.name).toBe('iter');
    expect(state.values[0]).toBe(2);
  });

  it('refuses broken or mismatched checkpoints with a sentence, and says when there is none', async () => {
    const empty = memoryStorage();
    expect(await readCheckpoint(empty)).toEqual({ ok: true, value: null });
    expect(await readCheckpoint(folderCheckpointStorage(join(tmp, 'none')))).toEqual({ ok: true, value: null });

    const storage = memoryStorage();
    await writeCheckpoint(storage, original, await files());
    const good = storage.record!;
    storage.record = { ...good, optimizer: { manifest: good.optimizer!.manifest, values: good.optimizer!.values.slice(1) } };
    const truncated = await readCheckpoint(storage);
    expect(truncated.ok === false && truncated.error).toMatch(/optimizer\.values: the optimizer's values do not match its manifest/);
    storage.record = { ...good, files: { ...good.files, weights: 'not bytes' } } as unknown as Checkpoint;
    const notBytes = await readCheckpoint(storage);
    expect(notBytes.ok === false && notBytes.error).toMatch(/files\.weights/);
    const wrongSize = await restoreLearner(good, { ...env, width: 5, height: 5 }, recipe, SEED);
    expect(wrongSize.ok === false && wrongSize.error).toMatch(/trained on 4x4 levels, not 5x5/);

    const dir = join(tmp, 'odd');
    const folder = folderCheckpointStorage(dir);
    await writeCheckpoint(folder, original, await files());
    writeFileSync(join(dir, 'optimizer.bin'), new Uint8Array(7));
    const odd = await readCheckpoint(folder);
    expect(odd.ok === false && odd.error).toMatch(/optimizer\.bin has 7 bytes/);
  });
});
