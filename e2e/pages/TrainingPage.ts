import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export type Phase = 'idle' | 'starting' | 'running' | 'pausing' | 'paused' | 'stopping' | 'stopped' | 'finished' | 'failed';
export type Counter = 'episodes' | 'envSteps' | 'updates' | 'elapsed' | 'loss' | 'epsilon' | 'testDifficulty' | 'episodesPerSecond' | 'envStepsPerSecond' | 'updatesPerSecond';
export type ChartKey = 'testDifficulty' | 'meanReturn' | 'meanLoss' | 'epsilon' | 'episodesPerSecond';

export interface RunSettings {
  readonly width: number;
  readonly height: number;
  readonly minutes: number;
  readonly backend: 'auto' | 'webgpu' | 'wasm' | 'webgl' | 'cpu';
  readonly seed?: number;
  readonly recipe?: 'auto' | 'fast' | 'gpu' | 'thesis';
  /** Transitions before the first update (Advanced). */
  readonly learningStarts?: number;
}

/** The Training view: settings, controls, counters, charts, checkpoint offer, model card. */
export class TrainingPage {
  readonly view: Locator;
  readonly phase: Locator;
  readonly checkpoint: Locator;
  readonly uploadError: Locator;
  readonly modelMeta: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('training.view');
    this.phase = page.getByTestId('training.phase');
    this.checkpoint = page.getByTestId('training.checkpoint');
    this.uploadError = page.getByTestId('training.uploadError');
    this.modelMeta = page.getByTestId('training.model.meta');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('app.view.training').click();
    await this.view.waitFor();
  }

  async configure(s: RunSettings): Promise<void> {
    const p = this.page;
    await p.getByTestId('training.env').selectOption('sd-pcgrl');
    await p.getByTestId('training.width').fill(String(s.width));
    await p.getByTestId('training.height').fill(String(s.height));
    await p.getByTestId('training.minutes').fill(String(s.minutes));
    await p.getByTestId('training.backend').selectOption(s.backend);
    await p.getByTestId('training.recipe').selectOption(s.recipe ?? 'fast');
    if (s.seed !== undefined) await p.getByTestId('training.seed').fill(String(s.seed));
    if (s.learningStarts !== undefined) {
      await p.locator('.train-advanced summary').click();
      await p.getByTestId('training.learningStarts').fill(String(s.learningStarts));
    }
  }

  async start(): Promise<void> {
    await this.page.getByTestId('training.start').click();
  }
  async pause(): Promise<void> {
    await this.page.getByTestId('training.pause').click();
  }
  async resume(): Promise<void> {
    await this.page.getByTestId('training.resume').click();
  }
  async stop(): Promise<void> {
    await this.page.getByTestId('training.stop').click();
  }

  async expectPhase(phase: Phase, timeout = 30_000): Promise<void> {
    await expect(this.phase).toHaveAttribute('data-phase', phase, { timeout });
  }

  /** A counter or rate as a number (NaN before the first report). */
  async counter(name: Counter): Promise<number> {
    const v = await this.page.getByTestId(`training.${name}`).getAttribute('data-value');
    return v === null || v === '' ? NaN : Number(v);
  }

  /** Waits until `name` is above `than`. */
  async waitAbove(name: Counter, than: number, timeout = 30_000): Promise<number> {
    await expect.poll(() => this.counter(name), { timeout, message: `${name} > ${than}` }).toBeGreaterThan(than);
    return this.counter(name);
  }

  chart(key: ChartKey): Locator {
    return this.page.getByTestId(`training.chart.${key}`);
  }

  async chartPoints(key: ChartKey): Promise<number> {
    return Number(await this.chart(key).getAttribute('data-points'));
  }

  async backend(): Promise<string | null> {
    return this.page.getByTestId('training.backendInfo').getAttribute('data-backend');
  }

  /** The model card's meta (as the page holds it). */
  async meta(): Promise<Record<string, unknown>> {
    return JSON.parse((await this.modelMeta.getAttribute('data-meta')) ?? 'null') as Record<string, unknown>;
  }

  /** Clicks Download and saves the three files; returns them by name. */
  async download(dir: string): Promise<Record<'model.json' | 'weights.bin' | 'meta.json', string>> {
    const files: Record<string, string> = {};
    const all = new Promise<void>((resolve) => {
      this.page.on('download', async function onDownload(d) {
        const path = `${dir}/${d.suggestedFilename()}`;
        await d.saveAs(path);
        files[d.suggestedFilename()] = path;
        if (Object.keys(files).length === 3) resolve();
      });
    });
    await this.page.getByTestId('training.download').click();
    await all;
    return files as Record<'model.json' | 'weights.bin' | 'meta.json', string>;
  }

  async upload(files: { name: string; path?: string; buffer?: Buffer }[]): Promise<void> {
    await this.page.getByTestId('training.upload').setInputFiles(
      files.map((f) => ({ name: f.name, mimeType: f.name.endsWith('.bin') ? 'application/octet-stream' : 'application/json', buffer: f.buffer ?? readFileSync(f.path!) })),
    );
  }
}

/** The SD-PCGRL section of the Generators dock. */
export class SdPcgrlPanel {
  readonly panel: Locator;
  readonly items: Locator;
  readonly model: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('sd.panel');
    this.items = page.getByTestId('sd.item');
    this.model = page.getByTestId('sd.model');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('dock.tab.generators').click();
    await this.panel.waitFor();
  }

  async generate(o: { temperature: number; count: number; seed: number; startMode?: 'random' | 'every' | 'cell'; cell?: number }): Promise<void> {
    const p = this.page;
    await p.getByTestId('sd.temperature').fill(String(o.temperature));
    await expect(p.getByTestId('sd.temperature.value')).toHaveText(o.temperature.toFixed(2));
    await p.getByTestId('sd.startMode').selectOption(o.startMode ?? 'random');
    if (o.startMode === 'cell') await p.locator(`[data-testid="sd.cell"][data-cell="${o.cell ?? 0}"]`).click();
    await p.getByTestId('sd.count').fill(String(o.count));
    await p.getByTestId('sd.seed').fill(String(o.seed));
    await p.getByTestId('sd.run').click();
  }

  async difficulties(): Promise<string[]> {
    return this.items.getByTestId('sd.item.difficulty').evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''));
  }
}
