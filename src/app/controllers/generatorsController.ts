/** Runs the generators panel's request in the generators worker and puts the levels in the store (one per page, built by `createServices`). */
import { GeneratorsClient } from '../../workers/generators.client';
import type { MaximizeRequest, MaximizeResult } from '../../workers/generators.protocol';
import type { Outcome } from '../../workers/outcome';
import { generatorsFor, type GeneratorName } from '../../core/generators/registry';
import { allRulesets, rulesetByName } from '../../core/rules/registry';
import type { RulesetName } from '../../core/rules/ruleset';
import { packRules } from '../store/rules';
import type { StudioStore } from '../store/store';
import { generatorPins } from '../store/suggestionsSlice';

/** Why `generator` cannot make levels for a pack under `rules`, as a sentence, or null. */
export function generatorProblem(generator: GeneratorName, rules: RulesetName): string | null {
  if (generatorsFor(rules).includes(generator)) return null;
  const runs = allRulesets().filter((r) => r.assets.generators.includes(generator)).map((r) => r.title);
  return `${generator.toUpperCase()} makes ${runs.join(' and ')} levels only; this pack is ${rulesetByName(rules).title}: use ${generatorsFor(rules).map((g) => g.toUpperCase()).join(' or ')}`;
}

export class GeneratorsController {
  constructor(
    private readonly store: StudioStore,
    readonly client: GeneratorsClient = new GeneratorsClient(),
  ) {}

  async run(): Promise<void> {
    const state = this.store.getState();
    const pins = generatorPins(state, state.generatorSettings.width, state.generatorSettings.height);
    const settings = { ...state.generatorSettings, rules: packRules(state.pack), ...(pins !== undefined ? { pins } : {}) };
    this.store.getState().generationStarted(settings);
    const problem = generatorProblem(settings.generator, settings.rules);
    if (problem !== null) {
      this.store.getState().generationFailed(problem);
      return;
    }
    const outcome = await this.client.generate(settings);
    if (outcome.kind === 'ok') this.store.getState().generationFinished(outcome.value);
    else this.store.getState().generationFailed(outcome.message);
  }

  /** The longest-puzzle search (its section keeps the form and result); a generation still running ends. */
  maximize(request: MaximizeRequest, onProgress?: (done: number, best: number) => void): Promise<Outcome<MaximizeResult>> {
    return this.client.maximize(request, onProgress);
  }

  cancel(): void {
    this.client.cancel();
  }

  dispose(): void {
    this.client.dispose();
  }
}
