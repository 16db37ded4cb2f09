/**
 * The commands of the model-based test (see studioModel.ts): each does one
 * thing a designer does through the real UI, updates the model the way the
 * spec says it should change, and checks the studio against it.
 */
import fc from 'fast-check';
import { expect } from '@playwright/test';
import { AtDifficultyPage } from './pages/AtDifficultyPage';
import { StudioPage } from './pages/StudioPage';
import { naiveAnalyze } from '../test/naive/naiveSolver';
import { handDifficulty } from '../test/support/handDifficulty';
import { blank, checkAgrees, commit, reloadPage, rsdLevels, setCell, withEditor, type Model, type ModelLevel, type Real } from './studioModel';

// ------------------------------------------------------------------ commands

type Cmd = fc.AsyncCommand<Model, Real>;

const levelText = (l: ModelLevel): string => `; ${l.name}\n${l.rows.join('\n')}`;

/** Paints one cell with the wall or empty tool by mouse; `fx`, `fy` in [0, 1) pick the cell of whatever size the level has. */
class Paint implements Cmd {
  constructor(readonly tool: 'wall' | 'empty', readonly fx: number, readonly fy: number) {}
  check = () => true;
  private cell(m: Model): [number, number] {
    const h = m.doc.editor.length, w = m.doc.editor[0]!.length;
    return [Math.floor(this.fx * w), Math.floor(this.fy * h)];
  }
  async run(m: Model, r: Real): Promise<void> {
    const [x, y] = this.cell(m);
    r.log.push(this.toString() + `@${x},${y}`);
    await r.studio.press(this.tool === 'wall' ? 'w' : 'e');
    await r.studio.editor.click(x, y);
    const was = m.doc.editor[y]![x]!;
    if (was !== 'C') commit(m, withEditor(m.doc, setCell(m.doc.editor, x, y, this.tool === 'wall' ? '#' : '.')));
    await checkAgrees(m, r);
  }
  toString = () => `Paint(${this.tool},${this.fx.toFixed(2)},${this.fy.toFixed(2)})`;
}

/** M (mirror left-right) or Shift+M (top-bottom) on the keyboard. The studio records it even when the grid is symmetric. */
class Mirror implements Cmd {
  constructor(readonly vertical: boolean) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    await r.studio.press(this.vertical ? 'Shift+M' : 'm');
    const rows = this.vertical ? [...m.doc.editor].reverse() : m.doc.editor.map((row) => [...row].reverse().join(''));
    commit(m, withEditor(m.doc, rows), true);
    await checkAgrees(m, r);
  }
  toString = () => `Mirror(${this.vertical ? 'vertical' : 'horizontal'})`;
}

/** Text…: replaces the editor's level (the open pack level in place), no name line. */
class TextApply implements Cmd {
  constructor(readonly rows: readonly string[]) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    await r.studio.editor.typeLevel(this.rows.join('\n'));
    commit(m, withEditor(m.doc, this.rows), true);
    await checkAgrees(m, r);
  }
  toString = () => `TextApply(${this.rows.join('/')})`;
}

class NewLevel implements Cmd {
  check = (m: Readonly<Model>) => m.doc.pack.length < 12;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    await r.studio.pack.show();
    await r.page.getByTestId('pack.new').click();
    const rows = blank(m.doc.editor[0]!.length, m.doc.editor.length);
    const at = m.doc.open === null ? m.doc.pack.length : m.doc.open + 1;
    const pack = [...m.doc.pack.slice(0, at), { name: 'new level', rows }, ...m.doc.pack.slice(at)];
    commit(m, { pack, editor: rows, open: at });
    await checkAgrees(m, r);
  }
  toString = () => 'NewLevel';
}

