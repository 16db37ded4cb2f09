/**
 * No clipped text at 1280x800 (issue 13): in every view, no visible element
 * cuts its own text (content wider or taller than a box that hides the
 * overflow), and no select is narrower than the option it shows.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

interface Clip {
  readonly what: string;
  readonly text: string;
  readonly need: number;
  readonly has: number;
}

/** Visible elements whose text does not fit. */
async function clippedText(page: Page): Promise<Clip[]> {
  return page.evaluate(() => {
    const out: { what: string; text: string; need: number; has: number }[] = [];
    const describe = (el: Element): string => el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const ctx = document.createElement('canvas').getContext('2d')!;
    const scrolls = (s: string): boolean => s === 'auto' || s === 'scroll';
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) continue;
      if (el instanceof HTMLSelectElement) {
        const option = el.selectedOptions[0];
        if (option === undefined) continue;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const need = ctx.measureText(option.text).width;
        // The arrow takes ~20 px of the box besides the padding.
        const has = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        if (need > has + 1) out.push({ what: describe(el), text: option.text, need: Math.round(need), has: Math.round(has) });
        continue;
      }
      if (el instanceof HTMLInputElement) {
        if (!['text', 'number', ''].includes(el.type)) continue;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const need = ctx.measureText(el.value).width + (el.type === 'number' ? 16 : 0);
        const has = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (need > has + 1) out.push({ what: describe(el), text: el.value, need: Math.round(need), has: Math.round(has) });
        continue;
      }
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!ownText) continue;
      const hidesX = style.overflowX !== 'visible', hidesY = style.overflowY !== 'visible';
      // Cut by an ancestor that hides overflow without scrolling (a panel, a toolbar).
      let cutBy: Element | null = null;
      for (let a = el.parentElement, below: Element = el; a !== null && cutBy === null; below = a, a = a.parentElement) {
        if (getComputedStyle(below).position === 'fixed') break; // fixed boxes escape their ancestors' overflow
        const st = getComputedStyle(a);
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
        if (scrolls(st.overflowX) || scrolls(st.overflowY)) break;
        const b = a.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) cutBy = a;
      }
      if (cutBy !== null) out.push({ what: `${describe(el)} in ${describe(cutBy)}`, text: (el.textContent ?? '').trim().slice(0, 60), need: Math.round(r.right - r.left), has: Math.round(cutBy.getBoundingClientRect().right - r.left) });
      else if (hidesX && !scrolls(style.overflowX) && el.scrollWidth > el.clientWidth + 1) out.push({ what: describe(el), text: (el.textContent ?? '').trim().slice(0, 60), need: el.scrollWidth, has: el.clientWidth });
      else if (hidesY && !scrolls(style.overflowY) && el.scrollHeight > el.clientHeight + 1) out.push({ what: describe(el), text: (el.textContent ?? '').trim().slice(0, 60), need: el.scrollHeight, has: el.clientHeight });
    }
    return out;
  });
}

test('no text is clipped at 1280x800 in any view', async ({ studio, page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('a'); // a pack entry, so the pack list has a row
  await studio.graph.waitForDrawn();
  const found: Record<string, Clip[]> = {};
  // A graph state shown on the grid: its banner (class, moves, cells left) must fit too.
  const deep = (await studio.graph.nodes()).sort((a, b) => b.depth - a.depth)[0]!;
  await studio.graph.clickNode(deep.id);
  await expect(page.getByTestId('editor.stateBanner')).toBeVisible();
  found['studio/state'] = await clippedText(page);
  await page.keyboard.press('Escape');
  for (const tab of ['pack', 'generators', 'history']) {
    await page.getByTestId(`dock.tab.${tab}`).click();
    await page.waitForTimeout(200);
    found[`studio/${tab}`] = await clippedText(page);
  }
  // The graph column as wide as the splitter allows: the editor at its narrowest must still fit its text.
  await page.getByTestId('dock.tab.pack').click();
  await page.getByTestId('studio.splitter').focus();
  await page.keyboard.press('Home');
  await page.mouse.move(5, 790);
  found['studio/narrowest editor'] = await clippedText(page);
  await page.keyboard.press('Enter');
  for (const view of ['lab', 'training', 'batch']) {
    await page.getByTestId(`app.view.${view}`).click();
    await expect(page.getByTestId(`view.${view}`)).toBeVisible();
    await page.waitForTimeout(300);
    found[view] = await clippedText(page);
  }
  await page.getByTestId('app.view.studio').click();
  await page.keyboard.press('?');
  found['help'] = await clippedText(page);
  expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
});
