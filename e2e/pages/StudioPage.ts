import { expect, type Page } from '@playwright/test';
import { EditorPage } from './EditorPage';
import { GraphPage } from './GraphPage';
import { HistoryPage } from './HistoryPage';
import { PackPage } from './PackPage';
import { PlaytestPage } from './PlaytestPage';

/** The whole studio page: its panels as page objects. */
export class StudioPage {
  readonly editor: EditorPage;
  readonly graph: GraphPage;
  readonly playtest: PlaytestPage;
  readonly pack: PackPage;
  readonly history: HistoryPage;

  constructor(readonly page: Page) {
    this.editor = new EditorPage(page);
    this.graph = new GraphPage(page);
    this.playtest = new PlaytestPage(page);
    this.pack = new PackPage(page);
    this.history = new HistoryPage(page);
  }

  async open(path = '/'): Promise<void> {
    await this.page.goto(path);
    await this.editor.grid.waitFor();
    await expect(this.page.getByTestId('app.save')).not.toHaveAttribute('data-status', 'loading');
  }

  /** Writes raw records into the studio's IndexedDB store (key -> value), as a corrupt or old save would be. */
  async writeSaved(records: Record<string, unknown>): Promise<void> {
    await this.page.evaluate(async (entries) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('longcat-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          for (const [key, value] of entries) tx.objectStore('kv').put(value, key);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      });
    }, Object.entries(records));
  }

  /** Waits until everything changed so far is written to IndexedDB. */
  async waitSaved(): Promise<void> {
    await expect(this.page.getByTestId('app.save')).toHaveAttribute('data-status', 'saved');
  }

  /** Presses a key with nothing focused (the canvas's scope). */
  async press(key: string): Promise<void> {
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await this.page.keyboard.press(key);
  }

  messages() {
    return this.page.getByTestId('app.message');
  }
}
