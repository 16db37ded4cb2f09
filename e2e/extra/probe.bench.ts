import { test } from '../fixtures';
test('probe', async ({ studio, page }) => {
  await studio.editor.typeLevel('C..\n...\n...');
  await page.getByTestId('editor.textOpen').waitFor();
  // a pack entry so its row actions exist
  await page.keyboard.press('a');
  for (const view of ['studio', 'lab', 'training', 'batch']) {
    if (view !== 'studio') await page.getByTestId(`app.view.${view}`).click();
    const bad = await page.evaluate(() => [...document.querySelectorAll('button, [role="button"], input, select')].filter((b) => (b as HTMLElement).offsetParent !== null || b.closest('.pack-item')).map((b) => {
      const el = b as HTMLElement;
      const labelled = el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ?? el.closest('label')?.textContent ?? (el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.getAttribute('title') : el.textContent);
      return { t: el.getAttribute('data-testid') ?? el.outerHTML.slice(0, 80), name: (labelled ?? '').trim() };
    }).filter((x) => !/[A-Za-z]{2}/.test(x.name)));
    console.log('PROBE', view, JSON.stringify(bad));
  }
});
