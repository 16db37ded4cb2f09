/**
 * The model-based test of the studio (STYLE 14): a small reference model of
 * the document (the pack, the level in the editor, which pack level is open,
 * the undo and redo stacks, whether the disk is full) and fast-check
 * commands that do what a designer does through the real UI. After every
 * command the studio must agree with the model; after every reload it must
 * agree in full (every pack level's rows, from an export), and whenever the
 * header says "saved", IndexedDB must hold what the screen shows.
 *
 * The model is written from the spec, not from the code: a paint sets one
 * cell, Text… replaces the open level, New inserts a blank after the open
 * level, an import appends, one action is one undo step. Generated levels
 * come from the engine's generator run here in Node (the ground truth the
 * generators spec uses too); the sort order from the naive solver's
 * features and the shipped model's formula worked by hand.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { createLevelSource } from '../src/core/generators/registry';
import { toRows } from '../src/core/level/level';
import { StudioPage } from './pages/StudioPage';
import { firstPage, type Profile } from './browserKill';

export interface ModelLevel {
  readonly name: string;
  readonly rows: readonly string[];
}

/** What undo brings back. */
export interface Doc {
  readonly pack: readonly ModelLevel[];
  readonly editor: readonly string[];
  /** Index of the pack level open in place, or null. */
  readonly open: number | null;
}

export interface Model {
  doc: Doc;
  undo: Doc[];
  redo: Doc[];
  /** IndexedDB writes fail (the storage switch is on). */
  full: boolean;
  /** A change was made while the disk was full and has not been written since. */
  unsavedWhileFull: boolean;
}

export interface Real {
  /** The browser context (replaced when the browser is killed and launched again). */
  context: BrowserContext;
  /** The browser's own profile, when the session can kill the browser (`BrowserKill`); else a context of the test's browser. */
  readonly profile?: Profile;
  page: Page;
  studio: StudioPage;
  /** Steps so far, for the failure message. */
  readonly log: string[];
}

export const STARTER_ROWS = ['#######', 'C..#...', '##...#.', '..#....', '....#..', '...#..#', '.....##'];

export function initialModel(): Model {
  return { doc: { pack: [], editor: STARTER_ROWS, open: null }, undo: [], redo: [], full: false, unsavedWhileFull: false };
}

// ------------------------------------------------------------------ pure model operations

export const setCell = (rows: readonly string[], x: number, y: number, ch: string): string[] => rows.map((r, j) => (j === y ? r.slice(0, x) + ch + r.slice(x + 1) : r));

/** The document after `next`, with the open pack level following the editor (edits change it in place). */
export function withEditor(doc: Doc, editor: readonly string[]): Doc {
  if (doc.open === null) return { ...doc, editor };
  const pack = doc.pack.map((l, i) => (i === doc.open ? { ...l, rows: editor } : l));
  return { ...doc, editor, pack };
}

/** Records `next` as one undo step when it differs from the current document (or `always`: the studio records a new grid object even when equal). */
export function commit(m: Model, next: Doc, always = false): void {
  if (!always && JSON.stringify(next) === JSON.stringify(m.doc)) return;
  m.undo.push(m.doc);
  m.redo = [];
  m.doc = next;
  if (m.full) m.unsavedWhileFull = true;
}

export const blank = (w: number, h: number): string[] => Array.from({ length: h }, (_, y) => (y === 0 ? 'C' + '.'.repeat(w - 1) : '.'.repeat(w)));

/** The levels RSD generates for these settings, unique, in order (the engine in Node; ids as the studio names them). */
export function rsdLevels(width: number, height: number, seed: number, count: number): ModelLevel[] {
  const source = createLevelSource({ generator: 'rsd', width, height, seed });
  const seen = new Set<string>();
  const out: ModelLevel[] = [];
  for (let i = 0; out.length < count; i++) {
    const level = source.generate(i).levels[0]!;
    const rows = toRows(level);
    if (seen.has(rows.join('/'))) continue;
    seen.add(rows.join('/'));
    out.push({ name: `rsd-${width}x${height}-s${seed}-${i}`, rows });
  }
  return out;
}

// ------------------------------------------------------------------ checks

async function docOnScreen(studio: StudioPage): Promise<{ names: string[]; editor: string[]; open: number | null }> {
  const openIndex = await studio.pack.items.evaluateAll((els) => els.findIndex((e) => e.hasAttribute('data-open')));
  return { names: await studio.pack.names(), editor: await studio.editor.rows(), open: openIndex < 0 ? null : openIndex };
}

/** More checks after a reload, registered by other command sets (the players' files: `studioCommandsMore.ts`). */
export const fullChecks: ((m: Model, r: Real) => Promise<void>)[] = [];

/** The studio agrees with the model: names, order, editor grid, open level; "saved" only when IndexedDB holds it. */
export async function checkAgrees(m: Model, r: Real, full = false): Promise<void> {
  if (!(await r.page.getByTestId('pack.panel').isVisible())) await r.studio.pack.show();
  const expected = { names: m.doc.pack.map((l) => l.name), editor: [...m.doc.editor], open: m.doc.open };
  await expect.poll(() => docOnScreen(r.studio), { message: `after: ${r.log.join(' → ')}` }).toEqual(expected);
  if (full) {
    const exported = await r.studio.pack.exportJson();
    expect(exported.levels.map((l) => ({ name: l.name, rows: l.rows })), `pack rows after: ${r.log.join(' → ')}`).toEqual(m.doc.pack.map((l) => ({ name: l.name, rows: [...l.rows] })));
    for (const check of fullChecks) await check(m, r);
  }
  // The header never claims more than is on disk. (Steps do not wait for the autosave, so the next one,
  // a reload included, can land in the middle of it.)
  if (m.unsavedWhileFull) {
    await expect.poll(async () => (await r.studio.saveState()).status, { timeout: 15_000, message: `a change made while the disk is full is not saved: after ${r.log.join(' → ')}` }).toBe('failed');
  }
  const { status } = await r.studio.saveState();
  if (status === 'saved') {
    const pack = (await r.studio.readSaved('pack')) as { levels: { name: string; rows: string[] }[] } | undefined;
    const level = (await r.studio.readSaved('level')) as { rows: string[] } | undefined;
    expect(pack?.levels.map((l) => ({ name: l.name, rows: l.rows })) ?? [], `"saved" but IndexedDB's pack differs: after ${r.log.join(' → ')}`).toEqual(m.doc.pack.map((l) => ({ name: l.name, rows: [...l.rows] })));
    expect(level?.rows ?? STARTER_ROWS, `"saved" but IndexedDB's level differs: after ${r.log.join(' → ')}`).toEqual([...m.doc.editor]);
  }
}

export async function reloadPage(r: Real): Promise<void> {
  await r.page.reload();
  r.studio = new StudioPage(r.page);
  await r.studio.editor.grid.waitFor();
  await expect(r.page.getByTestId('app.save')).not.toHaveAttribute('data-status', 'loading');
}

/** A fresh studio in a fresh browser context (empty storage), with the storage switch and clipboard access. */
export async function openReal(context: BrowserContext, profile?: Profile): Promise<Real> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = profile !== undefined ? await firstPage(context) : await context.newPage();
  await StudioPage.installStorageSwitch(page);
  const studio = new StudioPage(page);
  await studio.open();
  return { context, page, studio, log: [], ...(profile !== undefined ? { profile } : {}) };
}
