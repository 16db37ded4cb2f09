/** Picking a model's files: sorted by content (browsers rename downloads), any other JSON refused by name. */
import { describe, expect, it } from 'vitest';
import { folderRules, hasShippedModel, readModelUpload, shippedModelFolder } from './modelFilesIo';

const json = (name: string, value: unknown) => new File([JSON.stringify(value)], name, { type: 'application/json' });
const weights = new File([new Uint8Array([1, 2, 3, 4])], 'weights (2).bin');

describe('readModelUpload', () => {
  it('sorts renamed files by what they hold', async () => {
    const r = await readModelUpload([json('meta (1).json', { format: 'longcat-rl-model' }), weights, json('model (1).json', { modelTopology: {}, weightsManifest: [] })]);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(JSON.parse(r.files.meta)).toEqual({ format: 'longcat-rl-model' });
      expect(JSON.parse(r.files.modelJson)).toEqual({ modelTopology: {}, weightsManifest: [] });
      expect([...r.files.weights]).toEqual([1, 2, 3, 4]);
    }
  });

  it('JSON that is not an object, or an object of neither kind, is named as unknown', async () => {
    for (const odd of [[1, 2], null, 'text', { other: true }]) {
      const r = await readModelUpload([json('a.json', odd), weights, json('model.json', { modelTopology: {} })]);
      expect(r).toEqual({ ok: false, error: 'a.json: not model.json, weights.bin or meta.json' });
    }
  });
});

describe('shipped models by ruleset', () => {
  it('a folder name says its ruleset, and each ruleset names its folder', () => {
    expect(folderRules('sd-pcgrl-8x8')).toBe('longcat');
    expect(folderRules('sd-pcgrl-paint-8x8')).toBe('paint');
    expect(folderRules('sd-pcgrl-chess-8x8')).toBeNull();
    expect(folderRules('turtle-8x8')).toBeNull();
    for (const rules of ['longcat', 'paint'] as const) expect(folderRules(shippedModelFolder(rules))).toBe(rules);
  });

  it('the build ships both: the glob finds each ruleset\'s three files', () => {
    expect(hasShippedModel('longcat')).toBe(true);
    expect(hasShippedModel('paint')).toBe(true);
  });
});
