/**
 * The pack's Export menu downloads every format, and each file is read back
 * here without the studio's code: JSON.parse, the CSV and Arduboy-header
 * readers of test/support/exportReaders.ts, the text split by hand, the PNG
 * decoded by the browser's own image decoder and sampled cell by cell. Ground
 * truth: the naive solver and the shipped model applied by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { naiveAnalyze } from '../test/naive/naiveSolver';
import { splitDataBlocks } from '../test/support/dataText';
import { parseCsv, parseHeader } from '../test/support/exportReaders';
import { handDifficultyOfRows } from '../test/support/handDifficulty';
import { expect, test } from './fixtures';
import type { StudioPage } from './pages/StudioPage';

const LEVELS = [
  { name: 'ring', rows: ['########', '#......#', '#.####.#', '#....#.#', '#.##.#.#', '#.C..#.#', '#......#', '########'] },
  { name: 'room, "quoted"', rows: ['########', '########', '##...###', '##.C.###', '##...###', '########', '########', '########'] },
  { name: 'open', rows: ['C.......', '........', '...##...', '........', '........', '.#......', '........', '........'] },
];
const SMALL = { name: 'small', rows: ['C....', '.#...', '.....', '...#.', '.....'] };

const asText = (levels: readonly { name: string; rows: string[] }[]): string => levels.map((l) => `; ${l.name}\n${l.rows.join('\n')}`).join('\n\n') + '\n';
const startOf = (rows: string[]) => {
  const y = rows.findIndex((r) => r.includes('C'));
  return { x: rows[y]!.indexOf('C'), y };
};
const expectedDifficulty = (rows: string[]): number | null => (naiveAnalyze(rows).features.nSolutions > 0 ? Number(handDifficultyOfRows(rows).toPrecision(6)) : null);

async function importLevels(studio: StudioPage, levels: readonly { name: string; rows: string[] }[]): Promise<void> {
  await studio.pack.show();
  await studio.pack.importFile(asText(levels), 'levels.txt');
  await expect(studio.pack.items).toHaveCount(levels.length);
  await studio.pack.waitPriced();
}

test('the Export menu downloads every format, each readable by an independent reader', async ({ studio }, testInfo) => {
  await importLevels(studio, LEVELS);
  const rows = LEVELS.map((l) => l.rows);

  const pack = await studio.pack.exportAs('pack.export');
  expect(pack.name).toMatch(/\.longcat-pack\.json$/);
  expect((JSON.parse(pack.buffer.toString('utf8')) as { levels: { rows: string[] }[] }).levels.map((l) => l.rows)).toEqual(rows);

  const json = await studio.pack.exportAs('pack.export.json');
  expect(json.name).toMatch(/\.levels\.json$/);
  const game = JSON.parse(json.buffer.toString('utf8')) as { format: string; levels: { index: number; name: string; width: number; height: number; rows: string[]; start: { x: number; y: number }; difficulty: number | null }[] };
  expect(game.format).toBe('longcat-levels');
  game.levels.forEach((l, i) => {
    expect(l).toMatchObject({ index: i + 1, name: LEVELS[i]!.name, width: 8, height: 8, rows: rows[i], start: startOf(rows[i]!) });
    const d = expectedDifficulty(rows[i]!);
    if (d === null) expect(l.difficulty).toBeNull();
    else expect(l.difficulty!).toBeCloseTo(d, 1);
  });

  const text = await studio.pack.exportAs('pack.exportText');
  expect(splitDataBlocks(text.buffer.toString('utf8'))).toEqual(LEVELS.map((l) => ({ name: l.name, rows: l.rows })));

  const header = await studio.pack.exportAs('pack.export.arduboy');
  expect(header.name).toMatch(/\.h$/);
  expect(parseHeader(header.buffer.toString('utf8')).levels.map((l) => l.rows)).toEqual(rows);

  const csv = await studio.pack.exportAs('pack.export.csv');
  const [head, ...records] = parseCsv(csv.buffer.toString('utf8'));
  expect(records.map((r) => r[head!.indexOf('name')])).toEqual(LEVELS.map((l) => l.name));
  records.forEach((r, i) => {
    const naive = naiveAnalyze(rows[i]!).features;
    expect(Number(r[head!.indexOf('nStates')])).toBe(naive.nStates);
    expect(Number(r[head!.indexOf('nSolutions')])).toBe(naive.nSolutions);
    expect(r[head!.indexOf('level')]).toBe(rows[i]!.join('/'));
  });

  const png = await studio.pack.exportAs('pack.export.png');
  expect(png.name).toMatch(/-sheet\.png$/);
  writeFileSync(testInfo.outputPath('sheet.png'), png.buffer);
  // Decode with the browser's image decoder and sample the centre of every cell of every
  // picture. The sheet's documented geometry: 2 canvas px per layout px, tiles 142 x 180
  // from (14, 44), 8x8 levels at 16 px a cell.
  const seen = await studio.page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const out: string[][] = [];
    for (let tile = 0; tile < 3; tile++) {
      const lines: string[] = [];
      for (let y = 0; y < 8; y++) {
        let line = '';
        for (let x = 0; x < 8; x++) {
          const [r, g] = ctx.getImageData(2 * (14 + tile * 142 + x * 16 + 8), 2 * (44 + y * 16 + 8), 1, 1).data;
          line += r! > 200 && g! > 120 ? 'C' : r! > 90 ? '#' : '.';
        }
        lines.push(line);
      }
      out.push(lines);
    }
    return out;
  }, png.buffer.toString('base64'));
  expect(seen).toEqual(rows);
});

test('the CSV neutralises spreadsheet formulas: a level named =HYPERLINK(...) is text behind a quote mark, numbers stay numbers', async ({ studio }) => {
  const attack = '=HYPERLINK("http://x.example","click")';
  await importLevels(studio, [{ name: attack, rows: LEVELS[0]!.rows }, { name: '@SUM(1)', rows: LEVELS[1]!.rows }]);
  const csv = (await studio.pack.exportAs('pack.export.csv')).buffer.toString('utf8');
  const [head, ...records] = parseCsv(csv);
  expect(records.map((r) => r[head!.indexOf('name')])).toEqual([`'${attack}`, "'@SUM(1)"]);
  // On the wire the cell is quoted and starts with the quote mark, never with "=".
  expect(csv.split('\r\n')[1]).toContain(`,"'=HYPERLINK(""http://x.example"",""click"")",`);
  expect(Number(records[0]![head!.indexOf('nStates')])).toBe(naiveAnalyze(LEVELS[0]!.rows).features.nStates);
});

test('the Arduboy header refuses a pack with a level that is not 8x8, says which, and downloads nothing', async ({ studio }, testInfo) => {
  await importLevels(studio, [LEVELS[0]!, SMALL]);
  let downloads = 0;
  studio.page.on('download', () => downloads++);
  await studio.page.getByTestId('pack.exportMenu').click();
  await studio.page.screenshot({ path: testInfo.outputPath('menu.png') });
  await studio.page.getByTestId('pack.export.arduboy').click();
  await expect(studio.page.getByText(/No Arduboy header written: .*8x8 levels only.*2 “small” \(5x5\)/)).toBeVisible();
  expect(downloads).toBe(0);
  // The other formats still hold it.
  const json = JSON.parse((await studio.pack.exportAs('pack.export.json')).buffer.toString('utf8')) as { levels: { width: number }[] };
  expect(json.levels.map((l) => l.width)).toEqual([8, 5]);
});

test('the menu works from the keyboard: arrows move, Enter exports, Escape closes', async ({ studio }) => {
  await importLevels(studio, [LEVELS[0]!]);
  const { page } = studio;
  await page.getByTestId('pack.exportMenu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pack.export')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('pack.export.json')).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as { levels: { rows: string[] }[] };
  expect(file.levels.map((l) => l.rows)).toEqual([LEVELS[0]!.rows]);
  await expect(page.getByTestId('pack.exportList')).toHaveCount(0);
  await page.getByTestId('pack.exportMenu').click();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('pack.export.png')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pack.exportList')).toHaveCount(0);
  await expect(page.getByTestId('pack.exportMenu')).toBeFocused();
});
