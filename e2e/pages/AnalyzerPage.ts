import type { Locator, Page } from '@playwright/test';

/** Page object for the level analysis panel. */
export class AnalyzerPage {
  readonly input: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId('analyzer.input');
    this.error = page.getByTestId('analyzer.error');
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.input.waitFor();
  }

  async enterLevel(text: string): Promise<void> {
    await this.input.fill(text);
  }

  async classCount(name: string): Promise<number> {
    return Number(await this.page.getByTestId(`graph.count.${name}`).locator('td').innerText());
  }

  async feature(name: string): Promise<string> {
    return this.page.getByTestId(`feature.${name}`).locator('td').innerText();
  }
}
