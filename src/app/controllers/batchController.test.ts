import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAtDifficulty } from '../../cli/atDifficulty';
import type { LevelPack } from '../../core/pack/schema';
import { createStudioStore } from '../store/store';
import { selectPackLevelDifficulty } from '../store/selectors';
import { BatchController } from './batchController';
import { parseRows } from '../../core/level/format';

// No Worker in Node: the client falls back to the page's thread, which runs the same api.
describe('batch controller (main-thread fallback)', () => {
  it('generates at a band, adds a result with its provenance, and then excludes it', async () => {
    const store = createStudioStore();
    const batch = new BatchController(store);
    store.getState().setAtdSettings({ timeLimitSeconds: 600, mode: 'band', band: 'easy', width: 7, height: 7, count: 2, seed: 4 });
    await batch.runAtDifficulty();
    const run = store.getState().atdRun;
    expect(run.status).toBe('done');
    expect(run.levels).toHaveLength(2);
    for (const l of run.levels) expect(l.difficulty >= 20 && l.difficulty < 40).toBe(true);
    const name = batch.foundLevelName(0);
    expect(name).toBe('easy-7x7-s4-0');
    batch.addFoundLevel(run.levels[0]!, 0);
    const added = store.getState().pack.levels[0]!;
    expect(added.source).toMatchObject({ seed: 4, model: 'default' });
    expect(added.source.generator).toMatch(/^at-difficulty \(target 30, \d+ evaluations\)$/);
    expect(store.getState().atdRun.added).toEqual([run.levels[0]!.key]);
    await batch.runAtDifficulty();
    expect(store.getState().atdRun.levels.map((l) => l.key)).not.toContain(run.levels[0]!.key);
  });

  it('says a band is out of reach in words', async () => {
    const store = createStudioStore();
    store.getState().setAtdSettings({ timeLimitSeconds: 600, mode: 'band', band: 'expert', width: 3, height: 3, count: 1 });
    await new BatchController(store).runAtDifficulty();
    expect(store.getState().atdRun.message).toMatch(/^The expert band \(80 and up\) is out of reach for 3x3 levels: the reachable range is about 0 to \d+(\.\d)?\.$/);
  });

  it('fills the pack along a curve in order', async () => {
    const store = createStudioStore();
    store.getState().setAtdSettings({ timeLimitSeconds: 600, width: 8, height: 8, seed: 2, curveFrom: 10, curveTo: 40, curveCount: 4 });
    await new BatchController(store).runCurve();
    expect(store.getState().curveRun.status).toBe('done');
    const ds = store.getState().pack.levels.map((l) => selectPackLevelDifficulty(store.getState(), l)!);
    expect(ds).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(ds[i]!).toBeGreaterThan(ds[i - 1]!);
  });

  it('a curve is one undoable step: one undo removes every level it added and keeps what was there', async () => {
    const store = createStudioStore();
    const s = () => store.getState();
    const kept = parseRows(['C..', '...', '..#']);
    if (!kept.ok) throw new Error('fixture');
    s().addToPack({ level: kept.value, name: 'mine', features: null });
    const before = s().pack;
    const entries = s().history.entries.length;
    s().setAtdSettings({ timeLimitSeconds: 600, width: 7, height: 7, seed: 3, curveFrom: 10, curveTo: 30, curveCount: 3, notInPack: false });
    await new BatchController(store).runCurve();
    expect(s().curveRun.status).toBe('done');
    expect(s().pack.levels.map((l) => l.name)).toEqual(['mine', ...[1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^curve-${n}-`)))]);
    expect(s().history.entries.length).toBe(entries + 1);
    s().undo();
    expect(s().pack).toBe(before);
    s().redo();
    expect(s().pack.levels).toHaveLength(4);
  });

  it('runs an evaluation into the store, and refuses bad temperatures before loading anything', async () => {
    const store = createStudioStore();
    store.getState().setBatchSettings({ generator: 'rpu', width: 6, height: 6, count: 300, seed: 2 });
    await new BatchController(store).evaluate();
    const r = store.getState().batchRun;
    expect(r.status).toBe('done');
    expect(r.runs[0]!.report.generated).toBe(300);
    store.getState().setBatchSettings({ generator: 'sd-pcgrl', temperatures: 'hot' });
    await new BatchController(store).evaluate();
    expect(store.getState().batchRun).toMatchObject({ status: 'failed' });
    expect(store.getState().batchRun.message).toMatch(/^Temperatures:/);
  });

  it('names and describes a level as the CLI does for the same request', async () => {
    const store = createStudioStore();
    const batch = new BatchController(store);
    store.getState().setAtdSettings({ timeLimitSeconds: 600, mode: 'number', target: 30, width: 7, height: 7, count: 2, seed: 4, notInPack: false });
    await batch.runAtDifficulty();
    const studio = store.getState().atdRun.levels;
    batch.addFoundLevel(studio[1]!, 1);
    const added = store.getState().pack.levels[0]!;
    const tmp = mkdtempSync(join(tmpdir(), 'longcat-atd-'));
    try {
      const out = join(tmp, 'd30.json');
      runAtDifficulty({ width: 7, height: 7, target: 30, tolerance: { relative: 0.1, absolute: 3 }, count: 2, seed: 4, out, model: store.getState().model, uniqueSolution: false, evaluations: 20_000, timeLimitMs: Infinity });
      const cli = (JSON.parse(readFileSync(out, 'utf8')) as LevelPack).levels;
      expect(cli.map((l) => l.rows.join('/'))).toEqual(studio.map((l) => l.rows.join('/')));
      expect(cli[1]!.id).toBe('d30-7x7-s4-1');
      expect(added.id).toBe(cli[1]!.id);
      // The same source, with no wall time in it.
      expect(added.source).toEqual(cli[1]!.source);
      expect(added.source.generator).not.toMatch(/ms\)/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
