/**
 * One scale (docs/difficulty.md "One scale a designer reads"): an easy level
 * and the hardest level we have generated (an SD-PCGRL 8x8 level reading
 * about 2,092 estimated seconds) on the same fixed dial, with the same
 * ticks, the number in plain decimals and the needle inside the arc.
 */
import { expect, test } from './fixtures';

/** Two forced moves: trivial. */
const EASY = ['C..', '##.', '##.'];
/** `generate --generator sd-pcgrl --count 150 --temperature 0.1 --seed 3` (shipped policy): its hardest level. */
const HARDEST = ['##...###', '...#.###', '.#.....#', '....#...', '#.#...#.', '.....#..', '.C.#...#', '......##'];

test('an easy level and the hardest generated level read on the same dial: same ticks, no rescaling, no scientific notation', async ({ studio, page }) => {
  const read = async (rows: readonly string[]) => {
    await studio.editor.typeLevel(rows.join('\n'));
    await studio.graph.waitForLevel();
    await expect(page.getByTestId('gauge.value')).not.toHaveAttribute('data-value', '');
    return {
      value: Number(await page.getByTestId('gauge.value').getAttribute('data-value')),
      text: (await page.getByTestId('gauge.value').textContent()) ?? '',
      position: Number(await page.getByTestId('gauge.needle').getAttribute('data-position')),
      ticks: await page.getByTestId('gauge.tick').allTextContents(),
      band: await page.getByTestId('gauge.band').textContent(),
      unit: await page.getByTestId('gauge.unit').textContent(),
    };
  };
  const easy = await read(EASY);
  const hard = await read(HARDEST);

  expect(easy.band).toBe('trivial');
  expect(hard.band).toBe('expert');
  expect(hard.value).toBeGreaterThan(1000);
  // The same dial: the ticks do not move, and both needles sit inside the arc, in order, with room to spare at the top.
  expect(hard.ticks).toEqual(easy.ticks);
  expect(easy.ticks).toEqual(['0', '20', '60', '200', '1k', '10k']);
  expect(easy.position).toBeGreaterThan(0);
  expect(easy.position).toBeLessThan(0.36); // below the 20 s mark
  expect(hard.position).toBeGreaterThan(easy.position);
  expect(hard.position).toBeLessThan(0.9);
  // Plain decimals with six significant digits, the unit said in words.
  for (const r of [easy, hard]) {
    expect(r.text).not.toMatch(/e/i);
    expect(r.text).toMatch(/^[\d,]+(\.\d+)?$/);
    expect(Math.abs(Number(r.text.replace(/,/g, '')) - r.value)).toBeLessThanOrEqual(r.value * 1e-5);
    expect(r.unit).toBe('estimated seconds');
  }
  expect(hard.text).toMatch(/^\d,\d{3}\.\d{2}$/);
});
