/**
 * A browser on a profile of its own (a user-data folder), which a test can
 * kill outright (SIGKILL to the browser process: no unload, no shutdown
 * write, localStorage's last seconds gone, as in a crash or a power cut of
 * the app) and launch again on the same profile. The studio's tests use it
 * for the "browser killed" step of the model-based test and the big-pack
 * kill spec.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export interface Profile {
  context: BrowserContext;
  /** Kills the browser process at once, then launches it again on the same profile (the new context replaces `context`). */
  kill(): Promise<void>;
  /** Closes the browser and removes the profile. */
  close(): Promise<void>;
}

/** The browser processes started on `dir` (the main one carries the profile; its helpers add `--type=`). */
function browserPids(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.includes(`--user-data-dir=${dir}`) && !args.some((a) => a.startsWith('--type='))) pids.push(Number(entry));
  }
  return pids;
}

/** Launches the project's browser (its executable and flags) on a fresh profile; `ready` runs on every context, the first and each relaunch. */
export async function launchProfile(info: TestInfo, ready: (context: BrowserContext) => Promise<void> = async () => {}): Promise<Profile> {
  const use = info.project.use;
  const dir = mkdtempSync(join(tmpdir(), 'studio-profile-'));
  const launch = async (): Promise<BrowserContext> => {
    const context = await chromium.launchPersistentContext(dir, {
      ...use.launchOptions,
      baseURL: use.baseURL ?? `http://127.0.0.1:${process.env['PREVIEW_PORT'] ?? 4173}`,
      viewport: use.viewport ?? { width: 1280, height: 800 },
    });
    await ready(context);
    return context;
  };
  const profile: Profile = {
    context: await launch(),
    kill: async () => {
      const pids = browserPids(dir);
      if (pids.length === 0) throw new Error(`no browser process found for the profile ${dir}`);
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      await profile.context.close().catch(() => {});
      profile.context = await launch();
    },
    close: async () => {
      await profile.context.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return profile;
}

/** The page's safety copies queued so far are in IndexedDB (`journalMirror.ts`): what a browser kill cannot take. */
export async function copiesSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (globalThis as { __longcatJournal?: { settled: () => Promise<void> } }).__longcatJournal?.settled();
  });
}

/** The one page of a context just launched (a new one when it opened none). */
export async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}
