/**
 * The predictor lab end to end: player data as CSV (real levels, seconds a
 * known linear function of features the naive solver computes here in
 * Node, plus malformed rows), evaluation beside the baseline, fit, save,
 * activate, and the gauge in the studio switching to the saved model —
 * checked against the model's formula worked by hand from the downloaded
 * file. Then uploads, reloads, corrupt saved models, the playtest log.
 */
import { expect, test } from './fixtures';
import { analyticsCsv, BAD_ROWS, FEATURES, GAUGE_LEVEL, truth, UNSOLVABLE, type Features } from './labData';
import { designLevels, pathToClass, SHARED_DATA_MISSING } from './levels';
import { LabPage } from './pages/LabPage';
import { StudioPage } from './pages/StudioPage';
import { naiveAnalyze } from '../test/naive/naiveSolver';
import { formatDifficulty } from '../src/core/difficulty/scale';

/** The model file's formula, worked here: scale * (intercept + sum coef (x - mean) / sd) + offset (no clamp). */
function byHand(model: { features: string[]; means: number[]; scales: number[]; coefficients: number[]; intercept: number; label: { scale: number; offset: number } }, f: Features): number {
  let y = model.intercept;
  model.features.forEach((name, i) => {
    y += (model.coefficients[i]! * (f[name as keyof Features] - model.means[i]!)) / model.scales[i]!;
  });
  return y * model.label.scale + model.label.offset;
}

const gaugeValue = async (studio: StudioPage): Promise<number> => Number(await studio.page.getByTestId('gauge.value').getAttribute('data-value'));

