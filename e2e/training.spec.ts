import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { scratchDir } from './scratch';
import { StudioPage } from './pages/StudioPage';
import { SdPcgrlPanel, TrainingPage, type RunSettings } from './pages/TrainingPage';

/**
 * Small and quick: 5x5 levels on WASM (pinned, as PLATFORM.md advises for
 * tests), updates from 500 transitions. The budget outlasts any test that
 * stops its run itself: a wall-clock budget shorter than the waits would let
 * a loaded machine end the run first (then there is no Pause or Stop to click).
 */
const SMALL: RunSettings = { width: 5, height: 5, minutes: 10, backend: 'wasm', seed: 3, learningStarts: 500 };

test('training runs in a worker with live charts and counters; pause, resume, stop', async ({ studio }) => {
  const training = new TrainingPage(studio.page);
  await training.open();
  await training.expectPhase('idle');
  await training.configure(SMALL);
  await training.start();
  await training.expectPhase('running');
  await expect.poll(() => training.backend()).toBe('wasm');
  await expect(studio.page.getByTestId('training.backendReason')).toContainText('wasm was requested');

  // Counters grow; every chart gets points (loss once updates start; the greedy test runs at the start).
  await training.waitAbove('updates', 2);
  const episodes = await training.waitAbove('episodes', 0);
  for (const key of ['epsilon', 'meanReturn', 'episodesPerSecond', 'testDifficulty'] as const) {
    await expect.poll(() => training.chartPoints(key), { message: key }).toBeGreaterThan(0);
  }
  await expect.poll(() => training.chartPoints('meanLoss')).toBeGreaterThan(0);
  const epsilonPoints = await training.chartPoints('epsilon');
  await training.waitAbove('episodes', episodes);
  await expect.poll(() => training.chartPoints('epsilon')).toBeGreaterThan(epsilonPoints);
  expect(Number.isFinite(await training.counter('loss'))).toBe(true);
  expect(await training.counter('envStepsPerSecond')).toBeGreaterThan(0);
  // Progress toward the budget (SMALL.minutes): the share spent and the time left, read from one render, add up to it.
  const budget = studio.page.getByTestId('training.budget');
  await expect(budget).toBeVisible();
  const elapsed = await training.counter('elapsed');
  const spent = Number(await budget.getAttribute('data-spent'));
  const left = Number(await budget.getAttribute('data-left'));
  expect(spent).toBeGreaterThan(0);
  const budgetSeconds = SMALL.minutes * 60;
  expect(Math.abs(spent * budgetSeconds + left - budgetSeconds)).toBeLessThanOrEqual(1.5);
  expect(elapsed).toBeGreaterThan(0);

  // Pause: the counters hold still (how fast it answers is a bench figure: docs/BENCHMARKS.md, training).
  await training.pause();
  await training.expectPhase('paused');
  const paused = { episodes: await training.counter('episodes'), updates: await training.counter('updates') };
  await studio.page.waitForTimeout(800);
  expect(await training.counter('episodes')).toBe(paused.episodes);
  expect(await training.counter('updates')).toBe(paused.updates);
  await expect(training.modelMeta).toBeVisible();

  // Resume: they go on from there.
  await training.resume();
  await training.expectPhase('running');
  await training.waitAbove('episodes', paused.episodes);
  await training.waitAbove('updates', paused.updates);

  // Stop: the run ends as stopped, with the counters it had.
  await training.stop();
  await training.expectPhase('stopped');
  expect((await training.meta()).episodes).toBe(await training.counter('episodes'));
});

test('a reload offers the IndexedDB checkpoint, and resuming continues the counters and charts', async ({ studio: { page } }) => {
  const training = new TrainingPage(page);
  await training.open();
  await training.configure(SMALL);
  await training.start();
  await training.waitAbove('updates', 1);
  await training.pause();
  await training.expectPhase('paused');
  const before = { episodes: await training.counter('episodes'), envSteps: await training.counter('envSteps'), updates: await training.counter('updates'), elapsed: await training.counter('elapsed') };
  const points = await training.chartPoints('epsilon');

  // Once the workspace is saved, a reload brings back the Training view.
  await new StudioPage(page).waitSaved();
  await page.reload();
  await training.view.waitFor();
  await expect(training.checkpoint).toBeVisible({ timeout: 20_000 });
  await expect(training.checkpoint).toHaveAttribute('data-episodes', String(before.episodes));
  await expect(training.checkpoint).toHaveAttribute('data-updates', String(before.updates));
  await page.getByTestId('training.checkpoint.resume').click();
  await training.expectPhase('running');
  await expect(page.getByTestId('training.width')).toHaveValue('5');
  // The charts come back with the run's history, and the counters go on from the checkpoint.
  expect(await training.chartPoints('epsilon')).toBeGreaterThanOrEqual(points);
  expect(await training.counter('episodes')).toBeGreaterThanOrEqual(before.episodes);
  expect(await training.counter('elapsed')).toBeGreaterThanOrEqual(before.elapsed);
  await training.waitAbove('episodes', before.episodes);
  await training.waitAbove('envSteps', before.envSteps);
  await training.waitAbove('updates', before.updates);
  await training.stop();
  await training.expectPhase('stopped');
});

