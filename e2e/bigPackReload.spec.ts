/**
 * A 1,000-level pack across a reload (issue: React error #185, "maximum
 * update depth", when the overview opened after a reload): import, wait for
 * the save, reload, open the overview while the pack is analysed again,
 * go back to the studio. No page error, no part of the studio stopped, and
 * the overview's tiles drawn (a screenful: it is windowed). And the pack
 * levels' analyses are kept: after a reload they are there with no worker.
 */
import { expect, test } from './fixtures';
import { bigPackJson } from './bigPack';
import { PackOverviewPage } from './pages/PackOverviewPage';

test('a 1,000-level pack: reload, open the overview, back to the studio: no error', async ({ studio }, info) => {
  test.setTimeout(240_000);
  const { page } = studio;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await studio.pack.show();
  await studio.pack.importText(bigPackJson(1000), 'big-1000.json');
  await expect(page.getByTestId('pack.count')).toHaveText('1000 levels', { timeout: 120_000 });
  await studio.waitSaved();
  await page.reload();
  await expect(page.getByTestId('pack.count')).toHaveText('1000 levels', { timeout: 120_000 });
  const overview = new PackOverviewPage(page);
  // The main thread's CPU time and wall time to open the overview (recorded, never asserted: the load decides them).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const cpu = async (): Promise<number> => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  const [cpu0, t0] = [await cpu(), Date.now()];
  await overview.open();
  await expect(page.getByTestId('pack.grid')).toHaveAttribute('data-windowed', 'true');
  await expect(overview.tiles.first()).toBeVisible();
  const opened = { wallMs: Date.now() - t0, cpuMs: Math.round((await cpu()) - cpu0) };
  info.annotations.push({ type: 'overview open', description: JSON.stringify(opened) });
  console.log(`overview open at 1,000 levels after a reload: ${JSON.stringify(opened)}`);
  // Scroll the overview while the levels are analysed again: tiles change as their difficulties arrive.
  await page.getByTestId('pack.grid').hover();
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(1000);
  await page.getByTestId('app.view.studio').click();
  await expect(page.getByTestId('pack.count')).toHaveText('1000 levels');
  await expect(page.getByText('stopped working')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('levels analysed before a reload show their numbers after it with no analysis worker at all (the analysis cache)', async ({ studio }) => {
  test.setTimeout(240_000);
  const { page } = studio;
  await studio.pack.show();
  await studio.pack.importText(bigPackJson(300), 'big-300.json');
  await expect(page.getByTestId('pack.count')).toHaveText('300 levels', { timeout: 120_000 });
  await expect(page.getByTestId('pack.count')).toHaveAttribute('data-pending', '0', { timeout: 180_000 });
  const before = (await studio.pack.exportJson()).levels.map((l) => l.difficulty);
  await studio.waitSaved();
  // From the reload on, every analysis worker is an empty script that never answers: only the cache can price a level.
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(String(url).includes('analysis') ? URL.createObjectURL(new Blob([''], { type: 'text/javascript' })) : url, options);
      }
    };
  });
  await page.reload();
  await expect(page.getByTestId('pack.count')).toHaveText('300 levels', { timeout: 120_000 });
  await expect(page.getByTestId('pack.count')).toHaveAttribute('data-pending', '0', { timeout: 60_000 });
  expect((await studio.pack.exportJson()).levels.map((l) => l.difficulty)).toEqual(before);
});
