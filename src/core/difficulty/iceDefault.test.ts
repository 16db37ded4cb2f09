/**
 * Ice's default difficulty model (SPEC §14, models/difficulty/ice-default.json):
 * the ruleset's folder names it, `defaultModelFor('ice')` loads it, and its
 * recorded recipe rebuilds it byte for byte but for the date.
 */
import { describe, expect, it } from 'vitest';
import shippedIceText from '../../../models/difficulty/ice-default.json?raw';
import { defaultModelFor } from './defaultModel';
import type { DifficultyModel } from './model';
import { buildModelFromGenerated, corpusSpecs, type GeneratedRecipe } from './recipe';

describe('ice-default.json', () => {
  it('is what defaultModelFor gives for ice, fitted under --rules ice on an RSD-only corpus', () => {
    const m = defaultModelFor('ice');
    expect(m.name).toBe('ice-default');
    expect(m.provenance.command).toMatch(/--rules ice/);
    expect(corpusSpecs(10, 'ice').map((s) => s.generator)).toEqual(['rsd', 'rsd', 'rsd']);
    expect(defaultModelFor('ice')).toBe(m);
  });

  it('rebuilds from its recorded recipe, byte for byte but for createdAt', () => {
    const json = JSON.parse(shippedIceText) as DifficultyModel;
    const command = json.provenance.command!;
    const opt = (name: string): string => new RegExp(`--${name} (\\S+)`).exec(command)![1]!;
    const features = opt('features').split(',');
    const recipe: GeneratedRecipe = {
      name: opt('name'),
      rules: 'ice',
      iterations: Number(opt('generated')),
      seed: Number(opt('seed')),
      method: opt('method') as GeneratedRecipe['method'],
      features: features.map((f) => f.replace(/^log1p:/, '')) as GeneratedRecipe['features'],
      transforms: features.map((f) => (f.startsWith('log1p:') ? 'log1p' : 'identity')),
      labelTransform: opt('label') as NonNullable<GeneratedRecipe['labelTransform']>,
      command,
    };
    const rebuilt = buildModelFromGenerated(recipe, json.provenance.createdAt);
    expect(JSON.stringify(rebuilt, null, 2) + '\n').toBe(shippedIceText);
  });
});