test('download then upload round-trips the model; a corrupt weights.bin is refused and the model kept', async ({ studio: { page } }) => {
  const training = new TrainingPage(page);
  await training.open();
  await training.configure({ ...SMALL, minutes: 0.05 });
  await training.start();
  await training.expectPhase('finished', 40_000);
  const dir = scratchDir('model');
  const files = await training.download(dir);
  const downloaded = JSON.parse(readFileSync(files['meta.json'], 'utf8')) as Record<string, unknown>;
  expect(downloaded).toMatchObject({ format: 'longcat-rl-model', env: 'sd-pcgrl', width: 5, height: 5, recipe: 'fast', seed: 3, backend: 'wasm' });
  expect(downloaded.testDifficulty).toEqual(expect.any(Number));

  // A fresh page has no model; uploading the three files shows the same meta.
  // Once the workspace is saved, a reload brings back the Training view.
  await new StudioPage(page).waitSaved();
  await page.reload();
  await training.view.waitFor();
  await expect(training.modelMeta).toHaveCount(0);
  await training.upload([{ name: 'model.json', path: files['model.json'] }, { name: 'weights.bin', path: files['weights.bin'] }, { name: 'meta.json', path: files['meta.json'] }]);
  await expect(training.modelMeta).toBeVisible();
  expect(await training.meta()).toEqual(downloaded);
  await expect(page.getByTestId('training.model.episodes')).toHaveText(Number(downloaded.episodes).toLocaleString('en-US'));
  await training.expectPhase('paused');
  await expect(training.uploadError).toHaveCount(0);

  // Truncated weights: a clear error, and the model shown stays the same.
  const weights = readFileSync(files['weights.bin']);
  await training.upload([{ name: 'model.json', path: files['model.json'] }, { name: 'weights.bin', buffer: weights.subarray(0, weights.length - 400) }, { name: 'meta.json', path: files['meta.json'] }]);
  await expect(training.uploadError).toContainText('weights.bin has');
  await expect(training.uploadError).toContainText('do not belong together or are truncated');
  expect(await training.meta()).toEqual(downloaded);
  // A meta.json for another size does not fit the network either.
  const other = { ...downloaded, width: 6, height: 6 };
  await training.upload([{ name: 'model.json', path: files['model.json'] }, { name: 'weights.bin', path: files['weights.bin'] }, { name: 'meta.json', buffer: Buffer.from(JSON.stringify(other)) }]);
  await expect(training.uploadError).toContainText('6x6');
  expect(await training.meta()).toEqual(downloaded);
  await training.expectPhase('paused');
});

test('SD-PCGRL in the Generators panel: the shipped model at t = 0.2 gives levels with difficulties, solvable in the editor', async ({ studio, page }) => {
  test.skip(!existsSync('models/sd-pcgrl-8x8/meta.json'), 'no shipped model: models/sd-pcgrl-8x8/meta.json is absent');
  const sd = new SdPcgrlPanel(page);
  await sd.open();
  await expect(page.getByTestId('sd.model.info')).toContainText('8x8');
  await expect(page.getByTestId('sd.model.info')).toContainText('episodes');
  await sd.generate({ temperature: 0.2, count: 8, seed: 5 });
  await expect(sd.items).toHaveCount(8, { timeout: 30_000 });
  await expect(sd.items.getByTestId('thumb')).toHaveCount(8);
  for (const d of await sd.difficulties()) {
    expect(d).not.toBe('');
    expect(Number(d)).toBeGreaterThanOrEqual(0);
  }
  await expect(page.getByTestId('sd.model.backend')).toContainText('generating on');
  await expect(page.getByTestId('sd.summary')).toContainText('at t = 0.20');

  // Open one: the editor shows it and its graph has a success state (solution-down levels are solvable).
  const rows = await sd.items.nth(2).getAttribute('data-id');
  // The CLI names the same level the same way (core/generators/provenance.ts).
  expect(rows).toBe('sd-pcgrl-8x8-s5-t0.2-2');
  await sd.items.nth(2).getByTestId('sd.open').click();
  await studio.graph.waitForLevel();
  const counts = await studio.graph.classCounts();
  expect(counts.success).toBeGreaterThan(0);
  expect(counts.solution).toBeGreaterThan(0);

  // From a chosen start cell, every level starts there.
  await sd.generate({ temperature: 0.2, count: 4, seed: 5, startMode: 'cell', cell: 9 });
  await expect(page.getByTestId('sd.summary')).toContainText('4 levels');
  expect(await sd.items.evaluateAll((els) => els.map((e) => e.getAttribute('data-start')))).toEqual(['9', '9', '9', '9']);
  await sd.items.nth(1).getByTestId('sd.add').click();
  await studio.pack.show();
  expect(await studio.pack.ids()).toHaveLength(1);
});