class Duplicate implements Cmd {
  check = (m: Readonly<Model>) => m.doc.open !== null && m.doc.pack.length < 12;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    await r.studio.pack.show();
    await r.page.getByTestId('pack.duplicate').click();
    const src = m.doc.pack[m.doc.open!]!;
    const at = m.doc.open! + 1;
    const pack = [...m.doc.pack.slice(0, at), { name: `${src.name} copy`, rows: src.rows }, ...m.doc.pack.slice(at)];
    commit(m, { pack, editor: src.rows, open: at });
    await checkAgrees(m, r);
  }
  toString = () => 'Duplicate';
}

/** Deletes pack level `f` (a fraction of the pack) with its ✕; the editor keeps the level. */
class Delete implements Cmd {
  constructor(readonly f: number) {}
  check = (m: Readonly<Model>) => m.doc.pack.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const i = Math.floor(this.f * m.doc.pack.length);
    r.log.push(`Delete(${i})`);
    await r.studio.pack.show();
    await r.studio.pack.item(i).getByTestId('pack.item.delete').click();
    const pack = m.doc.pack.filter((_, j) => j !== i);
    const open = m.doc.open === null || m.doc.open === i ? null : m.doc.open > i ? m.doc.open - 1 : m.doc.open;
    commit(m, { ...m.doc, pack, open });
    await checkAgrees(m, r);
  }
  toString = () => `Delete(${this.f.toFixed(2)})`;
}

/** Alt+Up on a focused pack row: one place earlier. */
class MoveUp implements Cmd {
  constructor(readonly f: number) {}
  check = (m: Readonly<Model>) => m.doc.pack.length > 1;
  async run(m: Model, r: Real): Promise<void> {
    const i = 1 + Math.floor(this.f * (m.doc.pack.length - 1));
    r.log.push(`MoveUp(${i})`);
    await r.studio.pack.show();
    await r.studio.pack.item(i).focus();
    await r.page.keyboard.press('Alt+ArrowUp');
    const pack = [...m.doc.pack];
    const [moved] = pack.splice(i, 1);
    pack.splice(i - 1, 0, moved!);
    const open = m.doc.open === i ? i - 1 : m.doc.open === i - 1 ? i : m.doc.open;
    commit(m, { ...m.doc, pack, open });
    await checkAgrees(m, r);
  }
  toString = () => `MoveUp(${this.f.toFixed(2)})`;
}

/** One click on a pack row opens it (in place). */
class OpenRow implements Cmd {
  constructor(readonly f: number) {}
  check = (m: Readonly<Model>) => m.doc.pack.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const i = Math.floor(this.f * m.doc.pack.length);
    r.log.push(`OpenRow(${i})`);
    await r.studio.pack.show();
    await r.studio.pack.item(i).locator('.pack-index').click();
    if (m.doc.open !== i) commit(m, { ...m.doc, editor: m.doc.pack[i]!.rows, open: i });
    await checkAgrees(m, r);
  }
  toString = () => `OpenRow(${this.f.toFixed(2)})`;
}

/** Imports levels by a paste (anywhere but a text field) or by the Import button's file input. */
class Import implements Cmd {
  constructor(readonly how: 'paste' | 'file', readonly levels: readonly ModelLevel[]) {}
  check = (m: Readonly<Model>) => m.doc.pack.length + this.levels.length <= 12;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    const text = this.levels.map(levelText).join('\n\n');
    if (this.how === 'paste') {
      // As a designer does: the text on the system clipboard, then Ctrl+V with the canvas focused.
      await r.page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await r.studio.press('Control+v');
    } else {
      await r.studio.pack.show();
      await r.studio.pack.importFile(text, 'levels.txt');
    }
    commit(m, { ...m.doc, pack: [...m.doc.pack, ...this.levels] });
    await checkAgrees(m, r);
  }
  toString = () => `Import(${this.how},${this.levels.map((l) => l.name).join('+')})`;
}

