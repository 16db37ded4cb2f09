/** Issue 13: reading the solution graph — zoom, maximise, highlights, paths, collapsed groups — and the gauge in plain words. */
import { expect, test } from './fixtures';
import { dataLevels, fixtureLevels } from './levels';
import { naiveAnalyze, naiveGraph } from '../test/naive/naiveSolver';

/** A level with every class present and a graph small enough to click around: a real one when the level sets are here, else one of our fixtures. */
function richLevel() {
  for (const level of [...dataLevels('longcat-binswing-52.txt'), ...fixtureLevels()]) {
    const c = naiveAnalyze(level.rows).classes;
    if (Object.values(c).every((n) => n > 0) && c.success + c.fail + c.solution + c.dead + c.indeterminate < 150) return level;
  }
  throw new Error('no level with every class');
}

/** RSD 11x11, seed 3, iteration 1206: 1,520 states, difficulty ~254 under the shipped model. */
const RSD_1520 = ['#....######', '..##.######', '.###...####', '...###.....', '##..#...##.', '###...#..#.', '##....#....', '##.C....#.#', '#....#....#', '#..##..####', '##....#####'];

test('the graph zooms by buttons, keys and one step per wheel notch, and maximises', async ({ studio, page }) => {
  const level = richLevel();
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForDrawn();
  const z0 = await studio.graph.zoom();
  await page.getByTestId('graph.zoomIn').click();
  expect(await studio.graph.zoom()).toBeCloseTo(z0 * 1.2, 5);
  await page.getByTestId('graph.zoomOut').click();
  await page.getByTestId('graph.zoomOut').click();
  expect(await studio.graph.zoom()).toBeCloseTo(z0 / 1.2, 5);
  await page.keyboard.press('+');
  expect(await studio.graph.zoom()).toBeCloseTo(z0, 5);
  await page.keyboard.press('1');
  expect(await studio.graph.zoom()).toBeCloseTo(1, 5);
  await page.keyboard.press('-');
  expect(await studio.graph.zoom()).toBeCloseTo(1 / 1.2, 5);
  await page.keyboard.press('0');
  expect(await studio.graph.zoom()).toBeCloseTo(z0, 5);
  // One wheel notch (deltaY 100) over the canvas: one step in, not ~3%.
  const box = (await studio.graph.canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -100);
  await expect.poll(() => studio.graph.zoom()).toBeCloseTo(z0 * 1.2, 3);

  // G maximises the panel over the studio; Escape restores it.
  const before = (await page.getByTestId('graph.panel').boundingBox())!;
  await page.keyboard.press('g');
  await expect(page.getByTestId('graph.panel')).toHaveAttribute('data-maximised', 'true');
  const big = (await page.getByTestId('graph.panel').boundingBox())!;
  expect(big.width).toBeGreaterThan(1200);
  expect(big.width * big.height).toBeGreaterThan(3 * before.width * before.height);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('graph.panel')).toHaveAttribute('data-maximised', 'false');
  await page.getByTestId('graph.maximise').click();
  await expect(page.getByTestId('graph.panel')).toHaveAttribute('data-maximised', 'true');
  // Maximising fits the graph to the bigger panel (z0 was the fit of the small one, below the 1.6 cap):
  // it zooms in, and Fit (0) afterwards changes nothing.
  if (z0 < 1.6) await expect.poll(() => studio.graph.zoom()).toBeGreaterThan(z0);
  else await expect.poll(() => studio.graph.zoom()).toBeCloseTo(1.6, 5);
  // The panel grows over a few frames and the fit follows its size: read the zoom once it holds still across two frames.
  const settled = async (): Promise<boolean> => {
    const a = await studio.graph.zoom();
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    return Math.abs((await studio.graph.zoom()) - a) < 1e-9;
  };
  await expect.poll(settled).toBe(true);
  const fitted = await studio.graph.zoom();
  await page.keyboard.press('0');
  // The fit lands a frame after the key: read the zoom until it holds.
  await expect.poll(() => studio.graph.zoom()).toBeCloseTo(fitted, 5);
});

