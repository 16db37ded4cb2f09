import { expect, type Locator, type Page } from '@playwright/test';

const KEY: Record<string, string> = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };
const WASD: Record<string, string> = { U: 'w', D: 's', L: 'a', R: 'd' };

/** Playtest and solution replay. */
export class PlaytestPage {
  readonly status: Locator;
  readonly moves: Locator;
  readonly restarts: Locator;
  readonly timer: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('playtest.status');
    this.moves = page.getByTestId('playtest.moves');
    this.restarts = page.getByTestId('playtest.restarts');
    this.timer = page.getByTestId('playtest.timer');
  }

  /** Starts a playtest with the P key. */
  async start(): Promise<void> {
    await this.page.locator('body').press('p');
    await expect(this.status).toBeVisible();
  }

  /** Plays a move string ("RDL") with arrow keys, or WASD. */
  async play(moves: string, keys: 'arrows' | 'wasd' = 'arrows'): Promise<void> {
    for (const m of moves) await this.page.keyboard.press((keys === 'arrows' ? KEY : WASD)[m]!);
  }

  async outcome(): Promise<string | null> {
    return this.status.getAttribute('data-outcome');
  }

  async logCount(): Promise<number> {
    return Number.parseInt(await this.page.getByTestId('playtest.logCount').innerText(), 10);
  }
}
