/** The studio store: the slices combined into one zustand vanilla store. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createAnalysisSlice } from './analysisSlice';
import { createBatchSlice } from './batchSlice';
import { createEditorToolsSlice } from './editorToolsSlice';
import { createGeneratorsSlice } from './generatorsSlice';
import { createHistorySlice } from './historySlice';
import { createLabSlice } from './labSlice';
import { createLevelSlice } from './levelSlice';
import { createLintSlice } from './lintSlice';
import { createRepoSlice } from './repoSlice';
import { createPackSlice } from './packSlice';
import { createPlayerDataSlice } from './playerDataSlice';
import { createPackSelectionSlice } from './packSelectionSlice';
import { createSuggestionsSlice } from './suggestionsSlice';
import { createPlayResultsSlice } from './playResultsSlice';
import { createPlaytestSlice } from './playtestSlice';
import { createTrainingSlice } from './trainingSlice';
import type { StoreDeps, StudioState } from './types';
import { createUiSlice } from './uiSlice';

export type StudioStore = StoreApi<StudioState>;

let counter = 0;
const defaultDeps: StoreDeps = {
  now: () => Date.now(),
  newId: () => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
};

export function createStudioStore(deps: Partial<StoreDeps> = {}): StudioStore {
  const d: StoreDeps = { ...defaultDeps, ...deps };
  return createStore<StudioState>()((...a) => ({
    ...createLevelSlice(d)(...a),
    ...createAnalysisSlice(d)(...a),
    ...createPlaytestSlice(d)(...a),
    ...createPackSlice(d)(...a),
    ...createPackSelectionSlice(d)(...a),
    ...createSuggestionsSlice(d)(...a),
    ...createGeneratorsSlice(d)(...a),
    ...createUiSlice(d)(...a),
    ...createBatchSlice(d)(...a),
    ...createLabSlice(d)(...a),
    ...createTrainingSlice(d)(...a),
    ...createHistorySlice(d)(...a),
    ...createEditorToolsSlice(d)(...a),
    ...createPlayResultsSlice(d)(...a),
    ...createPlayerDataSlice(d)(...a),
    ...createLintSlice(d)(...a),
    ...createRepoSlice(d)(...a),
  }));
}

export type { StudioState };