/** Selects a block, Ctrl+C, selects a target cell, Ctrl+V: the block pasted there (the head's cell stays open). */
class CopyPasteCells implements Cmd {
  constructor(readonly from: [number, number, number, number], readonly to: [number, number]) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const h = m.doc.editor.length, w = m.doc.editor[0]!.length;
    const px = (f: number) => Math.min(w - 1, Math.floor(f * w)), py = (f: number) => Math.min(h - 1, Math.floor(f * h));
    const [ax, ay, bx, by] = [px(this.from[0]), py(this.from[1]), px(this.from[2]), py(this.from[3])];
    const [x0, x1, y0, y1] = [Math.min(ax, bx), Math.max(ax, bx), Math.min(ay, by), Math.max(ay, by)];
    const [tx, ty] = [px(this.to[0]), py(this.to[1])];
    r.log.push(`CopyPasteCells(${x0},${y0}-${x1},${y1} → ${tx},${ty})`);
    await r.studio.press('s');
    await r.studio.editor.drag([x0, y0], [x1, y1]);
    await r.page.keyboard.press('Control+c');
    await r.studio.editor.drag([tx, ty], [tx, ty]);
    await r.page.keyboard.press('Control+v');
    // Back to the brush, nothing selected.
    await r.studio.press('Escape');
    await r.studio.press('b');
    let rows = [...m.doc.editor];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cx = tx + x - x0, cy = ty + y - y0;
        if (cx >= w || cy >= h) continue;
        const src = m.doc.editor[y]![x]! === '#' ? '#' : '.';
        if (rows[cy]![cx] === 'C') continue;
        rows = setCell(rows, cx, cy, src);
      }
    }
    commit(m, withEditor(m.doc, rows));
    await checkAgrees(m, r);
  }
  toString = () => `CopyPasteCells(${this.from.map((f) => f.toFixed(2)).join(',')}→${this.to.map((f) => f.toFixed(2)).join(',')})`;
}

class Undo implements Cmd {
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push('Undo');
    await r.studio.press('Control+z');
    const prev = m.undo.pop();
    if (prev !== undefined) {
      m.redo.push(m.doc);
      m.doc = prev;
      if (m.full) m.unsavedWhileFull = true;
    }
    await checkAgrees(m, r);
  }
  toString = () => 'Undo';
}

class Redo implements Cmd {
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push('Redo');
    await r.studio.press('Control+Shift+Z');
    const next = m.redo.pop();
    if (next !== undefined) {
      m.undo.push(m.doc);
      m.doc = next;
      if (m.full) m.unsavedWhileFull = true;
    }
    await checkAgrees(m, r);
  }
  toString = () => 'Redo';
}

/** RSD in the generators dock, then "Add all to pack": one undo step. */
class GenerateAddAll implements Cmd {
  constructor(readonly seed: number, readonly count: number) {}
  check = (m: Readonly<Model>) => m.doc.pack.length + this.count <= 12;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    const p = r.page;
    await p.getByTestId('dock.tab.generators').click();
    await p.getByTestId('generator.kind').selectOption('rsd');
    await p.getByTestId('generator.width').fill('5');
    await p.getByTestId('generator.height').fill('5');
    await p.getByTestId('generator.seed').fill(String(this.seed));
    await p.getByTestId('generator.count').fill(String(this.count));
    await p.getByTestId('generator.run').click();
    const levels = rsdLevels(5, 5, this.seed, this.count);
    await expect(p.getByTestId('generator.item')).toHaveCount(this.count, { timeout: 30_000 });
    await expect.poll(() => p.getByTestId('generator.item').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(levels.map((l) => l.name));
    await p.getByTestId('generator.addAll').click();
    await p.getByTestId('dock.tab.pack').click();
    commit(m, { ...m.doc, pack: [...m.doc.pack, ...levels] });
    await checkAgrees(m, r);
  }
  toString = () => `GenerateAddAll(seed ${this.seed}, ${this.count})`;
}

