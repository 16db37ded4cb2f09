import { expect, type Locator, type Page } from '@playwright/test';

/** The centre panel: grid, tools, size, transforms, undo/redo, text dialog. */
export class EditorPage {
  readonly grid: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('editor.grid');
    this.status = page.getByTestId('editor.status');
  }

  cell(x: number, y: number): Locator {
    return this.page.locator(`[data-testid="editor.cell"][data-x="${x}"][data-y="${y}"]`);
  }

  async size(): Promise<{ width: number; height: number }> {
    return { width: Number(await this.grid.getAttribute('data-width')), height: Number(await this.grid.getAttribute('data-height')) };
  }

  /**
   * The grid as rows of `#` wall, `.` empty, `B` body (Longcat), `P` paint
   * (paint), `C` head or ball: the level in edit mode, or the shown state
   * (graph node, playtest, replay) — the naive solvers' state notation.
   */
  async rows(): Promise<string[]> {
    // Size and cells in one read of the page: read apart, a grid that re-renders in between (a reload, a resize)
    // gives cells outside the size just read. A cell outside the grid, or a grid not drawn yet, reads as '?'.
    const { width, height, kinds } = await this.page.evaluate(() => {
      const grid = document.querySelector('[data-testid="editor.grid"]');
      const cells = Array.from(document.querySelectorAll('[data-testid="editor.cell"]'));
      return {
        width: Number(grid?.getAttribute('data-width') ?? 0) || 0,
        height: Number(grid?.getAttribute('data-height') ?? 0) || 0,
        kinds: cells.map((e) => ({ x: Number(e.getAttribute('data-x')), y: Number(e.getAttribute('data-y')), kind: e.getAttribute('data-kind') })),
      };
    });
    const grid = Array.from({ length: height }, () => Array<string>(width).fill('?'));
    const ch: Record<string, string> = { wall: '#', empty: '.', body: 'B', trail: 'P', head: 'C', goal: 'G' };
    for (const k of kinds) {
      const row = grid[k.y];
      if (row !== undefined && k.x >= 0 && k.x < width) row[k.x] = ch[k.kind ?? ''] ?? '?';
      else if (grid.length > 0) grid[0]![0] = '?'; // a cell outside the size: the read is not of one drawing
    }
    return grid.map((r) => r.join(''));
  }

  async expectRows(rows: string[]): Promise<void> {
    await expect.poll(() => this.rows()).toEqual(rows);
  }

  async tool(name: 'wall' | 'empty' | 'head' | 'goal'): Promise<void> {
    await this.page.getByTestId(`editor.tool.${name}`).click();
  }

  private async centre(x: number, y: number): Promise<{ x: number; y: number }> {
    const box = await this.cell(x, y).boundingBox();
    if (box === null) throw new Error(`cell ${x},${y} is not visible`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Clicks one cell with the current tool. */
  async click(x: number, y: number, button: 'left' | 'right' = 'left'): Promise<void> {
    const p = await this.centre(x, y);
    await this.page.mouse.click(p.x, p.y, { button });
  }

  /** Drags from one cell to another (a straight stroke) with the current tool. */
  async drag(from: [number, number], to: [number, number]): Promise<void> {
    const a = await this.centre(...from), b = await this.centre(...to);
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x, b.y, { steps: 6 });
    await this.page.mouse.up();
  }

  async resize(width: number, height: number): Promise<void> {
    await this.page.getByTestId('editor.width').fill(String(width));
    await this.page.getByTestId('editor.height').fill(String(height));
    await this.page.getByTestId('editor.height').press('Enter');
    await expect(this.grid).toHaveAttribute('data-width', String(width));
    await expect(this.grid).toHaveAttribute('data-height', String(height));
  }

  async clear(): Promise<void> {
    await this.page.getByTestId('editor.clear').click();
  }

  /** Replaces the level through the text dialog (one undo step). */
  async typeLevel(text: string): Promise<void> {
    await this.page.getByTestId('editor.textOpen').click();
    await this.page.getByTestId('editor.text').fill(text);
    await this.page.getByTestId('editor.textApply').click();
    await expect(this.page.getByTestId('editor.text')).toHaveCount(0);
  }

  async levelKey(): Promise<string> {
    return (await this.grid.getAttribute('data-level-key')) ?? '';
  }

  async setName(name: string): Promise<void> {
    await this.page.getByTestId('editor.name').fill(name);
  }
}
