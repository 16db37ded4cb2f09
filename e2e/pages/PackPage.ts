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

  /** Exports the pack JSON (Export ▸ Pack JSON) and returns the downloaded file's text. */
  async exportText(): Promise<string> {
    return (await this.exportAs('pack.export')).buffer.toString('utf8');
  }

  /** Opens the Export menu and clicks `item` (a test id such as `pack.export.csv`); returns the downloaded file. */
  async exportAs(item: string): Promise<{ name: string; buffer: Buffer }> {
    await this.page.getByTestId('pack.exportMenu').click();
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(item).click();
    const d = await download;
    return { name: d.suggestedFilename(), buffer: readFileSync(await d.path()) };
  }

  async importText(text: string, name = 'pack.json'): Promise<void> {
    await this.page.getByTestId('pack.importFile').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') });
  }

  /** Chooses a text file (level format or pack JSON) through the Import button's file input. */
  async importFile(text: string, name: string): Promise<void> {
    const mimeType = name.endsWith('.json') ? 'application/json' : 'text/plain';
    await this.page.getByTestId('pack.importFile').setInputFiles({ name, mimeType, buffer: Buffer.from(text, 'utf8') });
  }

  /** Drops a file on the pack panel, as from the desktop. */
  async dropFile(text: string, name: string): Promise<void> {
    const data = await this.page.evaluateHandle(({ text, name }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'text/plain' }));
      return dt;
    }, { text, name });
    const panel = this.page.getByTestId('pack.panel');
    await panel.dispatchEvent('dragover', { dataTransfer: data });
    await panel.dispatchEvent('drop', { dataTransfer: data });
  }

  /** Pastes text with nothing focused (a paste event on the page). */
  async paste(text: string): Promise<void> {
    await this.page.evaluate((text) => {
      (document.activeElement as HTMLElement | null)?.blur();
      const dt = new DataTransfer();
      dt.setData('text/plain', text);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, text);
  }

  /** Answers the append-or-replace question of a pack import. */
  async chooseImport(mode: 'append' | 'replace' | 'cancel'): Promise<void> {
    const button = { append: 'pack.importAppend', replace: 'pack.importReplace', cancel: 'pack.importCancel' }[mode];
    await this.page.getByTestId(button).click();
    await expect(this.page.getByTestId('pack.importChoice')).toHaveCount(0);
  }

  /** `open`, `modified`, or null: the editor's in-place marker on item `index`. */
  async openState(index: number): Promise<string | null> {
    return this.item(index).getAttribute('data-open');
  }

  /** Waits until every level has a derived difficulty (or none) rather than "being analysed". */
  async waitPriced(): Promise<void> {
    await expect(this.page.locator('[data-testid="pack.item.difficulty"][data-status="pending"]')).toHaveCount(0);
  }

  /** The exported pack file, parsed. */
  async exportJson(): Promise<{ difficultyModel?: string; levels: { id: string; name: string; rows: string[]; difficulty: number | null; notes?: string; tags?: string[] }[] }> {
    return JSON.parse(await this.exportText());
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
