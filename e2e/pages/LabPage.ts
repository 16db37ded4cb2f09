import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** The predictor lab view: data, model choice, results, fitted model, saved models. */
export class LabPage {
  readonly view: Locator;
  readonly summary: Locator;
  readonly problems: Locator;
  readonly runs: Locator;
  readonly progress: Locator;
  readonly scatter: Locator;
  readonly savedModels: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('lab.view');
    this.summary = page.getByTestId('lab.summary');
    this.problems = page.getByTestId('lab.problem');
    this.runs = page.getByTestId('lab.run');
    this.progress = page.getByTestId('lab.progress');
    this.scatter = page.getByTestId('lab.scatter');
    this.savedModels = page.getByTestId('lab.savedModel');
    this.error = page.getByTestId('lab.error');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('app.view.lab').click();
    await expect(this.view).toBeVisible();
  }

  async backToStudio(): Promise<void> {
    await this.page.getByTestId('app.view.studio').click();
    await expect(this.view).toHaveCount(0);
  }

  /** Imports CSV text as a file and waits until its levels are analysed. */
  async importCsv(text: string, name = 'analytics.csv'): Promise<void> {
    await this.page.getByTestId('lab.csvFile').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
    await expect(this.page.getByTestId('lab.summary.source')).toHaveText(name);
    await expect(this.progress).toHaveCount(0);
  }

  async pasteCsv(text: string): Promise<void> {
    await this.page.getByTestId('lab.csvText').fill(text);
    await this.page.getByTestId('lab.csvPaste').click();
    await expect(this.page.getByTestId('lab.summary.source')).toHaveText('pasted CSV');
    await expect(this.progress).toHaveCount(0);
  }

  async summaryNumber(name: 'used' | 'invalid' | 'unsolvable' | 'capped' | 'rows'): Promise<number> {
    return Number(await this.summary.getAttribute(`data-${name}`));
  }

  /** The invalid rows as listed: line and message. */
  async problemRows(): Promise<{ line: number; message: string }[]> {
    return this.problems.evaluateAll((rows) => rows.map((r) => ({ line: Number(r.getAttribute('data-line')), message: r.querySelectorAll('td')[1]?.textContent ?? '' })));
  }

  async method(name: 'ols' | 'ridge' | 'lasso'): Promise<void> {
    await this.page.getByTestId(`lab.method.${name}`).click();
    await expect(this.page.getByTestId(`lab.method.${name}`)).toHaveAttribute('aria-checked', 'true');
  }

  /** Ticks exactly these features. */
  async features(names: readonly string[]): Promise<void> {
    await this.page.getByTestId('lab.features.none').click();
    for (const n of names) await this.page.getByTestId(`lab.feature.${n}`).check();
  }

  async evaluate(): Promise<void> {
    const before = await this.runs.count();
    await this.page.getByTestId('lab.evaluate').click();
    await expect(this.runs).toHaveCount(before + 1, { timeout: 60_000 });
  }

  async fit(): Promise<void> {
    await this.page.getByTestId('lab.fit').click();
    await expect(this.page.getByTestId('lab.coefficients')).toBeVisible({ timeout: 60_000 });
    await expect(this.progress).toHaveCount(0);
  }

  async run(index: number): Promise<{ method: string; test: number; baseline: number; train: number }> {
    const row = this.runs.nth(index);
    return {
      method: (await row.getAttribute('data-method')) ?? '',
      test: Number(await row.getAttribute('data-test-mse')),
      baseline: Number(await row.getAttribute('data-baseline-mse')),
      train: Number(await row.getAttribute('data-train-mse')),
    };
  }

  /** The fitted model's prediction for the studio's level (full precision). */
  async currentFitted(): Promise<number> {
    return Number(await this.page.getByTestId('lab.current.fitted').getAttribute('data-value'));
  }

  async saveFitted(name: string, activate: boolean): Promise<void> {
    const before = await this.savedModels.count();
    await this.page.getByTestId('lab.saveName').fill(name);
    await this.page.getByTestId(activate ? 'lab.saveActivate' : 'lab.save').click();
    await expect(this.savedModels).toHaveCount(before + 1);
  }

  savedModel(name: string): Locator {
    return this.page.locator(`[data-testid="lab.savedModel"][data-name="${name}"]`);
  }

  async activate(name: string): Promise<void> {
    await this.savedModel(name).getByTestId('lab.savedModel.activate').click();
    await expect(this.savedModel(name)).toHaveAttribute('data-active', 'true');
  }

  /** Clicks Download on a saved model and returns the file's text. */
  async download(name: string): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.savedModel(name).getByTestId('lab.savedModel.download').click();
    return readFileSync(await (await download).path(), 'utf8');
  }

  async uploadModel(text: string, fileName = 'model.json'): Promise<void> {
    await this.page.getByTestId('lab.uploadFile').setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') });
  }

  async activeName(): Promise<string> {
    return this.page.getByTestId('lab.active.name').innerText();
  }
}
