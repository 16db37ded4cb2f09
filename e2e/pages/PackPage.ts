import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** The level pack dock tab. */
export class PackPage {
  readonly items: Locator;
  readonly errors: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId('pack.item');
    this.errors = page.getByTestId('pack.errors');
  }

  async show(): Promise<void> {
    await this.page.getByTestId('dock.tab.pack').click();
  }

  async names(): Promise<string[]> {
    return this.items.getByTestId('pack.item.name').allInnerTexts();
  }

  async ids(): Promise<string[]> {
    return this.items.evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
  }

  async difficulties(): Promise<(number | null)[]> {
    const raw = await this.items.getByTestId('pack.item.difficulty').evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''));
    return raw.map((v) => (v === '' ? null : Number(v)));
  }

  async addCurrent(): Promise<void> {
    const before = await this.items.count();
    await this.page.getByTestId('pack.addCurrent').click();
    await expect(this.items).toHaveCount(before + 1);
  }

  /** Clicks Export and returns the downloaded file's text. */
  async exportText(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('pack.export').click();
    const file = await (await download).path();
    return readFileSync(file, 'utf8');
  }

  async importText(text: string, name = 'pack.json'): Promise<void> {
    await this.page.getByTestId('pack.importFile').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') });
  }

  item(index: number): Locator {
    return this.items.nth(index);
  }

  async rename(index: number, name: string): Promise<void> {
    await this.item(index).getByTestId('pack.item.name').dblclick();
    const input = this.item(index).getByTestId('pack.item.rename');
    await input.fill(name);
    await input.press('Enter');
  }
}
