/**
 * One tiny training run on the WebGPU backend. Chromium exposes WebGPU
 * headless only with --enable-unsafe-webgpu, and then on SwiftShader (a
 * software adapter, PLATFORM.md): this checks correctness, never speed.
 */
import config from '../playwright.config';
import { expect, test } from './fixtures';
import { TrainingPage } from './pages/TrainingPage';

const base = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--enable-unsafe-webgpu'] } });

test('a few training updates on WebGPU: the backend is webgpu and the loss is finite', async ({ studio: { page } }) => {
  test.setTimeout(120_000);
  const adapter = await page.evaluate(async () => {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ info?: { architecture?: string } } | null> } }).gpu;
    if (gpu === undefined) return 'no navigator.gpu';
    const a = await gpu.requestAdapter().catch(() => null);
    return a === null ? 'no adapter' : `adapter ${a.info?.architecture ?? ''}`;
  });
  test.skip(!adapter.startsWith('adapter'), `WebGPU is not available in this Chromium (${adapter})`);

  const training = new TrainingPage(page);
  await training.open();
  // 3x3 levels, 64 transitions before the first update: one update per lock-step from the second on.
  // The budget outlasts the test (this test stops the run): a budget shorter than the waits below
  // let a slow machine end the run on its own, and Stop was then never there to click.
  await training.configure({ width: 3, height: 3, minutes: 10, backend: 'webgpu', seed: 2, learningStarts: 64, recipe: 'auto' });
  await training.start();
  await expect.poll(() => training.backend(), { timeout: 30_000 }).toBe('webgpu');
  await expect(page.getByTestId('training.backendReason')).toContainText('webgpu was requested');
  // The adapter is named; on a software one, the auto recipe is fast (gpu needs a real adapter).
  const fallback = await page.getByTestId('training.adapter').getAttribute('data-fallback');
  await expect(page.getByTestId('training.adapter')).not.toBeEmpty();
  // Updates run as the fused WebGPU update (custom kernels on tfjs's device), not as tfjs ops.
  await expect(page.getByTestId('training.updatePath')).toHaveAttribute('data-path', 'fused-webgpu');
  await expect(page.getByTestId('training.sessionRecipe')).toHaveText(fallback === 'true' ? 'fast' : 'gpu');
  await training.waitAbove('updates', 1, 90_000);
  await training.stop();
  await training.expectPhase('stopped', 60_000);
  const loss = await training.counter('loss');
  expect(Number.isFinite(loss)).toBe(true);
  expect(loss).toBeGreaterThanOrEqual(0);
  expect(await training.counter('updates')).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('training.model.backend')).toHaveText('webgpu');
});
