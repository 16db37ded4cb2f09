import { expect, type Locator, type Page } from '@playwright/test';

/** The History dock tab: every change, newest last; click one to go back to it. */
export class HistoryPage {
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId('history.item');
  }

  async show(): Promise<void> {
    await this.page.getByTestId('dock.tab.history').click();
    await expect(this.page.getByTestId('history.panel')).toBeVisible();
  }

  async labels(): Promise<string[]> {
    return this.items.locator('.history-label').allInnerTexts();
  }

  /** `done`, `current` or `undone` per entry. */
  async states(): Promise<string[]> {
    return this.items.evaluateAll((els) => els.map((e) => e.getAttribute('data-state') ?? ''));
  }

  async jumpTo(label: string): Promise<void> {
    await this.items.filter({ hasText: label }).last().click();
  }
}
