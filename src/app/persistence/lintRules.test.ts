/**
 * The designer's lint rules in the saved workspace (record v4): a v3 record
 * (the previous shape, written out here) loads with no rules, as a v3 build
 * showed after a reload; rules loaded in the studio come back after a
 * reload with where they came from; a rules
 * entry the rules-file reader would refuse is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../store/store';
import { DEFAULT_ATD_SETTINGS } from '../store/batchSlice';
import { parseLintRules } from '../../core/repo/lint';
import { loadSaved, startAutosave } from './autosave';
import { memoryStore } from './db';

/** A workspace as a v3 build wrote it: no lint rules. */
const v3 = {
  version: 3,
  view: 'studio',
  openInPack: null,
  atdSettings: { ...DEFAULT_ATD_SETTINGS },
  batchSettings: { generator: 'rsd', width: 6, height: 6, count: 400, seed: 4, temperatures: '0:1:0.1' },
  pins: { size: '', cells: [] },
  keepPins: true,
  batchMaps: {
    range: { x: 'difficulty', y: 'leniency', bins: 20, showPack: true, showRated: true },
    hitRate: { targets: '10:70:20', alsoMeasure: 'leniency', alsoValues: '0.3:0.7:0.2', requests: 3, evaluations: 2000, shade: 'hitRate' },
  },
};

/** A rules file as a game's repository holds it: at least 4 moves. */
const RULES_TEXT = '{ "format": "longcat-lint-rules", "version": 1, "solvable": true, "minShortestSolution": 4 }';

describe('the lint rules in the saved workspace', () => {
  it('a v3 record loads with no rules and its other settings', async () => {
    const store = createStudioStore();
    expect(await loadSaved(store, memoryStore({ workspace: v3 }))).toEqual([]);
    expect(store.getState().lintRules).toBeNull();
    expect(store.getState().lintRulesSource).toBeNull();
    expect(store.getState().batchSettings.count).toBe(400);
  });

  it('rules loaded from a file come back after a reload, with their source; cleared rules stay cleared', async () => {
    const rules = parseLintRules(RULES_TEXT);
    if (!rules.ok) throw new Error(rules.error.join('; '));
    const kv = memoryStore({});
    const store = createStudioStore();
    const autosave = startAutosave(store, kv, 0);
    store.getState().setLintRules(rules.value, 'levels/rules.json');
    await autosave.flush();
    autosave.stop();
    const again = createStudioStore();
    expect(await loadSaved(again, kv)).toEqual([]);
    expect(again.getState().lintRules).toEqual(rules.value);
    expect(again.getState().lintRulesSource).toBe('levels/rules.json');
    // Cleared rules stay cleared after the next reload.
    const autosave2 = startAutosave(again, kv, 0);
    again.getState().setLintRules(null);
    await autosave2.flush();
    autosave2.stop();
    const third = createStudioStore();
    expect(await loadSaved(third, kv)).toEqual([]);
    expect(third.getState().lintRules).toBeNull();
  });

  it('a saved rules entry the rules reader refuses (a misspelt rule) is refused with a sentence; nothing is checked', async () => {
    const bad = { ...v3, version: 4, lint: { rules: { format: 'longcat-lint-rules', version: 1, minShortestSolutoin: 4 }, source: 'x.json' } };
    const store = createStudioStore();
    const problems = await loadSaved(store, memoryStore({ workspace: bad }));
    expect(problems.join(' ')).toMatch(/workspace is invalid \(lint\.rules/);
    expect(store.getState().lintRules).toBeNull();
  });
});
