/**
 * The saved records as parts of the store: for each, when it changed and
 * the value to write (the shapes `restore.ts`, `workspace.ts`,
 * `sessions.ts` and `labModels.ts` read back). Shared by loading (which
 * rewrites a damaged record from what was restored) and autosave.
 */
import type { StudioState } from '../store/types';
import type { RecordName } from './db';
import { saveLabModels } from './labModels';
import { saveLevel, savePack, savedPackJournalText, savePlayLog, SAVE_VERSION } from './restore';
import { saveAtdResults, saveGeneratorResults, saveHistory, savedHistoryJournalText, saveWorkspace } from './workspace';
import { saveBatchReport, saveLabSession } from './sessions';
import { savePlayers } from './players';
import { packDeltaText } from './packDelta';
import type { LevelPack } from '../../core/pack/schema';

/**
 * `value` returning undefined: nothing to write (the saved record stays). An `eager` part takes its
 * value when the change happens, not when the debounced write runs (a finished batch report must
 * not be lost to the next run starting before the write).
 */
export type Part = {
  name: RecordName;
  changed: (a: StudioState, b: StudioState) => boolean;
  value: (s: StudioState) => unknown;
  eager?: boolean;
  /**
   * The journal's text for `value(s)` (equal to `encodeJournalValue(value(s))`), built faster than
   * the value and its encoding; when given, the journal writes it and the value is taken when the
   * debounced write runs.
   */
  journalText?: (s: StudioState) => string;
  /**
   * When the whole record does not fit the journal: its change since the value IndexedDB holds.
   * `base` is what a write takes as that value (kept once the write lands, with its stamp); `text`
   * is the journal's text of the change from `base` (stamped `baseStamp`) to `s`.
   */
  journalDelta?: { base: (s: StudioState) => unknown; text: (s: StudioState, base: unknown, baseStamp: number) => string };
  /**
   * True when this change's journal entry (a part with `journalText`) may wait for the next task, so the
   * change's own task does not pay for it: for a record that is not the work itself (the undo history of a
   * big pack), whose loss in that moment `load.ts` recovers from (the older history, and the work's newer
   * safety copies as one more undo step).
   */
  journalLater?: (s: StudioState) => boolean;
};

/** From this many pack levels, the undo history's safety copy is written in the task after the change (see `journalLater`). */
export const HISTORY_JOURNAL_LATER_FROM = 1000;

export const PARTS: Part[] = [
  { name: 'level', changed: (a, b) => a.level !== b.level || a.levelName !== b.levelName, value: (s) => saveLevel(s.level, s.levelName) },
  {
    name: 'pack',
    changed: (a, b) => a.pack !== b.pack,
    value: (s) => savePack(s.pack),
    journalText: (s) => savedPackJournalText(s.pack),
    journalDelta: { base: (s) => s.pack, text: (s, base, stamp) => packDeltaText(s.pack, base as LevelPack, stamp) },
  },
  { name: 'playtests', changed: (a, b) => a.playLog !== b.playLog || a.playStarts !== b.playStarts, value: (s) => savePlayLog(s.playLog, s.playStarts) },
  {
    name: 'settings',
    changed: (a, b) =>
      a.generatorSettings !== b.generatorSettings || a.stateCap !== b.stateCap || a.fullGraphLimit !== b.fullGraphLimit || a.graphView !== b.graphView || a.dockTab !== b.dockTab,
    value: (s) => ({
      version: SAVE_VERSION,
      generator: s.generatorSettings,
      stateCap: s.stateCap,
      fullGraphLimit: s.fullGraphLimit,
      graphView: s.graphView,
      dockTab: s.dockTab,
    }),
  },
  {
    name: 'workspace',
    changed: (a, b) =>
      a.view !== b.view || a.openInPack !== b.openInPack || a.atdSettings !== b.atdSettings || a.batchSettings !== b.batchSettings ||
      a.suggestPins !== b.suggestPins || a.suggestPinsSize !== b.suggestPinsSize || a.keepPins !== b.keepPins ||
      a.rangeView !== b.rangeView || a.hitRateForm !== b.hitRateForm || a.hitRateRun !== b.hitRateRun || a.lintRules !== b.lintRules || a.lintRulesSource !== b.lintRulesSource,
    value: (s) =>
      saveWorkspace({
        view: s.view, openInPack: s.openInPack, atdSettings: s.atdSettings, batchSettings: s.batchSettings,
        pins: { size: s.suggestPinsSize, cells: s.suggestPins }, keepPins: s.keepPins,
        batchMaps: { range: s.rangeView, hitRate: s.hitRateForm, hitRateRun: s.hitRateRun },
        lint: s.lintRules === null ? null : { rules: s.lintRules, source: s.lintRulesSource ?? 'rules' },
      }),
  },
  {
    name: 'history',
    changed: (a, b) => a.history !== b.history,
    value: (s) => saveHistory(s.history),
    journalText: (s) => savedHistoryJournalText(s.history),
    journalLater: (s) => s.pack.levels.length >= HISTORY_JOURNAL_LATER_FROM,
  },
  { name: 'atdResults', changed: (a, b) => a.atdRun !== b.atdRun && a.atdRun.status === 'done', value: (s) => saveAtdResults(s.atdRun) },
  // Only a finished run is kept (a run in progress would be saved as nothing and replace the last good one).
  { name: 'generatorResults', changed: (a, b) => a.generatorRun !== b.generatorRun && a.generatorRun.status === 'done', value: (s) => saveGeneratorResults(s.generatorRun) },
  // A report is kept once the run ends (done, or cancelled with what was done); a later run that is
  // still going or failed (by the time the debounced write happens) does not replace it.
  {
    name: 'batchReport',
    changed: (a, b) => a.batchRun !== b.batchRun && (a.batchRun.status === 'done' || a.batchRun.status === 'cancelled'),
    value: (s) => saveBatchReport(s.batchRun) ?? undefined,
    eager: true,
  },
  {
    name: 'labSession',
    changed: (a, b) =>
      a.labData !== b.labData || a.labRuns !== b.labRuns || a.labAblation !== b.labAblation || a.labFitted !== b.labFitted || a.labMethod !== b.labMethod || a.labFeatures !== b.labFeatures || a.labSeed !== b.labSeed,
    value: (s) => saveLabSession(s),
  },
  {
    name: 'players',
    changed: (a, b) => a.playerFiles !== b.playerFiles || a.playResultFiles !== b.playResultFiles,
    value: (s) => savePlayers(s.playerFiles, s.playResultFiles),
  },
  {
    name: 'labModels',
    changed: (a, b) => a.savedModels !== b.savedModels || a.activeModelId !== b.activeModelId,
    value: (s) => saveLabModels(s.savedModels, s.activeModelId),
  },
];

