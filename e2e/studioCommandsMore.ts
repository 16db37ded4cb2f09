/**
 * More commands for the model-based test (see studioModel.ts): the tab
 * killed (its renderer crashed: no pagehide, no last write, unlike a
 * reload), the whole browser killed, players' attempts imported in the Players view, and a safety
 * copy in localStorage replaced by something parseable but wrong.
 */
import fc from 'fast-check';
import { expect, type Page } from '@playwright/test';
import { PlayersPage } from './pages/PlayersPage';
import { StudioPage } from './pages/StudioPage';
import { copiesSettled, firstPage } from './browserKill';
import { checkAgrees, fullChecks, type Model, type Real } from './studioModel';

type Cmd = fc.AsyncCommand<Model, Real>;

/**
 * The tab killed `delayMs` after the last step: its script stopped at once
 * (CDP `Emulation.setScriptExecutionDisabled`: no timer, no pagehide, no
 * last flush; Chromium's `Page.crash` takes the whole test browser down
 * here), the tab closed, and the studio opened again in a new tab of the
 * same browser. Nothing is lost:
 * what was not in IndexedDB yet comes back from the safety copies. (A new
 * tab starts with the disk free: the storage switch is per tab.)
 */
class Kill implements Cmd {
  constructor(readonly delayMs: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    if (this.delayMs > 0) await r.page.waitForTimeout(this.delayMs);
    // No more of the page's script runs from here (no timer, no pagehide flush), then the tab goes.
    const cdp = await r.context.newCDPSession(r.page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await r.page.close();
    await reopenOn(await r.context.newPage(), 'the new tab', m, r);
  }
  toString = () => `Kill(${this.delayMs} ms)`;
}

/**
 * The whole browser killed (SIGKILL to its process: no unload, no shutdown
 * write; localStorage's last seconds are lost with it), right after the last
 * step's safety copies reached IndexedDB (a few ms after the step, long
 * before the autosave's write), then launched again on the same profile and
 * the studio opened: nothing is lost. Needs a session on a profile of its
 * own (`studioModel.spec.ts` gives one to sessions with this step).
 */
class BrowserKill implements Cmd {
  check = (m: Readonly<Model>) => !m.unsavedWhileFull;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    if (r.profile === undefined) throw new Error('BrowserKill needs a session on a profile of its own');
    await copiesSettled(r.page);
    await r.profile.kill();
    r.context = r.profile.context;
    await reopenOn(await firstPage(r.context), 'the relaunched browser', m, r);
  }
  toString = () => 'BrowserKill';
}

/** After a kill: the studio opened on `page` owns the workspace (no read-only banner), and what it shows agrees with the model (the disk is no longer full). */
async function reopenOn(page: Page, who: string, m: Model, r: Real): Promise<void> {
  await StudioPage.installStorageSwitch(page);
  r.page = page;
  r.studio = new StudioPage(page);
  await r.studio.open();
  await expect(page.getByTestId('workspace.readOnly'), `${who} owns the workspace: after ${r.log.join(' → ')}`).toHaveCount(0);
  m.full = false;
  m.unsavedWhileFull = false;
  await checkAgrees(m, r, true);
}

/** The attempt files the model expects the Players view to hold, by name. */
const playerFiles = new WeakMap<Model, string[]>();

/** The Players view lists the files the model says were imported (after a reload or a kill too). */
export async function checkPlayers(m: Model, r: Real): Promise<void> {
  const expected = playerFiles.get(m) ?? [];
  if (expected.length === 0) return;
  const players = new PlayersPage(r.page);
  await players.open();
  await expect.poll(() => r.page.getByTestId('players.fileRow').evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? e.textContent ?? '')), { message: `players' files after: ${r.log.join(' → ')}` }).toEqual(expected.map((n) => expect.stringContaining(n)));
  await players.backToStudio();
}

fullChecks.push(checkPlayers);

/**
 * Imports an attempts CSV in the Players view (one attempt per pack level
 * named in it; the file is accepted whatever the pack holds: unmatched
 * levels are counted, not refused).
 */
class PlayersImport implements Cmd {
  constructor(readonly name: string) {}
  check = (m: Readonly<Model>) => !(playerFiles.get(m as Model) ?? []).includes(this.name);
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    const players = new PlayersPage(r.page);
    await players.open();
    await players.importFiles([{ name: this.name, text: `level,player,outcome,seconds\nC../.../...,${this.name.replace(/\W/g, '')},solved,4\n` }]);
    playerFiles.set(m, [...(playerFiles.get(m) ?? []), this.name]);
    await expect(r.page.getByTestId('players.fileRow')).toHaveCount(playerFiles.get(m)!.length);
    await players.backToStudio();
    if (m.full) m.unsavedWhileFull = true;
    await checkAgrees(m, r);
  }
  toString = () => `PlayersImport(${this.name})`;
}

/**
 * Once everything is saved, the pack's (or the editor level's) safety copy
 * in localStorage is replaced by valid JSON that is not that record
 * (`"x"`, `{"version":999}`), then the page reloads: IndexedDB's record
 * wins, the studio says the copy was set aside, and nothing changes.
 */
class CorruptSafetyCopy implements Cmd {
  constructor(readonly record: 'pack' | 'level', readonly text: string) {}
  check = (m: Readonly<Model>) => !m.full && !m.unsavedWhileFull;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    await r.studio.waitSaved();
    await r.page.evaluate(([key, text]) => localStorage.setItem(key, text), [`longcat-studio-journal:${this.record}`, this.text] as const);
    await r.page.reload();
    r.studio = new StudioPage(r.page);
    await r.studio.editor.grid.waitFor();
    await expect(r.page.getByTestId('app.save')).not.toHaveAttribute('data-status', 'loading');
    await expect(r.studio.messages().filter({ hasText: 'A safety copy of' }).first(), `after: ${r.log.join(' → ')}`).toBeVisible();
    await checkAgrees(m, r, true);
  }
  toString = () => `CorruptSafetyCopy(${this.record}, ${this.text})`;
}

/** The new commands, weighted lightly beside the others. */
export const moreCommandArbs: fc.Arbitrary<Cmd>[] = [
  fc.constantFrom(0, 40, 260).map((d) => new Kill(d)),
  fc.constant(null).map(() => new BrowserKill()),
  fc.constantFrom('day-one.csv', 'day-two.csv').map((n) => new PlayersImport(n)),
  fc.tuple(fc.constantFrom('pack' as const, 'level' as const), fc.constantFrom('"x"', '{"version":999}')).map(([rec, t]) => new CorruptSafetyCopy(rec, t)),
];

export const moreCommands = { Kill, BrowserKill, PlayersImport, CorruptSafetyCopy };
