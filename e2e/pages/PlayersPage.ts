import { expect, type Locator, type Page } from '@playwright/test';

/** The Players view: import attempts files, the files read, refused rows, and the pack report. */
export class PlayersPage {
  readonly view: Locator;
  readonly rows: Locator;
  readonly problems: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('players.view');
    this.rows = page.getByTestId('players.row');
    this.problems = page.getByTestId('players.problem');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('app.view.players').click();
    await expect(this.view).toBeVisible();
  }

  async backToStudio(): Promise<void> {
    await this.page.getByTestId('app.view.studio').click();
    await expect(this.view).toHaveCount(0);
  }

  /** Imports files (name and text) and waits for the worker's answer. */
  async importFiles(files: readonly { name: string; text: string }[]): Promise<void> {
    await this.page.getByTestId('players.file').setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text, 'utf8') })));
    await expect(this.page.getByTestId('players.status')).toHaveAttribute('data-status', 'idle');
  }

  /** Per report row: id, attempts, and the rating ('' when none). */
  async report(): Promise<{ id: string; attempts: number; rating: string }[]> {
    return this.rows.evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-id') ?? '', attempts: Number(e.getAttribute('data-attempts')), rating: e.getAttribute('data-rating') ?? '' })));
  }
}
