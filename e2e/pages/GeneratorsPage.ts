import { expect, type Locator, type Page } from '@playwright/test';

/** The Generators dock's RPU/RSD form and results, and the "Keep N pinned cells" box every generator section shows. */
export class GeneratorsPage {
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId('generator.item');
  }

  async show(): Promise<void> {
    await this.page.getByTestId('dock.tab.generators').click();
    await this.page.getByTestId('generator.panel').waitFor();
  }

  async settings(o: { generator?: 'rsd' | 'rpu'; width?: number; height?: number; seed?: number; count?: number }): Promise<void> {
    if (o.generator !== undefined) await this.page.getByTestId('generator.kind').selectOption(o.generator);
    for (const key of ['width', 'height', 'seed', 'count'] as const) if (o[key] !== undefined) await this.page.getByTestId(`generator.${key}`).fill(String(o[key]));
  }

  /** Runs and waits for `count` results. */
  async run(count: number): Promise<void> {
    await this.page.getByTestId('generator.run').click();
    await expect(this.items).toHaveCount(count, { timeout: 30_000 });
  }

  /** The "Keep N pinned cells" box of a section (`generator`, `atd`, `sd`). */
  keepPins(prefix: 'generator' | 'atd' | 'sd'): Locator {
    return this.page.getByTestId(`${prefix}.keepPins`);
  }

  /** The rows of every result of a section, from each item's level key (`WxH:row/row/...`). */
  async resultRows(prefix: 'generator' | 'atd' | 'sd'): Promise<string[][]> {
    const keys = await this.page.getByTestId(`${prefix}.item`).evaluateAll((els) => els.map((e) => e.getAttribute('data-key') ?? ''));
    return keys.map((k) => k.slice(k.indexOf(':') + 1).split('/'));
  }

  /** The cells each result's thumbnail outlines as pinned. */
  async outlined(prefix: 'generator' | 'atd' | 'sd'): Promise<string[]> {
    return this.page.getByTestId(`${prefix}.item.pinned`).evaluateAll((els) => els.map((e) => e.getAttribute('data-pinned') ?? ''));
  }
}
