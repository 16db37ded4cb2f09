/** Runs the generators panel's request in the generators worker and puts the levels in the store (one per page, built by `createServices`). */
import { GeneratorsClient } from '../../workers/generators.client';
import type { StudioStore } from '../store/store';

export class GeneratorsController {
  constructor(
    private readonly store: StudioStore,
    readonly client: GeneratorsClient = new GeneratorsClient(),
  ) {}

  async run(): Promise<void> {
    const settings = this.store.getState().generatorSettings;
    this.store.getState().generationStarted(settings);
    const outcome = await this.client.generate({ ...settings });
    if (outcome.kind === 'ok') this.store.getState().generationFinished(outcome.value);
    else this.store.getState().generationFailed(outcome.message);
  }

  cancel(): void {
    this.client.cancel();
  }

  dispose(): void {
    this.client.dispose();
  }
}
