/**
 * A pack set to shuffle (the Pack panel's play order) sends each player
 * through the levels in their own order: the play link, opened by a player
 * whose id is known, lists and plays the levels in the order
 * core/play/order.ts gives that player, the first level kept first.
 */
import { decodePackLink, packIdentity } from '../src/core/pack/link';
import { playerOrderSeed, presentationOrder } from '../src/core/play/order';
import { expect, test } from './fixtures';

const LEVELS = ['Corner', 'Room', 'Ring', 'Hall', 'Nook'].map((name, i) => ({ id: `l${i}`, name, rows: ['C..', '...', ['..#', '.#.', '#..', '...', '#.#'][i]!] }));
const PACK = { format: 'longcat-pack', version: 2, rules: 'longcat', name: 'Shuffled pack', levels: LEVELS };

test('a shuffled pack: the play link shows this player their own order, first level first', async ({ studio, browser }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PACK), 'shuffled.json');
  await expect(studio.pack.items).toHaveCount(5);
  await studio.page.getByTestId('pack.playOrder.shuffle').check();
  await expect(studio.page.getByTestId('pack.playOrder.keepFirst')).toBeChecked();
  await studio.page.getByTestId('pack.playLink').click();
  const url = await studio.page.getByTestId('pack.shareUrl').inputValue();
  const linked = decodePackLink(new URL(url).hash);
  if (!linked.ok) throw new Error(linked.error);
  expect(linked.value.pack.playOrder).toEqual({ shuffle: true, keepFirst: true });
  const identity = packIdentity(linked.value.pack);
  // The first of a few fixed player ids whose order is not the pack's (most are: 23 of 24 orders move something).
  const player = ['p-order01', 'p-order02', 'p-order03'].find((p) => presentationOrder(5, { shuffle: true, keepFirst: true }, playerOrderSeed(identity, p)).join() !== '0,1,2,3,4')!;
  const expected = presentationOrder(5, { shuffle: true, keepFirst: true }, playerOrderSeed(identity, player)).map((i) => LEVELS[i]!.name);

  const context = await browser.newContext();
  await context.addInitScript((id) => window.localStorage.setItem('longcat-play/player', id), player);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('play.levelName')).toHaveText(expected[0]!);
  expect(expected[0]).toBe('Corner');
  await page.getByTestId('play.levelsButton').click();
  await expect(page.getByTestId('play.levelItem')).toHaveCount(5);
  expect(await page.getByTestId('play.levelItem').allTextContents()).toEqual(expected.map((name, i) => `${i + 1} ${name} `));
  await page.keyboard.press('Escape');
  // Giving up goes on to this player's second level, not the pack's.
  await page.getByTestId('play.giveUp').click();
  await expect(page.getByTestId('play.levelName')).toHaveText(expected[1]!);
  await context.close();
});