/** The shipped model's difficulty of `rows` by hand on the naive solver's features, rounded as the pack shows it; null when unsolvable. */
function handPrice(rows: readonly string[]): number | null {
  const f = naiveAnalyze([...rows]).features as unknown as Record<string, number>;
  if (f['nSolutions'] === 0) return null;
  return Math.round(handDifficulty(f) * 100) / 100;
}

/** Sort ↑, once every difficulty is shown: easiest first, unsolvable last, ties in their order (a stable sort). */
class Sort implements Cmd {
  check = (m: Readonly<Model>) => m.doc.pack.length > 1;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push('Sort');
    await r.studio.pack.show();
    await r.studio.pack.waitPriced();
    await r.page.getByTestId('pack.sort').click();
    const priced = m.doc.pack.map((l, i) => ({ l, i, d: handPrice(l.rows) }));
    const sorted = [...priced].sort((a, b) => (a.d ?? Infinity) - (b.d ?? Infinity) || a.i - b.i);
    const open = m.doc.open === null ? null : sorted.findIndex((x) => x.i === m.doc.open);
    commit(m, { ...m.doc, pack: sorted.map((x) => x.l), open });
    await checkAgrees(m, r);
  }
  toString = () => 'Sort';
}

/**
 * Generate at difficulty (easy band, 6x6, unique solution, 2 levels), then
 * "Add all to pack": one undo step. The levels found are read from the
 * results (the generator is not what is tested here; adding them is).
 */
class AtdAddAll implements Cmd {
  constructor(readonly seed: number) {}
  check = (m: Readonly<Model>) => m.doc.pack.length + 2 <= 12;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    const atd = new AtDifficultyPage(r.page);
    await atd.show();
    await atd.band('easy');
    await atd.settings({ width: 6, height: 6, count: 2, seed: this.seed, uniqueSolution: true, notInPack: false, openMin: null, openMax: null });
    await atd.run();
    await expect(atd.items).toHaveCount(2, { timeout: 30_000 });
    await atd.waitDone();
    const rows = [await atd.rows(0), await atd.rows(1)];
    await r.page.getByTestId('atd.addAll').click();
    await r.studio.pack.show();
    await expect(r.studio.pack.items).toHaveCount(m.doc.pack.length + 2);
    const names = (await r.studio.pack.names()).slice(-2);
    commit(m, { ...m.doc, pack: [...m.doc.pack, { name: names[0]!, rows: rows[0]! }, { name: names[1]!, rows: rows[1]! }] });
    await checkAgrees(m, r);
  }
  toString = () => `AtdAddAll(seed ${this.seed})`;
}

/** Another view and back: nothing in the document changes. */
class SwitchView implements Cmd {
  constructor(readonly view: 'lab' | 'training' | 'batch') {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    await r.page.getByTestId(`app.view.${this.view}`).click();
    await expect(r.page.getByTestId(`view.${this.view}`)).toBeVisible();
    await r.page.getByTestId('app.view.studio').click();
    await checkAgrees(m, r);
  }
  toString = () => `SwitchView(${this.view})`;
}

/** A reload `delayMs` after the last step (0 ms: in the middle of the autosave's wait; ~250 ms: during its write). Nothing is lost. */
class Reload implements Cmd {
  constructor(readonly delayMs: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    if (this.delayMs > 0) await r.page.waitForTimeout(this.delayMs);
    await reloadPage(r);
    // Restored from the journal while the disk is still full: the header keeps saying so.
    await checkAgrees(m, r, true);
  }
  toString = () => `Reload(${this.delayMs} ms)`;
}

