import { expect, type Locator, type Page } from '@playwright/test';

/** The dock's Suggestions tab. */
export class SuggestionsPage {
  readonly panel: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('suggest.panel');
    this.items = page.getByTestId('suggest.item');
  }

  async show(): Promise<void> {
    await this.page.getByTestId('dock.tab.suggestions').click();
    await expect(this.panel).toBeVisible();
  }

  /** Waits for the answer to the level as it is now; returns each suggestion's rows. */
  async settled(): Promise<string[][]> {
    await expect(this.panel).toHaveAttribute('data-status', 'done');
    return (await this.items.evaluateAll((els) => els.map((e) => e.getAttribute('data-rows') ?? ''))).map((r) => r.split('/'));
  }

  /** `variants` or `repairs`. */
  async mode(): Promise<string | null> {
    return this.page.getByTestId('suggest.list').getAttribute('data-mode');
  }

  async labels(): Promise<string[]> {
    return this.items.getByTestId('suggest.item.label').allInnerTexts();
  }

  async pin(cell: number): Promise<void> {
    const details = this.panel.locator('details.suggest-pins');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    await this.panel.locator(`[data-testid="suggest.pin"][data-cell="${cell}"]`).click();
    await expect(this.panel.locator(`[data-testid="suggest.pin"][data-cell="${cell}"]`)).toHaveAttribute('aria-pressed', 'true');
  }

  /** Asks for other suggestions (a new seed) and waits for them. */
  async other(): Promise<string[][]> {
    await this.page.getByTestId('suggest.more').click();
    return this.settled();
  }
}
