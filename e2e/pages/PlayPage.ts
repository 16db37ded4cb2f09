import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

const KEYS: Record<string, string> = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };
const WASD: Record<string, string> = { U: 'w', D: 's', L: 'a', R: 'd' };

/** Play mode (play.html or a standalone file): the board, its controls, the level list and the results. */
export class PlayPage {
  readonly board: Locator;
  readonly position: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.board = page.getByTestId('play.board');
    this.position = page.getByTestId('play.position');
    this.error = page.getByTestId('play.errorMessage');
  }

  /** Plays a move string ("RDL") with the arrow keys, or with WASD. */
  async play(moves: string, keys: 'arrows' | 'wasd' = 'arrows'): Promise<void> {
    for (const m of moves) {
      const before = await this.board.getAttribute('data-moves');
      await this.page.keyboard.press((keys === 'arrows' ? KEYS : WASD)[m]!);
      await expect(this.board).not.toHaveAttribute('data-moves', before ?? '');
    }
  }

  /** A pointer drag across the board by (dx, dy) cells' worth of its width / 4. */
  async swipe(dx: number, dy: number): Promise<void> {
    const box = await this.board.boundingBox();
    if (box === null) throw new Error('the board is not on screen');
    const step = box.width / 4;
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx * step, y + dy * step, { steps: 4 });
    await this.page.mouse.up();
  }

  async expectWon(): Promise<void> {
    await expect(this.board).toHaveAttribute('data-status', 'won');
    await expect(this.page.getByTestId('play.won')).toBeVisible();
  }

  /** Enter after a win: the next level. */
  async next(level: number, of: number): Promise<void> {
    await this.page.keyboard.press('Enter');
    await expect(this.position).toHaveText(`Level ${level} of ${of}`);
  }

  async giveUp(): Promise<void> {
    await this.page.getByTestId('play.giveUp').click();
  }

  /** Opens Results, downloads the file and returns its text. */
  async downloadResults(): Promise<string> {
    await this.page.getByTestId('play.resultsButton').click();
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('play.downloadResults').click();
    return readFileSync(await (await download).path(), 'utf8');
  }
}
