import { describe, expect, it, vi } from 'vitest';
import { createServices } from './services';

// No Worker in Node: every client falls back to this thread, which runs the same apis.
describe('createServices', () => {
  it('builds every controller once, and they drive the store through their workers', async () => {
    const services = createServices();
    const { store } = services;
    store.getState().setGeneratorSettings({ generator: 'rsd', width: 6, height: 6, seed: 3, count: 4 });
    await services.generators.run();
    expect(store.getState().generatorRun.status).toBe('done');
    const ids = store.getState().generatorRun.levels.map((l) => l.id);
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(id).toMatch(/^rsd-6x6-s3-\d+$/);
    expect(new Set(ids).size).toBe(4);
    // A refused request reaches the store as a sentence, not as an empty success.
    store.getState().setGeneratorSettings({ count: 0 });
    await services.generators.run();
    expect(store.getState().generatorRun).toMatchObject({ status: 'failed', message: 'the count must be a whole number from 1 to 500' });
    services.dispose();
  });

  it('dispose() stops every controller and each worker client it owns', () => {
    const services = createServices();
    const spies = [
      vi.spyOn(services.generators.client, 'dispose'),
      vi.spyOn(services.batch.client, 'dispose'),
      vi.spyOn(services.lab.client, 'dispose'),
      vi.spyOn(services.training.trainer, 'dispose'),
      vi.spyOn(services.training.generator, 'dispose'),
      vi.spyOn(services.analysis, 'dispose'),
    ];
    services.dispose();
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
  });
});
