/**
 * A 5,000-level pack does not fit the pack's safety copy in localStorage:
 * the change since the saved pack is journalled instead (issue: a kill right
 * after "New level" lost the level 3 times in 17). Import, wait for the
 * save, New level, kill the tab at once (its script stopped: no pagehide,
 * no last write), open the studio again: 5,001 levels, the new one last,
 * and no record called damaged (which path brought it back depends on how
 * soon the kill lands; packDelta.test.ts checks each one's message). Then delete a
 * level and kill the whole browser (its localStorage's last seconds go with
 * it; the change's copy in IndexedDB stays): the delete is there after the
 * relaunch, and Ctrl+Z (the recovered step) brings the level back.
 */
import { expect, test } from '@playwright/test';
import { StudioPage } from './pages/StudioPage';
import { copiesSettled, firstPage, launchProfile } from './browserKill';

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

test('a 5,000-level pack: New level and a tab kill, then a delete and a browser kill: both come back, and undo reaches the level', async () => {
  test.setTimeout(300_000);
  // A browser of its own on its own profile, so that the whole browser can be killed too.
  const profile = await launchProfile(test.info());
  try {
    let studio = new StudioPage(await firstPage(profile.context));
    await studio.open();
    const { page } = studio;
    await studio.pack.show();
    await studio.pack.importText(bigGridsJson(5000), 'big-5000.json');
    await expect(page.getByTestId('pack.count')).toHaveText('5000 levels', { timeout: 120_000 });
    await studio.waitSaved();
    // The tab's kill is made ready first, so it lands right after the click (well inside the autosave's 250 ms wait).
    const cdp = await profile.context.newCDPSession(page);
    await page.getByTestId('pack.new').click();
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.close();

    studio = new StudioPage(await profile.context.newPage());
    await studio.open();
    await studio.pack.show();
    await expect(studio.page.getByTestId('pack.count')).toHaveText('5001 levels', { timeout: 120_000 });
    let file = await studio.pack.exportJson();
    expect(file.levels).toHaveLength(5001);
    expect(file.levels[5000]!.name).toBe('new level');
    expect(file.levels.slice(0, 5000).map((l) => l.id)).toEqual(Array.from({ length: 5000 }, (_, i) => `big-${i}`));
    // The kill is meant to land inside the autosave's 250 ms wait: the pack then comes back from its safety
    // copy and the message names the level pack. On a loaded machine the save may land first and the
    // history's own write, a task later, may not: the history then gets one step to the saved pack, and
    // says so (and a later kill still may find both written). Either way the level is there, and nothing
    // is called damaged; packDelta.test.ts checks each path's message.
    await expect(studio.messages().filter({ hasText: 'does not match' })).toHaveCount(0);

    // The first level deleted, and the browser process killed once its safety copy is in IndexedDB
    // (localStorage's last seconds die with the browser).
    await studio.waitSaved();
    await studio.pack.item(0).getByTestId('pack.item.delete').click();
    await expect(studio.page.getByTestId('pack.count')).toHaveText('5000 levels');
    await copiesSettled(studio.page);
    await profile.kill();
    studio = new StudioPage(await firstPage(profile.context));
    await studio.open();
    await studio.pack.show();
    await expect(studio.page.getByTestId('pack.count')).toHaveText('5000 levels', { timeout: 120_000 });
    file = await studio.pack.exportJson();
    expect(file.levels.map((l) => l.id)).toEqual([...Array.from({ length: 4999 }, (_, i) => `big-${i + 1}`), file.levels[4999]!.id]);
    expect(file.levels[4999]!.name).toBe('new level');
    // The kill lands after the delete's copy is in IndexedDB, so either that copy or (on a loaded
    // machine, where the wait outlasts the autosave's 250 ms) the regular save brings the delete back.
    // When the copy did, the undo history (too large for a copy of its own) came back with the delete
    // as one recovered step, and the message says so; either way Ctrl+Z reaches the level.
    const recovered = studio.messages().filter({ hasText: 'Recovered your last changes to' });
    if ((await recovered.count()) > 0) await expect(recovered.first()).toContainText('Undo takes them back as one step');
    await studio.press('Control+z');
    await expect(studio.page.getByTestId('pack.count')).toHaveText('5001 levels');
    expect((await studio.pack.exportJson()).levels[0]!.id).toBe('big-0');
  } finally {
    await profile.close();
  }
});