test('a class chip lights up exactly that class; a gauge row lights the states its feature counts', async ({ studio, page }) => {
  const level = richLevel();
  const truth = naiveGraph(level.rows);
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForDrawn();
  const nodes = await studio.graph.nodes();
  for (const cls of ['dead', 'solution'] as const) {
    await studio.graph.chip(cls).click();
    await expect(studio.graph.chip(cls)).toHaveAttribute('aria-pressed', 'true');
    const count = [...truth.cls.values()].filter((c) => c === cls).length;
    await studio.graph.expectMarked('lit', count);
    const lit = new Set(await studio.graph.marked('lit'));
    expect(nodes.filter((n) => lit.has(n.id)).every((n) => n.cls === cls)).toBe(true);
    await studio.graph.expectMarked('dim', nodes.length - count);
  }
  await studio.graph.chip('solution').click(); // the same chip again: off
  await studio.graph.expectMarked('lit', 0);
  await studio.graph.expectMarked('dim', 0);

  // The default model's expectedDecisions: the random player decides at every state with 2+ moves, and those states light up.
  await page.getByTestId('gauge.light.expectedDecisions').click();
  const branching = [...truth.order].filter((s) => (truth.edges.get(s)?.length ?? 0) > 1).length;
  await studio.graph.expectMarked('lit', branching);
});

test('the path from the start lights up for a clicked state and follows a replay step by step', async ({ studio, page }) => {
  const level = richLevel();
  const truth = naiveGraph(level.rows);
  await studio.editor.typeLevel(level.text);
  await studio.graph.waitForDrawn();
  const nodes = await studio.graph.nodes();
  const deepest = nodes.filter((n) => n.cls === 'fail').sort((a, b) => b.depth - a.depth)[0]!;
  await studio.graph.clickNode(deepest.id);
  // depth + 1 states and depth moves, one state per depth 0..depth, ending at the clicked one.
  await studio.graph.expectMarked('onpath', 2 * deepest.depth + 1);
  const onPath = (await studio.graph.marked('onpath')).filter((id) => id >= 0);
  const depths = onPath.map((id) => nodes.find((n) => n.id === id)!.depth).sort((a, b) => a - b);
  expect(depths).toEqual([...Array(deepest.depth + 1).keys()]);
  expect(onPath).toContain(deepest.id);
  expect(onPath).toContain(0);

  // Replay of the shortest solution: the current state is marked and the path follows it.
  await page.keyboard.press('Escape');
  await page.keyboard.press('v');
  const shortest = Math.min(...[...truth.cls.entries()].filter(([, c]) => c === 'success').map(([s]) => truth.depth.get(s)!));
  await studio.graph.expectMarked('current', 1);
  await studio.graph.expectMarked('onpath', 1); // step 0: the start alone
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await studio.graph.expectMarked('onpath', 5);
  await page.keyboard.press('End');
  await studio.graph.expectMarked('onpath', 2 * shortest + 1);
  const current = (await studio.graph.marked('current'))[0]!;
  expect(nodes.find((n) => n.id === current)!.cls).toBe('success');
});

test('the states of a collapsed group can be browsed one by one', async ({ studio, page }) => {
  await studio.editor.typeLevel(RSD_1520.join('\n'));
  await studio.graph.waitForLevel();
  await page.getByTestId('graph.view.collapsed').click();
  await expect(page.getByTestId('graph.collapsed')).toBeVisible();
  // The collapsed drawing is done (the full one was on the canvas renderer: Cytoscape starts anew, empty at first).
  await expect.poll(() => page.evaluate(() => { const g = window.__longcatGraph; return g !== undefined && g.report?.view === 'collapsed' && g.report.nodes === g.drawnNodes(); })).toBe(true);
  await expect.poll(async () => (await studio.graph.nodes()).length).toBeLessThan(200);
  // The biggest dead group: its count is the number of states to browse.
  const groups = await page.evaluate(() => window.__longcatGraph!.cy!.nodes().map((n) => ({ id: n.data('node') as number, cls: n.data('cls') as string, count: n.data('count') as number })));
  const group = groups.filter((g) => g.cls === 'dead').sort((a, b) => b.count - a.count)[0]!;
  expect(group.count).toBeGreaterThan(2);
  await studio.graph.clickNode(group.id);
  await expect(page.getByTestId('graph.group.position')).toHaveText(`state 1 of ${group.count.toLocaleString('en-US')}`);
  const seen = new Set([(await studio.editor.rows()).join('/')]);
  await page.keyboard.press(']');
  await expect(page.getByTestId('graph.group.position')).toHaveText(`state 2 of ${group.count.toLocaleString('en-US')}`);
  await page.getByTestId('graph.group.next').click();
  await expect(page.getByTestId('graph.group.position')).toHaveText(`state 3 of ${group.count.toLocaleString('en-US')}`);
  await expect(page.getByTestId('editor.stateBanner')).toHaveAttribute('data-cls', 'dead');
  seen.add((await studio.editor.rows()).join('/'));
  await page.keyboard.press('[');
  await expect(page.getByTestId('graph.group.position')).toHaveText(`state 2 of ${group.count.toLocaleString('en-US')}`);
  seen.add((await studio.editor.rows()).join('/'));
  expect(seen.size).toBe(3); // three different states on the grid
  // The "full" toggle shows what is drawn: collapsed is pressed, full is not.
  await expect(page.getByTestId('graph.view.collapsed')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('graph.view.full')).toHaveAttribute('aria-checked', 'false');
});

