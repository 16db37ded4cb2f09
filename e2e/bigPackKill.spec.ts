/**
 * A 5,000-level pack does not fit the pack's safety copy in localStorage:
 * the change since the saved pack is journalled instead (issue: a kill right
 * after "New level" lost the level 3 times in 17). Import, wait for the
 * save, New level, kill the tab at once (its script stopped: no pagehide,
 * no last write), open the studio again: 5,001 levels, the new one last,
 * and a message that says in plain words what was recovered.
 */
import { expect, test } from './fixtures';
import { StudioPage } from './pages/StudioPage';

/**
 * `n` distinct 14x14 levels, mostly wall (small state spaces): the head top-left on an open top row,
 * and one open cell per row below it, placed by the digits of `i`. About 390 characters each in the
 * saved pack: 5,000 are past the journal's 1.5 million characters (the 7x7 levels of bigPack.ts fit).
 */
function bigGridsJson(n: number): string {
  const levels = Array.from({ length: n }, (_, i) => {
    const rows = Array.from({ length: 14 }, (_, y) => {
      if (y === 0) return 'C' + '.'.repeat(13);
      const open = (Math.floor(i / 14 ** ((y - 1) % 4)) + y) % 14;
      return Array.from({ length: 14 }, (_, x) => (x === open ? '.' : '#')).join('');
    });
    return { id: `big-${i}`, name: `big ${i}`, rows };
  });
  return JSON.stringify({ format: 'longcat-pack', version: 1, name: `big ${n}`, levels });
}

test('a 5,000-level pack: New level, then the tab killed at once: the level is there after reopening', async ({ studio, context }) => {
  test.setTimeout(300_000);
  const { page } = studio;
  await studio.pack.show();
  await studio.pack.importText(bigGridsJson(5000), 'big-5000.json');
  await expect(page.getByTestId('pack.count')).toHaveText('5000 levels', { timeout: 120_000 });
  await studio.waitSaved();
  // The kill is made ready first, so it lands right after the click (well inside the autosave's 250 ms wait).
  const cdp = await context.newCDPSession(page);
  await page.getByTestId('pack.new').click();
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await page.close();

  const again = new StudioPage(await context.newPage());
  await again.open();
  await again.pack.show();
  await expect(again.page.getByTestId('pack.count')).toHaveText('5001 levels', { timeout: 120_000 });
  const file = await again.pack.exportJson();
  expect(file.levels).toHaveLength(5001);
  expect(file.levels[5000]!.name).toBe('new level');
  expect(file.levels.slice(0, 5000).map((l) => l.id)).toEqual(Array.from({ length: 5000 }, (_, i) => `big-${i}`));
  await expect(again.messages().filter({ hasText: 'Recovered your last changes to' }).first()).toContainText('the level pack');
  await expect(again.messages().filter({ hasText: 'does not match' })).toHaveCount(0);
});
