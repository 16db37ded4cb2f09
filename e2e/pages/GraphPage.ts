import { expect, type Locator, type Page } from '@playwright/test';

export const CLASSES = ['success', 'fail', 'solution', 'dead', 'indeterminate'] as const;
export type ClassName = (typeof CLASSES)[number];

/** The solution graph panel and the difficulty gauge beside it. */
export class GraphPage {
  readonly counts: Locator;
  readonly canvas: Locator;
  readonly tooltip: Locator;
  readonly capMessage: Locator;

  constructor(readonly page: Page) {
    this.counts = page.getByTestId('graph.counts');
    this.canvas = page.getByTestId('graph.canvas');
    this.tooltip = page.getByTestId('graph.tooltip');
    this.capMessage = page.getByTestId('graph.capMessage');
  }

  /** Waits until the graph shown is the analysis of the level on the grid. */
  async waitForLevel(): Promise<void> {
    const key = await this.page.getByTestId('editor.grid').getAttribute('data-level-key');
    await expect(this.counts).toHaveAttribute('data-key', key ?? '', { timeout: 20_000 });
    await expect(this.counts).toHaveAttribute('data-status', 'done');
  }

  /** Waits until the drawing of the current graph is on screen. */
  async waitForDrawn(nodes?: number): Promise<void> {
    await this.waitForLevel();
    // The last report is of this level's graph (the previous level's drawing stays until the new one
    // is done) and, without a count, covers every node drawn (read together, in one poll: the
    // renderer may still be loading or drawing when this starts).
    const key = (await this.counts.getAttribute('data-key')) ?? '';
    const drawn = (): Promise<boolean> =>
      this.page.evaluate(({ want, key }) => {
        const g = window.__longcatGraph;
        if (g === undefined || g.report === null || g.report.levelKey !== key) return false;
        return want !== null ? g.report.nodes === want : g.report.nodes === g.drawnNodes() && g.drawnNodes() > 0;
      }, { want: nodes ?? null, key });
    await expect.poll(drawn, { timeout: 20_000 }).toBe(true);
  }

  async classCounts(): Promise<Record<ClassName, number>> {
    const out = {} as Record<ClassName, number>;
    for (const c of CLASSES) out[c] = Number(await this.page.getByTestId(`graph.count.${c}`).getAttribute('data-count'));
    return out;
  }

  async feature(name: string): Promise<string> {
    return this.page.getByTestId(`feature.${name}`).locator('td').innerText();
  }

  /** The nodes drawn (id, class, depth); in the collapsed view, each group's first state. */
  async nodes(): Promise<{ id: number; cls: string; depth: number }[]> {
    return this.page.evaluate(() => window.__longcatGraph?.nodeIds() ?? []);
  }

  private async nodePoint(id: number): Promise<{ x: number; y: number }> {
    const p = await this.page.evaluate((n) => window.__longcatGraph?.nodePosition(n) ?? null, id);
    const box = await this.canvas.boundingBox();
    if (p === null || box === null) throw new Error(`node ${id} is not drawn`);
    return { x: box.x + p.x, y: box.y + p.y };
  }

  /** A real mouse click on the node's drawn position. */
  async clickNode(id: number): Promise<void> {
    const p = await this.nodePoint(id);
    await this.page.mouse.click(p.x, p.y);
  }

  async hoverNode(id: number): Promise<void> {
    // The node's point is read again on each try: a fit or a resize that lands after the first read moves it.
    await expect(async () => {
      const p = await this.nodePoint(id);
      await this.page.mouse.move(p.x - 30, p.y - 30);
      await this.page.mouse.move(p.x, p.y, { steps: 3 });
      await expect(this.tooltip).toContainText(`state #${id}`, { timeout: 1_000 });
    }).toPass();
  }

  /** The drawing's current zoom level (either renderer). */
  async zoom(): Promise<number> {
    return this.page.evaluate(() => window.__longcatGraph?.zoom() ?? NaN);
  }

  /** The layout select (layered or dagre). */
  get layoutSelect(): Locator {
    return this.page.getByTestId('graph.layout');
  }

  /** The layout of the last finished drawing, as its render report says. */
  async drawnLayout(): Promise<string | null> {
    return this.page.evaluate(() => window.__longcatGraph?.report?.layout ?? null);
  }

  /** Every drawn node's rendered position, by id. */
  async positions(): Promise<Map<number, { x: number; y: number }>> {
    const list = await this.page.evaluate(() => (window.__longcatGraph?.nodeIds() ?? []).map((n) => [n.id, window.__longcatGraph!.nodePosition(n.id)] as const));
    return new Map(list.filter((e): e is readonly [number, { x: number; y: number }] => e[1] !== null));
  }

  /** Which renderer draws the graph now: 'cytoscape' or 'canvas'. */
  async renderer(): Promise<string | null> {
    return this.canvas.getAttribute('data-renderer');
  }

  /** Node ids (edges as -1 - index) carrying a mark: 'lit', 'dim', 'onpath', 'chosen', 'current'. */
  async marked(cls: 'lit' | 'dim' | 'onpath' | 'chosen' | 'current'): Promise<number[]> {
    return this.page.evaluate((c) => window.__longcatGraph?.marked(c) ?? [], cls);
  }

  /** Waits until `n` elements carry the mark. */
  async expectMarked(cls: 'lit' | 'dim' | 'onpath' | 'chosen' | 'current', n: number): Promise<void> {
    await expect.poll(async () => (await this.marked(cls)).length).toBe(n);
  }

  chip(cls: ClassName): Locator {
    return this.page.getByTestId(`graph.count.${cls}`);
  }

  gaugeValue(): Locator {
    return this.page.getByTestId('gauge.value');
  }
}
