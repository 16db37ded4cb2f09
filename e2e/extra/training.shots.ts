/**
 * Screenshots of the Training view (idle, and running with charts) and the
 * SD-PCGRL section of the Generators dock (`npm run screenshots`), into
 * test-results/screenshots/. docs/screenshots/training.png is a copy of
 * training-running.png.
 */
import { existsSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { SdPcgrlPanel, TrainingPage } from '../pages/TrainingPage';

const DIR = process.env.SHOTS_DIR ?? 'test-results/screenshots';

test('screenshots: the training view idle and running, and the SD-PCGRL generator', async ({ studio: { page } }) => {
  test.setTimeout(180_000);
  const training = new TrainingPage(page);
  await training.open();
  await page.screenshot({ path: `${DIR}/training-idle.png` });

  await training.configure({ width: 8, height: 8, minutes: 1.5, backend: 'auto', seed: 1, learningStarts: 2000 });
  await training.start();
  await training.waitAbove('updates', 60, 90_000);
  await expect.poll(() => training.chartPoints('testDifficulty'), { timeout: 60_000 }).toBeGreaterThan(2);
  await page.screenshot({ path: `${DIR}/training-running.png` });
  await training.pause();
  await training.expectPhase('paused');
  await page.screenshot({ path: `${DIR}/training-paused.png` });

  if (existsSync('models/sd-pcgrl-8x8/meta.json')) {
    await page.getByTestId('app.view.studio').click();
    const sd = new SdPcgrlPanel(page);
    await sd.open();
    await sd.generate({ temperature: 0.2, count: 12, seed: 1 });
    await expect(sd.items).toHaveCount(12, { timeout: 30_000 });
    await sd.panel.scrollIntoViewIfNeeded();
    await sd.panel.screenshot({ path: `${DIR}/sd-pcgrl-section.png` });
    await page.getByTestId('generator.panel').screenshot({ path: `${DIR}/generators-with-sd-pcgrl.png` });
    await page.screenshot({ path: `${DIR}/studio-sd-pcgrl.png` });
  }
});
