import { expect, test } from './fixtures';
import { dataLevels, fixtureLevels, stateRows } from './levels';
import { naiveAnalyze, naiveGraph } from '../test/naive/naiveSolver';

/** A level with every class present and a graph small enough to click around: a real one when the level sets are here, else one of our fixtures. */
function richLevel() {
  for (const level of [...dataLevels('longcat-binswing-52.txt'), ...fixtureLevels()]) {
    const c = naiveAnalyze(level.rows).classes;
    if (Object.values(c).every((n) => n > 0) && c.success + c.fail + c.solution + c.dead + c.indeterminate < 150) return level;
  }
  throw new Error('no level with every class');
}

test('clicking a graph node shows that state on the grid', async ({ studio }) => {
  const level = richLevel();
  const truth = naiveGraph(level.rows);
  const width = level.rows[0]!.length;
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForDrawn();
  const nodes = await studio.graph.nodes();
  expect(nodes).toHaveLength(truth.order.length);
  for (const cls of ['fail', 'dead', 'indeterminate', 'success', 'solution']) {
    // The deepest node of the class: a state far from the start.
    const node = nodes.filter((n) => n.cls === cls).sort((a, b) => b.depth - a.depth)[0]!;
    await studio.graph.clickNode(node.id);
    await expect(studio.page.getByTestId('editor.stateBanner')).toHaveAttribute('data-node', String(node.id));
    const rows = await studio.editor.rows();
    const state = rows.join('');
    expect(truth.cls.get(state), `grid after clicking a ${cls} node:\n${rows.join('\n')}`).toBe(cls);
    expect(truth.depth.get(state)).toBe(node.depth);
    expect(stateRows(state, width)).toEqual(rows);
  }
  // Escape goes back to editing: the level itself again.
  await studio.page.keyboard.press('Escape');
  await studio.editor.expectRows(level.rows);
});

test('hovering a node shows its features', async ({ studio }) => {
  const level = richLevel();
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForDrawn();
  const start = (await studio.graph.nodes()).find((n) => n.id === 0)!;
  await studio.graph.hoverNode(start.id);
  await expect(studio.graph.tooltip).toBeVisible();
  await expect(studio.graph.tooltip).toContainText('state #0');
  await expect(studio.graph.tooltip).toContainText('legal moves');
  const open = level.rows.join('').split('').filter((c) => c !== '#').length;
  await expect(studio.graph.tooltip).toContainText(`${open - 1}`); // empty cells left at the start
});

test('a graph too big to draw node by node opens collapsed, with the right counts', async ({ studio }) => {
  // 31,828 states (12x12, a diagonal wall lattice).
  const rows: string[] = [];
  for (let y = 0; y < 12; y++) {
    let row = '';
    for (let x = 0; x < 12; x++) row += x === 0 && y === 0 ? 'C' : (x * 3 + y * 5) % 7 === 3 ? '#' : '.';
    rows.push(row);
  }
  await studio.editor.typeLevel(rows.join('\n'));
  await studio.graph.waitForLevel();
  await expect(studio.page.getByTestId('graph.collapsed')).toBeVisible();
  const truth = naiveAnalyze(rows);
  expect(await studio.graph.classCounts()).toEqual(truth.classes);
  await expect(studio.page.getByTestId('graph.total')).toContainText(truth.nStates.toLocaleString('en-US'));
  const drawn = await studio.graph.nodes();
  expect(drawn.length).toBeLessThan(400); // groups, not states
  // Clicking a group shows one of its states.
  const group = drawn.find((n) => n.cls === 'dead')!;
  await studio.graph.clickNode(group.id);
  await expect(studio.page.getByTestId('editor.stateBanner')).toHaveAttribute('data-cls', 'dead');
});