test('CSV -> invalid rows listed -> ridge evaluated and fitted -> saved, activated: the gauge uses it, also after a reload', async ({ studio, page }) => {
  test.setTimeout(120_000);
  const level = GAUGE_LEVEL;
  const features = FEATURES.get(level.name)!;
  expect(features.nSolutions).toBeGreaterThan(0);
  expect(naiveAnalyze(UNSOLVABLE).features.nSolutions).toBe(0);
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForLevel();
  await expect(page.getByTestId('gauge.value')).not.toHaveAttribute('data-value', '');
  const defaultValue = await gaugeValue(studio);

  const lab = new LabPage(page);
  await lab.open();
  await expect(page.getByTestId('lab.active')).toHaveAttribute('data-default', 'true');
  await expect(page.getByTestId('lab.runs.empty')).toBeVisible();
  const csv = analyticsCsv();
  await lab.importCsv(csv.text);

  // Every malformed row is listed with its line; the unsolvable level is skipped and counted.
  expect(await lab.summaryNumber('used')).toBe(csv.levels);
  expect(await lab.summaryNumber('invalid')).toBe(BAD_ROWS.length);
  expect(await lab.summaryNumber('unsolvable')).toBe(1);
  expect(await lab.summaryNumber('rows')).toBe(csv.levels + 1 + BAD_ROWS.length);
  const listed = await lab.problemRows();
  expect(listed.map((p) => p.line)).toEqual(csv.badLines.map((b) => b.line));
  csv.badLines.forEach((b, i) => expect(listed[i]!.message).toContain(b.says));
  await expect(page.getByTestId('lab.featurePlot')).toHaveCount(13);
  await expect(page.locator('[data-testid="lab.featurePlot"][data-feature="nSolutionBranches"]')).toHaveAttribute('data-points', String(csv.levels));

  // Table 4.1 row: ridge on iteration 7 features, far better than predicting the mean (the labels are linear in them).
  await lab.method('ridge');
  await lab.features(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
  await lab.evaluate();
  const run = await lab.run(0);
  expect(run.method).toBe('ridge');
  expect(run.baseline).toBeGreaterThan(10);
  expect(run.test).toBeLessThan(run.baseline / 100);
  await expect(lab.runs.nth(0)).toContainText('nSolutions, nSolutionBranches, nIndeterminateBranches');

  await lab.fit();
  await expect(lab.scatter).toHaveAttribute('data-points', String(csv.levels));
  await expect(page.getByTestId('lab.scatter.diagonal')).toHaveCount(1);
  const fitted = await lab.currentFitted();
  expect(Math.abs(fitted - truth(features))).toBeLessThan(0.5);

  await lab.saveFitted('analytics ridge', true);
  await expect(lab.savedModel('analytics ridge')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('lab.active.name')).toHaveText('analytics ridge');
  await expect(page.getByTestId('lab.active.provenance')).toContainText('ridge (alpha');
  await expect(page.getByTestId('lab.active.provenance')).toContainText('analytics.csv');
  const model = JSON.parse(await lab.download('analytics ridge'));
  expect(model.features).toEqual(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
  expect(model.method).toBe('ridge');
  const expected = byHand(model, features);
  expect(expected).toBeCloseTo(fitted, 9);
  expect(Math.abs(expected - defaultValue)).toBeGreaterThan(0.5);

  await lab.backToStudio();
  await expect(page.getByTestId('gauge.model')).toContainText('analytics ridge');
  expect(await gaugeValue(studio)).toBeCloseTo(expected, 9);
  await expect(page.getByTestId('gauge.value')).toHaveText(formatDifficulty(expected));

  // A reload keeps the saved models and the active choice.
  await studio.waitSaved();
  await page.reload();
  const again = new StudioPage(page);
  await again.editor.expectRows(level.rows);
  await again.graph.waitForLevel();
  await expect(page.getByTestId('gauge.model')).toContainText('analytics ridge');
  await expect.poll(() => gaugeValue(again)).toBeCloseTo(expected, 9);

  // Back to the shipped default.
  await lab.open();
  await expect(lab.savedModel('analytics ridge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('lab.useDefault').click();
  await expect(page.getByTestId('lab.active')).toHaveAttribute('data-default', 'true');
  await lab.backToStudio();
  expect(await gaugeValue(again)).toBeCloseTo(defaultValue, 9);
});

test('a malformed model upload lists its problems and changes nothing; a valid one is added', async ({ studio, page }) => {
  const lab = new LabPage(page);
  await studio.graph.waitForLevel();
  const before = await gaugeValue(studio);
  await lab.open();
  const activeBefore = await lab.activeName();
  const bad = { format: 'longcat-difficulty-model', version: 1, name: 'broken', features: ['nSolutions', 'bogus'], means: [1], scales: [0, 1], coefficients: [1, 2], intercept: 'x' };
  await lab.uploadModel(JSON.stringify(bad), 'broken.json');
  await expect(page.getByTestId('lab.uploadProblems')).toContainText('broken.json');
  const problems = await page.getByTestId('lab.uploadProblem').allInnerTexts();
  expect(problems.length).toBeGreaterThanOrEqual(4);
  expect(problems.some((p) => p.startsWith('features[1]'))).toBe(true);
  expect(problems.some((p) => p.startsWith('intercept'))).toBe(true);
  await expect(lab.savedModels).toHaveCount(1); // only the shipped default
  expect(await lab.activeName()).toBe(activeBefore);
  await lab.uploadModel('{ not json', 'garbage.json');
  // The list is the new file's once it names it (until then it is still broken.json's eight problems).
  await expect(page.getByTestId('lab.uploadProblems')).toContainText('garbage.json');
  await expect(page.getByTestId('lab.uploadProblem')).toContainText('not valid JSON');
  await expect(lab.savedModels).toHaveCount(1);

  // The shipped default, downloaded and uploaded again under another name, is valid.
  const shipped = JSON.parse(await lab.download(activeBefore));
  await lab.uploadModel(JSON.stringify({ ...shipped, name: 'default again' }), 'again.json');
  await expect(page.getByTestId('lab.uploadProblems')).toHaveCount(0);
  await expect(lab.savedModels).toHaveCount(2);
  expect(await lab.activeName()).toBe(activeBefore);
  await lab.activate('default again');
  await expect(page.getByTestId('lab.active.name')).toHaveText('default again');
  await lab.backToStudio();
  expect(await gaugeValue(studio)).toBeCloseTo(before, 9);
});

test('a corrupt saved active model is reported and the default is used', async ({ studio, page }) => {
  await studio.graph.waitForLevel();
  const defaultName = (await page.getByTestId('gauge.model').textContent()) ?? '';
  await studio.writeSaved({
    labModels: { version: 1, activeId: 'm1', models: [{ id: 'm1', savedAt: '', model: { format: 'longcat-difficulty-model', version: 1, name: 'hand edited', coefficients: 'nope' } }] },
  });
  await page.reload();
  const again = new StudioPage(page);
  await again.editor.grid.waitFor();
  const errors = page.locator('[data-testid="app.message"][data-kind="error"]');
  await expect(errors.filter({ hasText: 'saved difficulty model "hand edited" is invalid' })).toHaveCount(1);
  await expect(errors.filter({ hasText: 'active difficulty model was corrupt; using the shipped default' })).toHaveCount(1);
  await expect(page.getByTestId('gauge.model')).toHaveText(defaultName);
  const lab = new LabPage(page);
  await lab.open();
  await expect(page.getByTestId('lab.active')).toHaveAttribute('data-default', 'true');
  await expect(lab.savedModels).toHaveCount(1);
});

test('progress and cancel; the ablation tables; the playtest log as data', async ({ studio, page }) => {
  test.setTimeout(120_000);
  const lab = new LabPage(page);
  // Win one level so the playtest log has a play (binswing-06 when the real sets are here, else one of ours).
  const level = designLevels(['longcat-binswing-52.txt'])[SHARED_DATA_MISSING ? 0 : 5]!;
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForLevel();
  await studio.playtest.start();
  await studio.playtest.play(pathToClass(level.rows, 'success')!.moves);
  await expect(studio.playtest.status).toHaveAttribute('data-outcome', 'won');
  await page.keyboard.press('Escape');

  await lab.open();
  const csv = analyticsCsv();
  await lab.pasteCsv(csv.text);
  expect(await lab.summaryNumber('used')).toBe(csv.levels);

  // A long ablation (all 13 features: 8191 subsets) shows its progress and stops on Cancel.
  await page.getByTestId('lab.features.none').click();
  await expect(page.getByTestId('lab.ablate')).toBeDisabled();
  for (const f of ['nStates', 'size', 'nBranches', 'nSolutions', 'nFails', 'shortestSolutionLength', 'nSolutionBranches', 'nNonDead', 'nIndeterminate', 'nIndeterminateBranches', 'solutionPaths', 'expectedDecisions', 'expectedMoves']) {
    await page.getByTestId(`lab.feature.${f}`).check();
  }
  await lab.method('ols');
  await expect(page.getByTestId('lab.ablate')).toHaveText('Ablation (8,191 subsets)');
  await page.getByTestId('lab.ablate').click();
  await expect(lab.progress).toHaveAttribute('data-total', '8191');
  await expect.poll(async () => Number(await lab.progress.getAttribute('data-done'))).toBeGreaterThan(0);
  await page.getByTestId('lab.cancel').click();
  await expect(lab.progress).toHaveCount(0);
  await expect(page.getByTestId('lab.ablation')).toHaveCount(0);

  // A small one runs to the end: 7 subsets of 3 features, the top table and usage counts beside the baseline.
  await lab.features(['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches']);
  await page.getByTestId('lab.ablate').click();
  await expect(page.getByTestId('lab.ablation')).toHaveAttribute('data-subsets', '7');
  await expect(page.getByTestId('lab.ablation.row')).toHaveCount(7);
  const best = Number(await page.getByTestId('lab.ablation.row').first().getAttribute('data-mse'));
  expect(best).toBeLessThan(0.01); // the full, true subset
  await expect(page.getByTestId('lab.ablation.row').first()).toContainText('nSolutions, nSolutionBranches, nIndeterminateBranches');
  await expect(page.getByTestId('lab.usage.row')).toHaveCount(3);
  await expect(page.locator('[data-testid="lab.usage.row"][data-feature="nSolutionBranches"]')).toHaveAttribute('data-count', '4');

  // The playtest log: one level, one play — too few to evaluate, and the lab says so.
  await expect(page.getByTestId('lab.usePlaytests')).toHaveText('Use playtest log (1 play, 1 level)');
  await page.getByTestId('lab.usePlaytests').click();
  await expect(page.getByTestId('lab.summary.source')).toHaveText('studio playtest log');
  expect(await lab.summaryNumber('used')).toBe(1);
  await page.getByTestId('lab.evaluate').click();
  await expect(lab.error).toContainText('at least 5 usable levels are needed');
});
