/**
 * Players' attempts are the designer's work: imported in the Players view,
 * they survive a reload (the `players` record) and a project file (Ctrl+S,
 * Ctrl+O). The expected counts are read off the CSV written here: three
 * attempts at Corner, two at Room, none at Ring.
 */
import { expect, test } from './fixtures';
import { PlayersPage } from './pages/PlayersPage';

const LEVELS = [
  { id: 'corner', name: 'Corner', rows: ['C..', '##.', '##.'] },
  { id: 'room', name: 'Room', rows: ['C...', '....', '.#..'] },
  { id: 'ring', name: 'Ring', rows: ['..C..', '.###.', '.....'] },
];
const PACK = { format: 'longcat-pack', version: 1, name: 'Players pack', levels: LEVELS };
const CSV = ['level,player,outcome,seconds', 'corner,ann,solved,3', 'corner,bob,solved,4.5', 'corner,cy,failed,9', 'room,ann,solved,12', 'room,bob,gaveup,30'].join('\n');
const COUNTS = [3, 2, 0];

test("players' attempts survive a reload, and a project file carries them (Ctrl+S, clear, Ctrl+O)", async ({ studio, page }) => {
  await studio.pack.show();
  await studio.pack.importFile(JSON.stringify(PACK), 'players.json');
  await expect(studio.pack.items).toHaveCount(3);
  const players = new PlayersPage(page);
  await players.open();
  await players.importFiles([{ name: 'day-one.csv', text: CSV }]);
  expect((await players.report()).map((r) => r.attempts)).toEqual(COUNTS);
  await studio.waitSaved();

  await page.reload();
  await expect(players.view).toBeVisible();
  await expect(page.getByTestId('players.fileRow')).toHaveCount(1);
  await expect.poll(async () => (await players.report()).map((r) => r.attempts)).toEqual(COUNTS);

  // The project file, through a stubbed File System Access picker that keeps it in the page.
  await page.evaluate(() => {
    const files: Record<string, string> = {};
    const handle = (name: string) => ({
      name,
      createWritable: async () => ({ write: async (text: string) => void (files[name] = text), close: async () => undefined }),
      getFile: async () => new File([files[name] ?? ''], name),
    });
    Object.assign(window, { savedFiles: files, showSaveFilePicker: async (o: { suggestedName: string }) => handle(o.suggestedName), showOpenFilePicker: async () => [handle(Object.keys(files)[0]!)] });
  });
  await studio.press('Control+s');
  await expect(studio.messages().filter({ hasText: 'Saved the project to' })).toHaveCount(1);
  const saved = JSON.parse(await page.evaluate(() => Object.values((window as unknown as { savedFiles: Record<string, string> }).savedFiles)[0]!));
  expect(saved.playerAttempts).toEqual([{ name: 'day-one.csv', text: CSV }]);
  await page.getByTestId('players.clear').click();
  await expect(page.getByTestId('players.fileRow')).toHaveCount(0);
  await studio.press('Control+o');
  await expect(page.getByTestId('players.fileRow')).toHaveCount(1);
  await expect.poll(async () => (await players.report()).map((r) => r.attempts)).toEqual(COUNTS);
});
