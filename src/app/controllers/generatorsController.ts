/** Runs the generators panel's request in the generators worker and puts the levels in the store. */
import type { GeneratorsClient } from '../../workers/generators.client';
import type { StudioStore } from '../store/store';

export async function runGenerators(store: StudioStore, client: GeneratorsClient): Promise<void> {
  const settings = store.getState().generatorSettings;
  store.getState().generationStarted(settings);
  const outcome = await client.generate({ ...settings });
  if ('cancelled' in outcome) {
    store.getState().generationFailed('generation cancelled');
    return;
  }
  store.getState().generationFinished(outcome);
}
