/**
 * Issue 13's README pictures at 1280x800 and 1920x1080 (`npm run screenshots`):
 * the editor with a selection, the maximised graph (a 1,520-state level on
 * the canvas renderer) with the path to a selected state, the gauge in plain
 * words, and the studio with the graph column widened by its splitter, into
 * test-results/screenshots/issue13-*.png.
 */
import { test } from '../fixtures';

const DIR = 'test-results/screenshots';
/** RSD 11x11, seed 3, iteration 1206: 1,520 states (generated, not a data level). */
const RSD_1520 = ['#....######', '..##.######', '.###...####', '...###.....', '##..#...##.', '###...#..#.', '##....#....', '##.C....#.#', '#....#....#', '#..##..####', '##....#####'];
/** RSD 8x8, seed 2, #304: 532 states. */
const HARD = ['##...###', '##.C....', '#...#...', '..#....#', '.#...#..', '#..#..#.', '..#...#.', '....#...'];

for (const [w, h] of [[1280, 800], [1920, 1080]] as const) {
  test(`issue 13 screenshots at ${w}x${h}`, async ({ studio, page }) => {
    await page.setViewportSize({ width: w, height: h });
    await studio.editor.typeLevel(HARD.join('\n'));
    await studio.graph.waitForDrawn();
    await page.screenshot({ path: `${DIR}/issue13-studio-${w}.png` });
    await page.getByTestId('gauge.panel').screenshot({ path: `${DIR}/issue13-gauge-${w}.png` });
    // A selection copied and moved one cell right.
    await page.keyboard.press('s');
    await studio.editor.drag([4, 2], [6, 4]);
    await page.keyboard.press('Control+c');
    await page.getByTestId('editor.grid').focus();
    await page.keyboard.press('ArrowRight');
    await page.mouse.move(5, h - 5);
    await page.screenshot({ path: `${DIR}/issue13-editor-selection-${w}.png` });
    await page.keyboard.press('b');
    // Maximised graph: the solution class lit, a deep solution state selected with its path from the start.
    await studio.editor.typeLevel(RSD_1520.join('\n'));
    await studio.graph.waitForDrawn();
    await page.keyboard.press('g');
    await page.waitForTimeout(400);
    await page.keyboard.press('0');
    await studio.graph.waitForDrawn();
    const nodes = await studio.graph.nodes();
    const deep = nodes.filter((n) => n.cls === 'solution').sort((a, b) => b.depth - a.depth)[0]!;
    await studio.graph.clickNode(deep.id);
    await studio.graph.chip('solution').click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${DIR}/issue13-graph-maximised-${w}.png` });
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await page.screenshot({ path: `${DIR}/issue13-help-${w}.png` });
    await page.keyboard.press('Escape');
    // The graph column widened by the splitter (Home: as wide as the editor allows), the path still lit.
    await page.getByTestId('studio.splitter').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('0');
    await page.waitForTimeout(400);
    await page.mouse.move(5, h - 5);
    await page.screenshot({ path: `${DIR}/issue13-splitter-${w}.png` });
  });
}
