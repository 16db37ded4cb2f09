/**
 * Packs in a game's repository, in the studio (SPEC §15, docs/repository.md):
 * the studio writes the canonical layout the CLI writes (read, write, same
 * bytes; `longcat format --check` agrees), the designer's rules checked live
 * as a level is drawn, Compare… between the open pack and a file, and a pack
 * the merge driver left with conflicts opened to pick a side. Ground truth
 * for solvability is the naive solver.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { scratchDir } from './scratch';
import { StudioPage } from './pages/StudioPage';
import { naiveAnalyze, naiveGraph, naiveSolution } from '../test/naive/naiveSolver';

const ROOT = resolve(import.meta.dirname, '..');
/** Runs the CLI (`longcat ARGS`) as a designer would. */
const cli = (...args: string[]) => spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/cli/longcat.ts'), ...args], { encoding: 'utf8' });
/** The fixture packs' canonical texts (e2e/repoPacks.ts, run by tsx). */
function fixturePacks(): Record<'base' | 'broken' | 'ours' | 'theirs', string> {
  const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'e2e/repoPacks.ts')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`e2e/repoPacks.ts failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<'base' | 'broken' | 'ours' | 'theirs', string>;
}
const PACKS = fixturePacks();
const A = ['C...', '....', '....'];
/** Rows of level one in a fixture pack. */
const rowsOfOne = (text: string): string[] => (JSON.parse(text) as { levels: { rows: string[] }[] }).levels[0]!.rows;

/** After an import: answers "replace" when the studio asks (a pack with levels), then waits for `count` levels. */
async function replaceWith(studio: StudioPage, count: number): Promise<void> {
  const choice = studio.page.getByTestId('pack.importReplace');
  await expect(choice.or(studio.pack.items.nth(count - 1)).first()).toBeVisible();
  if (await choice.isVisible()) await choice.click();
  await expect(studio.pack.items).toHaveCount(count);
}

/** Opens `text` as the pack (replacing whatever is there). */
async function openPack(studio: StudioPage, text: string, name = 'game.longcat-pack.json'): Promise<void> {
  await studio.pack.importText(text, name);
  await replaceWith(studio, (JSON.parse(text) as { levels: unknown[] }).levels.length);
}

test('the studio writes the canonical layout: export, open, export is the same bytes, and longcat format --check accepts it', async ({ studio }) => {
  // An old file: version 1, the indented layout, no annotations.
  await openPack(studio, JSON.stringify({ ...JSON.parse(PACKS.base), version: 1, rules: undefined }, null, 2));
  await studio.pack.waitPriced();
  const exported = await studio.pack.exportText();
  expect(exported).toContain('      "rows": [\n        "C...",\n        "....",\n        "...."\n      ],\n');
  const dir = scratchDir('studio');
  writeFileSync(join(dir, 'p.longcat-pack.json'), exported);
  const check = cli('format', '--check', join(dir, 'p.longcat-pack.json'));
  expect(check.status, check.stdout + check.stderr).toBe(0);
  await openPack(studio, exported, 'again.longcat-pack.json');
  await studio.pack.waitPriced();
  expect(await studio.pack.exportText()).toBe(exported);
});

test('the designer\'s rules are checked live as the level is drawn', async ({ studio }) => {
  const stuck = 'C#.#\n....\n....';
  expect(naiveSolution(stuck.split('\n'))).toBeNull();
  await studio.editor.typeLevel(stuck);
  await studio.graph.waitForLevel();
  await studio.page.getByTestId('lint.panel').locator('summary').click();
  await studio.page.getByTestId('lint.default').click();
  await expect(studio.page.locator('[data-testid="lint.violation"]')).toHaveAttribute('data-rule', 'solvable');
  await studio.editor.typeLevel(A.join('\n'));
  await studio.graph.waitForLevel();
  await expect(studio.page.getByTestId('lint.summary')).toHaveAttribute('data-count', '0');
  // A rules file asking one move more than the level's shortest solution (naive solver).
  const shortest = naiveAnalyze(A).features.shortestSolutionLength;
  await studio.page.getByTestId('lint.file').setInputFiles({ name: 'rules.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'longcat-lint-rules', version: 1, minShortestSolution: shortest + 1 })) });
  await expect(studio.page.locator('[data-testid="lint.violation"]')).toHaveAttribute('data-rule', 'minShortestSolution');
  await expect(studio.page.locator('[data-testid="lint.violation"]')).toContainText(`the shortest solution is ${shortest} moves`);
  // A reload checks the same rules, and says where they came from.
  await studio.waitSaved();
  await studio.page.reload();
  const again = new StudioPage(studio.page);
  await again.editor.grid.waitFor();
  await expect(studio.page.getByTestId('app.save')).not.toHaveAttribute('data-status', 'loading');
  await again.editor.expectRows(A);
  await again.graph.waitForLevel();
  await expect(studio.page.getByTestId('lint.panel')).toContainText('From rules.json.');
  await expect(studio.page.locator('[data-testid="lint.violation"]')).toHaveAttribute('data-rule', 'minShortestSolution');
});

test('Compare… shows what a file changed against the open pack, and the level it broke', async ({ studio }) => {
  await openPack(studio, PACKS.base);
  await studio.page.getByTestId('pack.compareFile').setInputFiles({ name: 'after.json', mimeType: 'application/json', buffer: Buffer.from(PACKS.broken) });
  const dialog = studio.page.getByTestId('compare.dialog');
  await expect(dialog).toHaveAttribute('data-broken', '1');
  const lines = await dialog.getByTestId('compare.line').allInnerTexts();
  expect(lines.some((l) => l.startsWith('added    l-cccccccccc "three"'))).toBe(true);
  expect(lines.some((l) => l.startsWith('changed  l-aaaaaaaaaa "one": 2 cells') && l.includes('solvable -> UNSOLVABLE'))).toBe(true);
  expect(lines).toContain('BROKEN   l-aaaaaaaaaa was solvable and no longer is');
  await dialog.getByTestId('compare.close').click();
  await expect(dialog).toHaveCount(0);
});

test('a pack left with merge conflicts opens with each conflict\'s versions side by side; the picked version is what opens', async ({ studio }) => {
  // The merge driver as git runs it (the core's modules read JSON models, which Node cannot import here).
  const dir = scratchDir('merge');
  const [b, o, t] = ['base', 'ours', 'theirs'].map((n) => join(dir, `${n}.json`)) as [string, string, string];
  writeFileSync(b, PACKS.base);
  writeFileSync(o, PACKS.ours);
  writeFileSync(t, PACKS.theirs);
  const merge = cli('merge-driver', b, o, t, 'levels.longcat-pack.json');
  expect(merge.status, merge.stdout + merge.stderr).toBe(1);
  await studio.pack.importText(readFileSync(o, 'utf8'), 'levels.longcat-pack.json');
  const dialog = studio.page.getByTestId('conflicts.dialog');
  await expect(dialog.getByTestId('conflicts.region')).toHaveCount(1);
  // Each version with its numbers: both sides solvable (naive solver), the base too.
  for (const side of ['ours', 'base', 'theirs']) await expect(dialog.getByTestId(`conflicts.side.${side}`).getByTestId('conflicts.effect')).toContainText('one: solvable');
  // Each version's solution graph is drawn, with as many states as the naive solver finds for that grid.
  const grids = { ours: rowsOfOne(PACKS.ours), base: rowsOfOne(PACKS.base), theirs: rowsOfOne(PACKS.theirs) };
  for (const [side, rows] of Object.entries(grids)) {
    const states = naiveGraph([...rows]).order.length;
    expect(states).toBeGreaterThan(1);
    const graph = dialog.getByTestId(`conflicts.side.${side}`).getByTestId('conflicts.graph');
    await expect(graph).toHaveAttribute('data-nodes', String(states));
    // Painted: some pixel of the canvas is not transparent.
    expect(await graph.evaluate((c: HTMLCanvasElement) => c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 0))).toBe(true);
  }
  await dialog.getByTestId('conflicts.side.theirs').getByRole('radio').check();
  await dialog.getByTestId('conflicts.apply').click();
  await expect(dialog).toHaveCount(0);
  await replaceWith(studio, 2);
  const text = await studio.pack.exportText();
  expect(JSON.parse(text).levels[0].rows).toEqual(['C..#', '....', '....']);
});
