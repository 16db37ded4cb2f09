/**
 * Graph layouts: both run in the layout worker; the layout select changes
 * only on a deliberate choice (arrow keys on the focused select do nothing);
 * dagre is refused above its limit with a message on the panel.
 */
import { expect, test } from './fixtures';
import { fixtureLevels } from './levels';
import { naiveGraph } from '../test/naive/naiveSolver';

/** RSD 11x11, seed 3, iteration 1206: 1,520 states (more than dagre's 1,000). */
const RSD_1520 = ['#....######', '..##.######', '.###...####', '...###.....', '##..#...##.', '###...#..#.', '##....#....', '##.C....#.#', '#....#....#', '#..##..####', '##....#####'];

/** Two of our fixture levels with graphs of 20-150 states (so both layouts have something to arrange). */
function twoLevels() {
  const picked = fixtureLevels().filter((l) => {
    const n = naiveGraph(l.rows).order.length;
    return n >= 20 && n <= 150;
  });
  if (picked.length < 2) throw new Error('test/fixtures/levels.txt has fewer than two levels of 20-150 states');
  return [picked[0]!, picked[1]!];
}

test('arrow keys on the focused layout select do not switch layouts; choosing dagre draws dagre, for the next level too', async ({ studio, page }) => {
  const [first, second] = twoLevels();
  await studio.editor.typeLevel(first!.text);
  await studio.graph.waitForDrawn(naiveGraph(first!.rows).order.length);
  expect(await studio.graph.drawnLayout()).toBe('layered');
  const layered = await studio.graph.positions();
  const renders = await page.evaluate(() => window.__longcatGraph!.renders);

  await studio.graph.layoutSelect.focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'End', 'PageDown', 'ArrowRight']) await page.keyboard.press(key);
  await expect(studio.graph.layoutSelect).toBeFocused();
  await expect(studio.graph.layoutSelect).toHaveValue('layered');
  expect(await page.evaluate(() => window.__longcatGraph!.renders)).toBe(renders);

  await studio.graph.layoutSelect.selectOption('dagre');
  await expect.poll(() => studio.graph.drawnLayout()).toBe('dagre');
  await studio.graph.waitForDrawn(layered.size);
  const dagre = await studio.graph.positions();
  expect(dagre.size).toBe(layered.size);
  expect([...dagre].some(([id, p]) => Math.abs(p.x - layered.get(id)!.x) > 1 || Math.abs(p.y - layered.get(id)!.y) > 1)).toBe(true);

  // A deliberate choice holds for the next level.
  await studio.editor.typeLevel(second!.text);
  await studio.graph.waitForDrawn(naiveGraph(second!.rows).order.length);
  expect(await studio.graph.drawnLayout()).toBe('dagre');
  await studio.graph.layoutSelect.selectOption('layered');
  await expect.poll(() => studio.graph.drawnLayout()).toBe('layered');
});

test('dagre is refused above 1,000 states: the select is off and the panel says why; the layered layout draws the graph', async ({ studio, page }) => {
  const [small] = twoLevels();
  await studio.editor.typeLevel(small!.text);
  await studio.graph.waitForDrawn();
  await studio.graph.layoutSelect.selectOption('dagre');
  await expect.poll(() => studio.graph.drawnLayout()).toBe('dagre');

  await studio.editor.typeLevel(RSD_1520.join('\n'));
  await studio.graph.waitForLevel();
  await page.getByTestId('graph.view.full').click();
  await studio.graph.waitForDrawn(1520);
  await expect(studio.graph.layoutSelect).toBeDisabled();
  await expect(studio.graph.layoutSelect).toHaveValue('layered');
  await expect(page.getByTestId('graph.layoutNote')).toHaveText('Drawn layered: dagre lays out up to 1,000 states; this graph has 1,520.');
  expect(await studio.graph.drawnLayout()).toBe('layered');
});
