/**
 * The model-based test of the studio (see studioModel.ts and
 * docs/persistence.md): random designer sessions through the real UI,
 * checked against a reference model after every step and every reload.
 *
 * Size: `npm test` runs MODEL_RUNS sessions (default 3, from one fixed seed) of up to
 * MODEL_COMMANDS steps (default 10); `npm run fuzz` runs 50 of up to 25.
 * Replay a failure with the seed and path fast-check prints:
 * `MODEL_SEED=<seed> MODEL_PATH=<path> npx playwright test studioModel`.
 * Failing seeds found so far are kept below as named regression cases.
 */
import fc from 'fast-check';
import { test } from '@playwright/test';
import { commandArbs, commands as C } from './studioCommands';
import { moreCommandArbs, moreCommands as M } from './studioCommandsMore';
import { initialModel, openReal, type Model, type Real } from './studioModel';
import { launchProfile } from './browserKill';

const runs = Number(process.env['MODEL_RUNS'] ?? (process.env['FUZZ_RUNS'] !== undefined ? 50 : 3));
const maxCommands = Number(process.env['MODEL_COMMANDS'] ?? (process.env['FUZZ_RUNS'] !== undefined ? 25 : 10));
// `npm test` replays one fixed seed (the same sessions on every machine);
// `npm run fuzz` (FUZZ_RUNS set) draws fresh ones; MODEL_SEED replays any.
const seed = process.env['MODEL_SEED'] !== undefined ? Number(process.env['MODEL_SEED']) : process.env['FUZZ_RUNS'] !== undefined ? undefined : 20261127;
const path = process.env['MODEL_PATH'];

type Cmd = fc.AsyncCommand<Model, Real>;

/**
 * Runs `cmds` on a fresh studio in a fresh browser context (empty storage); a session that kills the browser
 * gets a browser of its own on its own profile (launched again after each kill).
 */
async function session(browser: import('@playwright/test').Browser, cmds: Iterable<Cmd>): Promise<void> {
  // (fast-check's generated steps come wrapped: the step is `cmd`.)
  const steps = [...cmds].map((c) => ((c as { cmd?: Cmd }).cmd ?? c));
  if (steps.some((c) => c instanceof M.BrowserKill)) {
    const profile = await launchProfile(test.info());
    try {
      const real = await openReal(profile.context, profile);
      await fc.asyncModelRun(() => ({ model: initialModel(), real }), cmds);
    } finally {
      await profile.close();
    }
    return;
  }
  const baseURL = test.info().project.use.baseURL ?? `http://127.0.0.1:${process.env['PREVIEW_PORT'] ?? 4173}`;
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const real = await openReal(context);
    await fc.asyncModelRun(() => ({ model: initialModel(), real }), cmds);
  } finally {
    await context.close();
  }
}

test('random sessions agree with the model after every step and every reload', async ({ browser }) => {
  test.setTimeout(Math.max(1, runs) * maxCommands * 20_000);
  await fc.assert(
    fc.asyncProperty(fc.commands([...commandArbs, ...moreCommandArbs], { maxCommands }), (cmds) => session(browser, cmds)),
    { numRuns: runs, endOnFailure: true, ...(seed !== undefined ? { seed } : {}), ...(path !== undefined ? { path } : {}) },
  );
});

const lvl = (name: string, rows: string[]) => ({ name, rows });
const A = lvl('alpha', ['C..', '.#.', '...']);
const B = lvl('beta', ['C.#', '...', '#..']);
const D = lvl('delta', ['..C', '#..', '...']);

/** Sequences that failed before their defects were fixed (issue 20), and the shapes fast-check found since. */
const REGRESSIONS: Record<string, () => Cmd[]> = {
  'a reload 0 ms after a mouse edit and 40 ms after a key edit loses nothing': () => [new C.Paint('wall', 0.5, 0.5), new C.Reload(0), new C.Mirror(false), new C.Reload(40), new C.Undo(), new C.Reload(260)],
  'a failed write keeps the work, says so, and a reload while full loses nothing': () => [
    new C.Import('paste', [A, B]),
    new C.Storage(true),
    new C.Import('paste', [D, A, B]),
    new C.Paint('wall', 0.1, 0.9),
    new C.Reload(0),
    new C.Storage(false),
    new C.Reload(0),
    new C.Undo(),
    new C.Undo(),
  ],
  'Text… on a new pack level edits it in place': () => [new C.NewLevel(), new C.TextApply(['C.#.', '....', '.#..']), new C.NewLevel(), new C.OpenRow(0), new C.Reload(0)],
  'Ctrl+V of level text after Ctrl+C of cells imports the levels': () => [new C.CopyPasteCells([0.2, 0.2, 0.5, 0.5], [0.6, 0.6]), new C.Import('paste', [A, B, D]), new C.Undo(), new C.Redo()],
  'add all is one undo step (RSD and at difficulty)': () => [new C.GenerateAddAll(7, 3), new C.AtdAddAll(3), new C.Undo(), new C.Redo(), new C.Reload(0), new C.Undo(), new C.Undo()],
  'one click opens a row; edits go to it': () => [new C.Import('file', [A, B]), new C.OpenRow(0.9), new C.Paint('wall', 0.99, 0.99), new C.MoveUp(0.5), new C.Reload(120)],
  'a second tab refuses edits and the first keeps its work': () => [new C.Paint('empty', 0.5, 0.2), new C.SecondTab(), new C.Reload(0)],
  'delete the open level, undo, duplicate': () => [new C.Import('paste', [A, B]), new C.OpenRow(0), new C.Delete(0), new C.Undo(), new C.Duplicate(), new C.Reload(260)],
  // Issue 35: players' attempts were not kept; a parseable but wrong safety copy replaced the saved pack; a kill right after an edit.
  "players' attempts survive a reload and a kill": () => [new C.Import('paste', [A, B]), new M.PlayersImport('day-one.csv'), new C.Reload(0), new M.PlayersImport('day-two.csv'), new M.Kill(0)],
  'a safety copy that is "x" or {"version":999} is set aside; the saved pack and level stay': () => [
    new C.Import('paste', [A, B, D]),
    new M.CorruptSafetyCopy('pack', '"x"'),
    new C.Paint('wall', 0.9, 0.9),
    new M.CorruptSafetyCopy('pack', '{"version":999}'),
    new M.CorruptSafetyCopy('level', '{"version":999}'),
    new C.Undo(),
  ],
  'a kill right after an edit, a New and an import loses nothing': () => [new C.Paint('wall', 0.5, 0.5), new M.Kill(0), new C.NewLevel(), new M.Kill(0), new C.Import('file', [A]), new M.Kill(40), new C.Undo()],
  // Issue 35: a browser process killed outright loses localStorage's last seconds; the safety copies are in IndexedDB too.
  'a browser kill right after an edit, a New and an import loses nothing': () => [new C.Paint('wall', 0.5, 0.5), new M.BrowserKill(), new C.NewLevel(), new C.Import('file', [A]), new M.BrowserKill(), new C.Undo(), new C.Undo()],
};

for (const [name, cmds] of Object.entries(REGRESSIONS)) {
  test(`model regression: ${name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    await session(browser, cmds());
  });
}
