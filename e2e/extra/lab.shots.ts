/**
 * Screenshots of the predictor lab, empty and full (`npm run screenshots`),
 * into test-results/screenshots/; docs/screenshots/lab.png is a copy of
 * lab-full.png. The data: every real level with synthetic, noisy seconds.
 */
import { expect, test } from '../fixtures';
import { FEATURES, LEVELS, truth } from '../labData';
import { LabPage } from '../pages/LabPage';

const DIR = process.env.LAB_SHOTS_DIR ?? 'test-results/screenshots';

test.use({ viewport: { width: 1440, height: 1000 } });

/** Seconds with multiplicative noise from a fixed linear congruential stream (reproducible pictures). */
function noisyCsv(): string {
  let state = 12345;
  const noise = (): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
  const rows = LEVELS.map((l) => `${l.rows.join('/')},${(truth(FEATURES.get(l.name)!) * (1 + 0.6 * noise()) + 4 * noise()).toFixed(1)}`);
  rows.splice(7, 0, 'C..#/.#x./....,12', 'C..#/.#../....,n/a');
  return `level,avgCompletionSeconds\n${rows.join('\n')}\n`;
}

test('screenshots: the predictor lab, empty and full', async ({ studio, page }) => {
  test.setTimeout(180_000);
  await studio.graph.waitForLevel();
  const lab = new LabPage(page);
  await lab.open();
  await page.screenshot({ path: `${DIR}/lab-empty.png` });

  await lab.importCsv(noisyCsv(), 'analytics-2025.csv');
  await lab.method('ols');
  await lab.features(['nStates', 'nBranches', 'nSolutions', 'shortestSolutionLength', 'nSolutionBranches']);
  await lab.evaluate();
  await lab.method('lasso');
  await lab.evaluate();
  await lab.method('ridge');
  await lab.features(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
  await lab.evaluate();
  await lab.features(['nStates', 'size', 'nBranches', 'nSolutions', 'nFails', 'shortestSolutionLength', 'nSolutionBranches', 'nIndeterminate', 'nIndeterminateBranches']);
  await page.getByTestId('lab.ablate').click();
  await expect(page.getByTestId('lab.ablation')).toBeVisible({ timeout: 120_000 });
  await lab.features(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
  await lab.fit();
  await lab.saveFitted('analytics 2025 ridge', true);
  await page.getByTestId('app.message').getByRole('button').click();
  await studio.waitSaved();
  await page.getByTestId('lab.view').evaluate((el) => el.closest('main')?.scrollTo(0, 0));
  await page.screenshot({ path: `${DIR}/lab-full.png` });
  // The whole lab: a viewport as tall as the page (the workspace scrolls inside the window otherwise).
  const tall = await page.getByTestId('lab.view').evaluate((el) => Math.ceil(el.scrollHeight + 90));
  await page.setViewportSize({ width: 1440, height: tall });
  await page.screenshot({ path: `${DIR}/lab-full-page.png` });
  await page.setViewportSize({ width: 1440, height: 1000 });
  // Mid-run: the progress bar.
  await page.getByTestId('lab.features.graph').click();
  await page.getByTestId('lab.evaluate').click();
  await expect(lab.progress).toBeVisible();
  await page.getByTestId('lab.model').screenshot({ path: `${DIR}/lab-progress.png` });
  await page.getByTestId('lab.cancel').click();
});
