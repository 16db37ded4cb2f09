/**
 * Big full graphs (issue 13): over a few hundred states the full view is
 * painted by our canvas renderer, not Cytoscape. Same reading of the graph:
 * every state drawn with its class, click shows the state, the path from the
 * start, class highlight, hover card, zoom, drag to pan, the minimap. Ground
 * truth from the naive solver.
 */
import { expect, test } from './fixtures';
import { naiveGraph } from '../test/naive/naiveSolver';
import { stateRows } from './levels';

/** RSD 11x11, seed 3, iteration 1206: 1,520 states (generated, not a data level). */
const RSD_1520 = ['#....######', '..##.######', '.###...####', '...###.....', '##..#...##.', '###...#..#.', '##....#....', '##.C....#.#', '#....#....#', '#..##..####', '##....#####'];

test('a 1,520-state full graph is painted on our canvas and reads like the small one', async ({ studio, page }) => {
  const truth = naiveGraph(RSD_1520);
  await studio.editor.typeLevel(RSD_1520.join('\n'));
  await page.getByTestId('graph.view.full').click();
  await studio.graph.waitForDrawn(truth.order.length);
  expect(await studio.graph.renderer()).toBe('canvas');
  const nodes = await studio.graph.nodes();
  expect(nodes).toHaveLength(truth.order.length);
  const perClass = (list: string[]) => Object.fromEntries(['success', 'fail', 'solution', 'dead', 'indeterminate'].map((c) => [c, list.filter((x) => x === c).length]));
  expect(perClass(nodes.map((n) => n.cls))).toEqual(perClass([...truth.cls.values()]));
  await expect(page.getByTestId('graph.minimap')).toBeVisible();

  // Wheel-zoom on the deepest fail state: it stays under the pointer. Then drag the view: it moves with the drag.
  const box = (await studio.graph.canvas.boundingBox())!;
  const at = (id: number) => page.evaluate((n) => window.__longcatGraph!.nodePosition(n)!, id);
  // The deepest fail state the pointer can reach: one drawn under the minimap (top right) is not.
  const underMinimap = async (id: number): Promise<boolean> => {
    const q = await at(id);
    return page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="graph.minimap"]') != null, [box.x + q.x, box.y + q.y]);
  };
  let deepest = nodes[0]!;
  for (const n of nodes.filter((m) => m.cls === 'fail').sort((a, b) => b.depth - a.depth)) {
    if (!(await underMinimap(n.id))) {
      deepest = n;
      break;
    }
  }
  expect(deepest.cls).toBe('fail');
  const p = await at(deepest.id);
  const z0 = await studio.graph.zoom();
  await page.mouse.move(box.x + p.x, box.y + p.y);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  await expect.poll(() => studio.graph.zoom()).toBeCloseTo(z0 * 1.2 ** 3, 3);
  const q = await at(deepest.id);
  expect(Math.hypot(q.x - p.x, q.y - p.y)).toBeLessThan(1);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  const r = await at(deepest.id);
  expect(r.x - q.x).toBeCloseTo(-60, 3);
  expect(r.y - q.y).toBeCloseTo(40, 3);
  // A drag is not a click: nothing was selected.
  await studio.graph.expectMarked('chosen', 0);
  await studio.graph.clickNode(deepest.id);
  await expect(page.getByTestId('editor.stateBanner')).toHaveAttribute('data-node', String(deepest.id));
  const rows = await studio.editor.rows();
  expect(truth.cls.get(rows.join(''))).toBe('fail');
  expect(truth.depth.get(rows.join(''))).toBe(deepest.depth);
  expect(stateRows(rows.join(''), RSD_1520[0]!.length)).toEqual(rows);
  await studio.graph.expectMarked('chosen', 1);
  await studio.graph.expectMarked('onpath', 2 * deepest.depth + 1);

  // A class chip lights exactly that class.
  await studio.graph.chip('dead').click();
  const dead = [...truth.cls.values()].filter((c) => c === 'dead').length;
  await studio.graph.expectMarked('lit', dead);
  await studio.graph.expectMarked('dim', truth.order.length - dead);

  await page.screenshot({ path: 'test-results/bigGraph-path.png' });
  // Hover (after a fit, so the start is in view): the card of the state under the pointer.
  await page.keyboard.press('0');
  await studio.graph.hoverNode(0);
  await expect(studio.graph.tooltip).toContainText('state #0');
  await page.mouse.move(box.x + box.width / 2, box.y - 40);
  await expect(studio.graph.tooltip).toHaveCount(0);

  // Zoom keys work on the canvas too.
  const z = await studio.graph.zoom();
  await page.keyboard.press('-');
  expect(await studio.graph.zoom()).toBeCloseTo(z / 1.2, 5);

  // A much taller window gives the canvas another shape: the graph is laid out again for it and fills it (within the fit's padding).
  const renders = await page.evaluate(() => window.__longcatGraph!.renders);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await expect.poll(() => page.evaluate(() => window.__longcatGraph!.renders)).toBeGreaterThan(renders);
  const fill = await page.evaluate(() => {
    const hook = window.__longcatGraph!;
    const ps = hook.nodeIds().map((n) => hook.nodePosition(n.id)!);
    const canvas = document.querySelector('[data-testid="graph.canvas"]')!.getBoundingClientRect();
    const xs = ps.map((p) => p.x), ys = ps.map((p) => p.y);
    return { w: (Math.max(...xs) - Math.min(...xs)) / canvas.width, h: (Math.max(...ys) - Math.min(...ys)) / canvas.height, inside: ps.every((p) => p.x >= 0 && p.y >= 0 && p.x <= canvas.width && p.y <= canvas.height) };
  });
  expect(fill.inside).toBe(true);
  expect(Math.max(fill.w, fill.h)).toBeGreaterThan(0.85);
  expect(Math.min(fill.w, fill.h)).toBeGreaterThan(0.6);
});
