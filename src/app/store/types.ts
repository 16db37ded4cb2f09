/**
 * The studio's state: one zustand vanilla store made of slices (STYLE §6).
 * Each slice file owns its fields and actions; derived values live in
 * `selectors.ts`, side effects (workers, IndexedDB) in `../controllers`.
 */
import type { StateCreator } from 'zustand/vanilla';
import type { AnalysisSlice } from './analysisSlice';
import type { BatchSlice } from './batchSlice';
import type { EditorToolsSlice } from './editorToolsSlice';
import type { GeneratorsSlice } from './generatorsSlice';
import type { HistorySlice } from './historySlice';
import type { LabSlice } from './labSlice';
import type { LevelSlice } from './levelSlice';
import type { LintSlice } from './lintSlice';
import type { RepoSlice } from './repoSlice';
import type { PackSlice } from './packSlice';
import type { PlayerDataSlice } from './playerDataSlice';
import type { PackSelectionSlice } from './packSelectionSlice';
import type { SuggestionsSlice } from './suggestionsSlice';
import type { PlayResultsSlice } from './playResultsSlice';
import type { PlaytestSlice } from './playtestSlice';
import type { TrainingSlice } from './trainingSlice';
import type { UiSlice } from './uiSlice';

export type StudioState = LevelSlice & AnalysisSlice & PlaytestSlice & PackSlice & PackSelectionSlice & SuggestionsSlice & GeneratorsSlice & UiSlice & TrainingSlice & LabSlice & BatchSlice & HistorySlice & EditorToolsSlice & PlayResultsSlice & PlayerDataSlice & LintSlice & RepoSlice;

/** What the store needs from the outside world, injectable for tests. */
export interface StoreDeps {
  /** Wall-clock milliseconds (playtest timer, records). */
  readonly now: () => number;
  /** A fresh id (pack entries, records). */
  readonly newId: () => string;
}

export type SliceCreator<T> = (deps: StoreDeps) => StateCreator<StudioState, [], [], T>;
