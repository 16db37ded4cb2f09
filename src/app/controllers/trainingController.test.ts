/**
 * The training controller keeps SD-PCGRL to the pack's ruleset (SPEC §12):
 * a model, run or checkpoint of another ruleset is refused with one sentence
 * and nothing changes, and a change of the pack's ruleset drops a generator
 * model of the old one. No worker is started here: every refusal happens
 * before one would be.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseModelMeta, type ModelMeta } from '../../ml/schemas';
import { createStudioStore, type StudioStore } from '../store/store';
import { TrainingController } from './trainingController';

const meta = (dir: string): ModelMeta => {
  const r = parseModelMeta(readFileSync(`models/${dir}/meta.json`, 'utf8'));
  if (!r.ok) throw new Error(r.error);
  return r.meta;
};
const PAINT = meta('sd-pcgrl-paint-8x8');
const LONGCAT = meta('sd-pcgrl-8x8');
const settings = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', recipe: 'fast', seed: 1 } as const;

let controller: TrainingController | null = null;
afterEach(() => controller?.dispose());

function setup(rules: 'longcat' | 'paint'): { store: StudioStore; c: TrainingController } {
  const store = createStudioStore();
  if (rules === 'paint') store.getState().newPack('paint');
  controller = new TrainingController(store);
  return { store, c: controller };
}

const lastError = (store: StudioStore): string | undefined => store.getState().messages.filter((m) => m.kind === 'error').at(-1)?.text;

describe('TrainingController and the pack\'s ruleset', () => {
  it('a saved paint run does not resume in a Longcat pack: one sentence, the checkpoint and phase stay', async () => {
    const { store, c } = setup('longcat');
    const checkpoint = { settings: { ...settings, rules: 'paint' as const }, budget: {}, meta: PAINT, history: [], savedAt: '2026-11-25T10:00:00Z' };
    store.getState().setTrainingCheckpoint(checkpoint);
    await c.resumeCheckpoint();
    expect(store.getState().trainingError).toBe('This run trains for Paint and this pack is Longcat: open a Paint pack to resume it (nothing was changed).');
    expect(store.getState().trainingPhase).toBe('idle');
    expect(store.getState().trainingCheckpoint).toBe(checkpoint);
    expect(store.getState().trainingSession).toBeNull();
  });

  it('Turtle is not started in a paint pack: one sentence, nothing started', async () => {
    const { store, c } = setup('paint');
    store.getState().setTrainingForm({ env: 'turtle' });
    await c.start();
    expect(store.getState().trainingError).toBe("This pack is Paint: the Turtle environment is Longcat's only; train sd-pcgrl for paint.");
    expect(store.getState().trainingPhase).toBe('idle');
    expect(store.getState().trainingSession).toBeNull();
  });

  it("the run's model goes to the generator only in a pack of its ruleset; the generator's model is kept", async () => {
    const { store, c } = setup('longcat');
    store.getState().trainingSessionStarted({ ...settings, rules: 'paint' }, { backend: 'wasm', reason: 'test' });
    const before = { status: 'ready', source: 'shipped', meta: LONGCAT, backend: null, error: null } as const;
    store.getState().setSdModel(before);
    await c.useTrainedModel();
    expect(lastError(store)).toBe('This model was trained for Paint levels and this pack is Longcat: use a Longcat model (nothing was changed).');
    expect(store.getState().sdModel).toEqual(before);
  });

  it("a change of the pack's ruleset drops a generator model of the old ruleset, and keeps one of the new", () => {
    const { store } = setup('longcat');
    store.getState().setSdModel({ status: 'ready', source: 'shipped', meta: LONGCAT });
    store.getState().newPack('paint');
    expect(store.getState().sdModel.meta).toBeNull();
    expect(store.getState().sdModel.source).toBeNull();
    expect(store.getState().sdModel.status === 'ready').toBe(false);

    // A paint model (say, one trained here) stays through a change back to paint.
    store.getState().newPack('longcat');
    store.getState().setSdModel({ status: 'ready', source: 'training', meta: PAINT, error: null });
    store.getState().newPack('paint');
    expect(store.getState().sdModel).toMatchObject({ status: 'ready', source: 'training', meta: PAINT });
  });

  it('a generate refuses a model of another ruleset before the worker is asked', async () => {
    const { store, c } = setup('paint');
    store.getState().setSdModel({ status: 'ready', source: 'shipped', meta: LONGCAT, error: null });
    await c.generate();
    expect(store.getState().sdRun).toMatchObject({ status: 'failed', message: 'This model was trained for Longcat levels and this pack is Paint: use a Paint model (nothing was changed)' });
  });
});
