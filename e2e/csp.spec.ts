/**
 * Content-Security-Policy (vite.csp.ts): the studio, the play page and the
 * standalone player carry one, and everything they do runs under it with no
 * violation (each page records `securitypolicyviolation` events from its
 * first script on). The standalone player still plays from disk (file://)
 * with its single inline script allowed by hash, and a script that a pack
 * might smuggle into the page is refused.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { scratchDir } from './scratch';
import { PlayPage } from './pages/PlayPage';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records every CSP violation of `page` (and its reloads) in `window.cspViolations`. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
}

const violations = (page: Page): Promise<string[]> => page.evaluate(() => window.cspViolations ?? []);
const policyOf = (page: Page): Promise<string | null> => page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');

test('the studio runs under its policy: generators in workers, then the play page', async ({ page }) => {
  await recordViolations(page);
  await page.goto('/');
  expect(await policyOf(page)).toContain("script-src 'self' 'wasm-unsafe-eval'");
  await page.getByTestId('dock.tab.generators').click();
  await page.getByTestId('generator.kind').selectOption('rsd');
  await page.getByTestId('generator.count').fill('3');
  await page.getByTestId('generator.run').click();
  await expect(page.getByTestId('generator.item')).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByTestId('generator.item').getByTestId('thumb')).toHaveCount(3);
  expect(await violations(page)).toEqual([]);
  await page.goto('/play.html');
  expect(await policyOf(page)).toContain("object-src 'none'");
  expect(await violations(page)).toEqual([]);
});

test('the standalone player plays from disk under a hash-only policy, and an injected script is refused', async ({ browser }) => {
  const dir = scratchDir('csp');
  const pack = { format: 'longcat-pack', version: 2, rules: 'longcat', name: 'CSP', levels: [{ id: 'a', name: 'Corner', rows: ['C..', '###', '###'] }] };
  writeFileSync(join(dir, 'pack.json'), JSON.stringify(pack));
  const path = join(dir, 'play.html');
  execFileSync('npx', ['tsx', 'src/cli/longcat.ts', 'export', join(dir, 'pack.json'), '--format', 'html', '--out', path], { stdio: 'pipe' });
  // A copy with a script a pack's text might try to become: the policy must block it.
  const injected = join(dir, 'injected.html');
  writeFileSync(injected, readFileSync(path, 'utf8').replace('</body>', '<script>document.title = "pwned"</script></body>'));
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordViolations(page);
  await page.goto(pathToFileURL(path).href);
  const policy = await policyOf(page);
  expect(policy).toContain("default-src 'none'");
  expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  const play = new PlayPage(page);
  await expect(page.getByTestId('play.levelName')).toHaveText('Corner');
  await play.play('R');
  await play.expectWon();
  expect(await violations(page)).toEqual([]);

  await page.goto(pathToFileURL(injected).href);
  await expect(page.getByTestId('play.levelName')).toContainText('Corner');
  expect(await page.title()).not.toBe('pwned');
  await expect.poll(() => violations(page)).toEqual([expect.stringMatching(/^script-src/)]);
  await context.close();
});
