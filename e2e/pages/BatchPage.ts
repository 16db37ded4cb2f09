import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** The Batch view: evaluation settings, progress, the numbers, charts and samples. */
export class BatchPage {
  readonly view: Locator;
  readonly progress: Locator;
  readonly message: Locator;
  readonly histogramBars: Locator;
  readonly spanBars: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('batch.view');
    this.progress = page.getByTestId('batch.progress');
    this.message = page.getByTestId('batch.message');
    this.histogramBars = page.getByTestId('batch.histogram.bar');
    this.spanBars = page.getByTestId('batch.spans.bar');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('app.view.batch').click();
    await this.view.waitFor();
  }

  async settings(o: { generator?: 'rsd' | 'rpu' | 'sd-pcgrl'; width?: number; height?: number; count?: number; seed?: number; temperatures?: string }): Promise<void> {
    if (o.generator !== undefined) await this.page.getByTestId('batch.generator').selectOption(o.generator);
    for (const [id, v] of [['batch.width', o.width], ['batch.height', o.height], ['batch.count', o.count], ['batch.seed', o.seed]] as const) {
      if (v !== undefined) await this.page.getByTestId(id).fill(String(v));
    }
    if (o.temperatures !== undefined) await this.page.getByTestId('batch.temperatures').fill(o.temperatures);
  }

  async run(): Promise<void> {
    await this.page.getByTestId('batch.run').click();
  }

  async waitStatus(status: 'done' | 'cancelled' | 'failed', timeout = 60_000): Promise<void> {
    await expect(this.progress).toHaveAttribute('data-status', status, { timeout });
  }

  /** A summary number's raw value (`generated`, `unique`, `duplicates`, `nonTrivial`, `maxDifficulty`, …). */
  async stat(key: string): Promise<number> {
    return Number(await this.page.getByTestId(`batch.stat.${key}`).getAttribute('data-value'));
  }

  async spanCounts(): Promise<number[]> {
    return (await this.spanBars.evaluateAll((els) => els.map((e) => e.getAttribute('data-count') ?? ''))).map(Number);
  }

  async histogramCounts(): Promise<{ x0: number; count: number }[]> {
    return this.histogramBars.evaluateAll((els) => els.map((e) => ({ x0: Number(e.getAttribute('data-x0')), count: Number(e.getAttribute('data-count')) })));
  }

  /** Clicks a download button and returns the file's name and text. */
  async download(testId: string): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(testId).click();
    const d = await download;
    return { name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') };
  }

  /** Clicks a download button and returns the file's bytes. */
  async downloadBytes(testId: string): Promise<{ name: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(testId).click();
    const d = await download;
    return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
  }
}