/** The disk fills up (IndexedDB writes fail with QuotaExceededError) or frees again. */
class Storage implements Cmd {
  constructor(readonly full: boolean) {}
  check = (m: Readonly<Model>) => m.full !== this.full;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    await r.studio.setStorageFull(this.full);
    m.full = this.full;
    if (!this.full && m.unsavedWhileFull) {
      // The retry writes everything: then, and only then, "saved".
      await expect(r.page.getByTestId('app.save'), `after ${r.log.join(' → ')}`).toHaveAttribute('data-status', 'saved', { timeout: 40_000 });
      m.unsavedWhileFull = false;
    }
    await checkAgrees(m, r);
  }
  toString = () => `Storage(${this.full ? 'full' : 'free'})`;
}

/** A second tab: read-only, refuses an edit with a message, and changes nothing in the first. */
class SecondTab implements Cmd {
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    r.log.push(this.toString());
    const page = await r.context.newPage();
    const second = new StudioPage(page);
    await page.goto('/');
    await second.editor.grid.waitFor();
    await expect(page.getByTestId('workspace.readOnly')).toBeVisible();
    await second.editor.expectRows([...m.doc.editor]);
    await second.press('m');
    await expect(second.messages().filter({ hasText: 'This tab is read-only' })).toHaveCount(1);
    await second.editor.expectRows([...m.doc.editor]);
    await page.close();
    await checkAgrees(m, r);
  }
  toString = () => 'SecondTab';
}

// ------------------------------------------------------------------ arbitraries

const gridArb = fc
  .record({ w: fc.integer({ min: 3, max: 5 }), h: fc.integer({ min: 3, max: 5 }), walls: fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }), head: fc.nat() })
  .map(({ w, h, walls, head }) => {
    const at = head % (w * h);
    return Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => (y * w + x === at ? 'C' : walls[y * w + x] ? '#' : '.')).join(''));
  });

const nameArb = fc.stringMatching(/^[a-z]{2,6}$/);
const levelArb = fc.record({ name: nameArb, rows: gridArb });
const unit = fc.double({ min: 0, max: 0.999, noNaN: true });

/** Every command, weighted towards edits; reloads and failures often enough to meet them mid-sequence. */
export const commandArbs: fc.Arbitrary<Cmd>[] = [
  fc.tuple(fc.constantFrom('wall' as const, 'empty' as const), unit, unit).map(([t, x, y]) => new Paint(t, x, y)),
  fc.tuple(fc.constantFrom('wall' as const), unit, unit).map(([t, x, y]) => new Paint(t, x, y)),
  fc.boolean().map((v) => new Mirror(v)),
  gridArb.map((rows) => new TextApply(rows)),
  fc.constant(new NewLevel()),
  fc.constant(new Duplicate()),
  unit.map((f) => new Delete(f)),
  unit.map((f) => new MoveUp(f)),
  unit.map((f) => new OpenRow(f)),
  fc.tuple(fc.constantFrom('paste' as const, 'file' as const), fc.array(levelArb, { minLength: 1, maxLength: 3 })).map(([how, ls]) => new Import(how, ls)),
  fc.tuple(fc.tuple(unit, unit, unit, unit), fc.tuple(unit, unit)).map(([a, b]) => new CopyPasteCells(a, b)),
  fc.constant(new Sort()),
  fc.constant(new Undo()),
  fc.constant(new Undo()),
  fc.constant(new Redo()),
  fc.tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 2, max: 3 })).map(([s, n]) => new GenerateAddAll(s, n)),
  fc.integer({ min: 1, max: 20 }).map((s) => new AtdAddAll(s)),
  fc.constantFrom('lab' as const, 'batch' as const).map((v) => new SwitchView(v)),
  fc.constantFrom(0, 40, 120, 260).map((d) => new Reload(d)),
  fc.constantFrom(0, 260).map((d) => new Reload(d)),
  fc.boolean().map((full) => new Storage(full)),
  fc.constant(new SecondTab()),
];

export const commands = { Paint, Mirror, TextApply, NewLevel, Duplicate, Delete, MoveUp, OpenRow, Import, CopyPasteCells, Sort, Undo, Redo, GenerateAddAll, AtdAddAll, SwitchView, Reload, Storage, SecondTab };

