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

  /**
   * Sets store fields directly, through the value of React's studio context
   * (found by walking up from a rendered element's fiber): how a bug or a
   * bad worker answer would put a value no schema let through.
   */
  async setStoreState(patch: Record<string, unknown>): Promise<void> {
    await this.page.evaluate((p) => {
      type Fiber = { return: Fiber | null; memoizedProps?: { value?: { store?: { setState(x: unknown): void } } } };
      const el = document.querySelector('#root [data-testid]') as (Element & Record<string, unknown>) | null;
      const key = el === null ? undefined : Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
      let f = (key === undefined ? null : el![key]) as Fiber | null;
      while (f !== null && f.memoizedProps?.value?.store?.setState === undefined) f = f.return;
      if (f === null) throw new Error('no studio store found');
      f.memoizedProps!.value!.store!.setState(p);
    }, patch);
  }

  /** Writes raw records into the training checkpoints' IndexedDB store (key -> value). */
  async writeCheckpoint(slot: string, value: unknown): Promise<void> {
    await this.page.evaluate(async ([key, v]) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('longcat-training', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('checkpoints');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('checkpoints', 'readwrite');
          tx.objectStore('checkpoints').put(v, key as string);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      });
    }, [slot, value] as const);
  }

  /** Waits until everything changed so far is written to IndexedDB. */
  async waitSaved(): Promise<void> {
    await expect(this.page.getByTestId('app.save')).toHaveAttribute('data-status', 'saved');
  }

  /**
   * Installs (before the page loads) a switch that makes IndexedDB writes
   * fail as a full disk does: `put` throws Chromium's QuotaExceededError
   * (empty message) while sessionStorage `test.storageFull` is set. Call
   * before {@link open}; {@link setStorageFull} flips it.
   */
  static async installStorageSwitch(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (sessionStorage.getItem('test.storageFull') !== null) throw new DOMException('', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
  }

  async setStorageFull(full: boolean): Promise<void> {
    await this.page.evaluate((f) => (f ? sessionStorage.setItem('test.storageFull', '1') : sessionStorage.removeItem('test.storageFull')), full);
  }

  /** The save status as the header shows it: `data-status` and its text. */
  async saveState(): Promise<{ status: string; text: string }> {
    const el = this.page.getByTestId('app.save');
    return { status: (await el.getAttribute('data-status')) ?? '', text: await el.innerText() };
  }

  /** Names of the records in the write-ahead journal (localStorage) not yet confirmed in IndexedDB. */
  async journalled(): Promise<string[]> {
    return this.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('longcat-studio-journal:')).map((k) => k.slice('longcat-studio-journal:'.length)).sort());
  }

  /** Reads one record straight from IndexedDB (what is on disk, not what the page shows). */
  async readSaved(name: string): Promise<unknown> {
    return this.page.evaluate(async (key) => {
      return new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('longcat-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('kv').objectStore('kv').get(key);
          req.onsuccess = () => (open.result.close(), resolve(req.result));
          req.onerror = () => reject(req.error);
        };
      });
    }, name);
  }

  /**
   * Adds a level to the pack by typing it: New (a new pack level, opened
   * in place), then Text… (which edits the level it was opened on).
   */
  async addLevelAsText(text: string): Promise<void> {
    await this.pack.show();
    const before = await this.pack.items.count();
    await this.page.getByTestId('pack.new').click();
    await expect(this.pack.items).toHaveCount(before + 1);
    await this.editor.typeLevel(text);
    await this.graph.waitForLevel();
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
