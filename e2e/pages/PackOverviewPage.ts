import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** The pack overview view (tiles), the selection bar and the custom fields editor (also in the dock). */
export class PackOverviewPage {
  readonly tiles: Locator;
  readonly selection: Locator;

  constructor(readonly page: Page) {
    this.tiles = page.getByTestId('pack.tile');
    this.selection = page.getByTestId('pack.selection').filter({ visible: true });
  }

  async open(): Promise<void> {
    await this.page.getByTestId('app.view.pack').click();
    await expect(this.page.getByTestId('pack.overview')).toBeVisible();
  }

  /** Ids of the selected items of a collection (`pack.item` rows or `pack.tile` tiles), in order shown. */
  async selectedIds(testId: 'pack.item' | 'pack.tile'): Promise<string[]> {
    return this.page.locator(`[data-testid="${testId}"][data-selected="true"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
  }

  async selectedCount(): Promise<number> {
    return Number(await this.page.getByTestId('pack.selection.count').getAttribute('data-count'));
  }

  /** Adds a custom field through the fields editor (the first one on the page). */
  async addField(label: string, type: 'text' | 'number' | 'flag' | 'choice', choices?: string): Promise<void> {
    const editor = this.page.getByTestId('pack.fields').filter({ visible: true });
    if ((await editor.getAttribute('open')) === null) await editor.locator('summary').click();
    await editor.getByTestId('pack.fields.label').fill(label);
    await editor.getByTestId('pack.fields.type').selectOption(type);
    if (choices !== undefined) await editor.getByTestId('pack.fields.choices').fill(choices);
    await editor.getByTestId('pack.fields.add').click();
    await expect(editor.locator(`[data-testid="pack.fields.def"]`).filter({ hasText: label })).toHaveCount(1);
  }

  /** Sets a custom field on every selected level through the selection bar. */
  async setSelectionField(key: string, value: string): Promise<void> {
    const input = this.selection.locator(`[data-testid="pack.selection.fieldValue"][data-key="${key}"]`);
    if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(value);
    else {
      await input.fill(value);
      await input.press('Enter');
    }
  }

  /** Clicks the selection bar's Export these with `format`; returns the downloaded file. */
  async exportSelection(format: string): Promise<{ name: string; text: string }> {
    await this.selection.getByTestId('pack.selection.format').selectOption(format);
    const download = this.page.waitForEvent('download');
    await this.selection.getByTestId('pack.selection.export').click();
    const d = await download;
    return { name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') };
  }
}
