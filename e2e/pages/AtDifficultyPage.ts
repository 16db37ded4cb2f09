import { expect, type Locator, type Page } from '@playwright/test';

/** "Generate at difficulty" and "fill the pack along a curve" in the Generators dock. */
export class AtDifficultyPage {
  readonly panel: Locator;
  readonly items: Locator;
  readonly message: Locator;
  readonly curveMessage: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('atd.panel');
    this.items = page.getByTestId('atd.item');
    this.message = page.getByTestId('atd.message');
    this.curveMessage = page.getByTestId('atd.curve.message');
  }

  async show(): Promise<void> {
    await this.page.getByTestId('dock.tab.generators').click();
    await this.panel.waitFor();
  }

  async settings(o: { width?: number; height?: number; count?: number; seed?: number; uniqueSolution?: boolean; notInPack?: boolean; openMin?: number | null; openMax?: number | null }): Promise<void> {
    const fill = async (id: string, v: number | null | undefined) => {
      if (v !== undefined) await this.page.getByTestId(id).fill(v === null ? '' : String(v));
    };
    await fill('atd.width', o.width);
    await fill('atd.height', o.height);
    await fill('atd.count', o.count);
    await fill('atd.seed', o.seed);
    await fill('atd.openMin', o.openMin);
    await fill('atd.openMax', o.openMax);
    if (o.uniqueSolution !== undefined) await this.page.getByTestId('atd.uniqueSolution').setChecked(o.uniqueSolution);
    if (o.notInPack !== undefined) await this.page.getByTestId('atd.notInPack').setChecked(o.notInPack);
  }

  async band(name: 'trivial' | 'easy' | 'medium' | 'hard' | 'expert'): Promise<void> {
    await this.page.getByTestId('atd.mode.band').click();
    await this.page.getByTestId('atd.band').selectOption(name);
  }

  async target(value: number): Promise<void> {
    await this.page.getByTestId('atd.mode.number').click();
    await this.page.getByTestId('atd.target').fill(String(value));
  }

  async run(): Promise<void> {
    await this.page.getByTestId('atd.run').click();
  }

  /** Waits for the search to end (results or a message). */
  async waitDone(timeout = 30_000): Promise<void> {
    await expect(this.page.getByTestId('atd.run')).toBeEnabled({ timeout });
    await expect(this.message).not.toContainText('Searching', { timeout });
  }

  async difficulties(): Promise<number[]> {
    return (await this.items.evaluateAll((els) => els.map((e) => e.getAttribute('data-difficulty') ?? ''))).map(Number);
  }

  /** The rows of result `i` (from its level key `WxH:row/row/...`). */
  async rows(i: number): Promise<string[]> {
    const key = (await this.items.nth(i).getAttribute('data-key')) ?? '';
    return key.slice(key.indexOf(':') + 1).split('/');
  }

  async fillCurve(from: number, to: number, count: number): Promise<void> {
    await this.page.getByTestId('atd.curve.from').fill(String(from));
    await this.page.getByTestId('atd.curve.to').fill(String(to));
    await this.page.getByTestId('atd.curve.count').fill(String(count));
    await this.page.getByTestId('atd.curve.run').click();
  }
}
