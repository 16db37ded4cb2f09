/** The generators panel: settings and the last run's levels. */
import type { GeneratorName } from '../../core/generators/registry';
import type { RulesetName } from '../../core/rules/ruleset';
import type { GeneratedLevel, GenerateResult } from '../../workers/generators.protocol';
import type { SliceCreator } from './types';

export interface GeneratorSettingsState {
  readonly generator: GeneratorName;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly count: number;
}

/** A run's settings: the form's, and the ruleset the levels were made and analysed under (the pack's then). */
export interface GeneratorRunSettings extends GeneratorSettingsState {
  readonly rules: RulesetName;
  /** The pinned cells the levels keep, as pin rows (`core/generators/pins.ts`); absent when none were kept. */
  readonly pins?: readonly string[] | undefined;
}

export interface GeneratorRun {
  readonly status: 'idle' | 'running' | 'done' | 'failed';
  readonly settings: GeneratorRunSettings | null;
  readonly levels: readonly GeneratedLevel[];
  readonly iterations: number;
  readonly duplicates: number;
  readonly message: string | null;
}

export interface GeneratorsSlice {
  generatorSettings: GeneratorSettingsState;
  generatorRun: GeneratorRun;

  setGeneratorSettings(patch: Partial<GeneratorSettingsState>): void;
  generationStarted(settings: GeneratorRunSettings): void;
  generationFinished(result: GenerateResult): void;
  generationFailed(message: string): void;
}

export const DEFAULT_GENERATOR_SETTINGS: GeneratorSettingsState = { generator: 'rsd', width: 8, height: 8, seed: 1, count: 12 };

export const createGeneratorsSlice: SliceCreator<GeneratorsSlice> = () => (set, get) => ({
  generatorSettings: DEFAULT_GENERATOR_SETTINGS,
  generatorRun: { status: 'idle', settings: null, levels: [], iterations: 0, duplicates: 0, message: null },

  setGeneratorSettings: (patch) => set({ generatorSettings: { ...get().generatorSettings, ...patch } }),
  // The last run's levels go with it: shown beside the new run's settings they would take its seed, rules
  // and pins ("+ Pack" would record the new seed as their source; their pinned cells would lose their outlines).
  generationStarted: (settings) => set({ generatorRun: { status: 'running', settings, levels: [], iterations: 0, duplicates: 0, message: null } }),
  generationFinished: (r) =>
    set({
      generatorRun: {
        status: 'done',
        settings: get().generatorRun.settings,
        levels: r.levels,
        iterations: r.iterations,
        duplicates: r.duplicates,
        message: r.message,
      },
    }),
  generationFailed: (message) => set({ generatorRun: { ...get().generatorRun, status: 'failed', message } }),
});