test('the gauge speaks plainly: an estimate in estimated seconds (no player data), past 100 on the fixed dial, no contributions for an unsolvable level', async ({ studio, page }) => {
  await studio.editor.typeLevel(RSD_1520.join('\n'));
  await studio.graph.waitForLevel();
  const value = Number(await page.getByTestId('gauge.value').getAttribute('data-value'));
  expect(value).toBeGreaterThan(100);
  // One fixed dial: past 100 the needle is still inside the arc (docs/difficulty.md "One scale").
  const position = Number(await page.getByTestId('gauge.needle').getAttribute('data-position'));
  expect(position).toBeGreaterThan(0.6);
  expect(position).toBeLessThan(1);
  await expect(page.locator('svg.gauge')).toHaveAttribute('data-dial', 'fixed');
  // No player has played it: the gauge says it shows the structural estimate, never "seconds of play".
  await expect(page.getByTestId('gauge.unit')).toHaveText('estimated seconds');
  await expect(page.getByTestId('gauge.source')).toHaveAttribute('data-source', 'structural');
  await expect(page.getByTestId('gauge.contributions')).toContainText('random player: decisions');
  // Unsolvable: two separate open areas.
  await studio.editor.typeLevel('C.#..\n..#..\n..#..');
  await studio.graph.waitForLevel();
  await expect(page.getByTestId('gauge.unsolvable')).toBeVisible();
  await expect(page.getByTestId('gauge.contributions')).toHaveCount(0);
  await expect(page.getByTestId('gauge.value')).toHaveText('unsolvable');
});

test('? opens the key help of every view, listing that view\'s keys', async ({ studio: _studio, page }) => {
  await page.keyboard.press('?');
  const help = page.getByTestId('app.helpDialog');
  await expect(help).toHaveAttribute('data-view', 'studio');
  for (const key of ['+ / −', '0', 'G', '[ / ]', 'Alt+↑ / Alt+↓', 'F2', 'Shift+C', 'V']) await expect(help.locator('kbd', { hasText: key }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  for (const view of ['lab', 'training', 'batch']) {
    await page.getByTestId(`app.view.${view}`).click();
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('?');
    await expect(help).toHaveAttribute('data-view', view);
    await expect(help.locator('kbd', { hasText: '?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
  }
});

test('every button and field has an accessible name in words; thumbnails preview large; a bad size says why', async ({ studio, page }) => {
  await page.keyboard.press('a'); // a pack entry, so its row actions exist
  for (const view of ['studio', 'lab', 'training', 'batch']) {
    if (view !== 'studio') await page.getByTestId(`app.view.${view}`).click();
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button, input, select')]
        .filter((b) => (b as HTMLElement).offsetParent !== null || b.closest('.pack-item') !== null)
        .map((b) => {
          const el = b as HTMLElement;
          const name = el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? (el instanceof HTMLButtonElement ? el.textContent : el.getAttribute('title'));
          return { id: el.getAttribute('data-testid') ?? el.outerHTML.slice(0, 60), name: (name ?? '').trim() };
        })
        .filter((x) => !/[A-Za-z]{2}/.test(x.name)),
    );
    expect(unnamed, `controls without a name in words in the ${view} view`).toEqual([]);
  }
  await page.getByTestId('app.view.studio').click();
  // The pack thumbnail (40 px) previews at 240 px on hover.
  await page.getByTestId('pack.item').first().locator('[data-testid="thumb"]').hover();
  const preview = page.getByTestId('thumb.preview');
  await expect(preview).toBeVisible();
  expect((await preview.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  await page.mouse.move(700, 700);
  await expect(preview).toHaveCount(0);
  // Typing 20 as a width is refused with a message; the width stays.
  const before = await studio.editor.size();
  await page.getByTestId('editor.width').fill('20');
  await page.getByTestId('editor.width').press('Enter');
  await expect(studio.messages().last()).toContainText('3 to 16');
  expect(await studio.editor.size()).toEqual(before);
});
