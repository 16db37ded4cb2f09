/**
 * The studio's services: the store and every controller, each with the
 * worker clients it owns, built once per page (main.tsx) outside React's
 * lifecycle. Components reach them through `useServices()`; none is created
 * during render. Workers start lazily, on a controller's first request.
 */
import { AnalysisClient } from '../workers/analysis.client';
import { connectAnalysis, type AnalysisController } from './controllers/analysisController';
import { connectPackFeatures } from './controllers/packFeaturesController';
import { connectConflictGraphs } from './controllers/conflictGraphsController';
import { openAnalysisCache } from './persistence/analysisCache';
import { connectRulesModel } from './controllers/rulesController';
import { BatchController } from './controllers/batchController';
import { RangeController } from './controllers/rangeController';
import { GeneratorsController } from './controllers/generatorsController';
import { GraphLayoutController } from './controllers/graphLayoutController';
import { LabController } from './controllers/labController';
import { PlayerDataController } from './controllers/playerDataController';
import { PlayResultsController } from './controllers/playResultsController';
import { connectSuggestions } from './controllers/suggestionsController';
import { PackImportController } from './controllers/packImportController';
import { TrainingController } from './controllers/trainingController';
import { WorkspaceController } from './controllers/workspaceController';
import { createStudioStore, type StudioStore } from './store/store';

export interface StudioServices {
  readonly store: StudioStore;
  readonly analysis: AnalysisController;
  readonly generators: GeneratorsController;
  /** Generate-at-difficulty, curves and batch evaluations (two workers). */
  readonly batch: BatchController;
  /** The Batch view's expressive-range maps (a worker of their own). */
  readonly range: RangeController;
  readonly lab: LabController;
  /** Players' results files (play mode) into the lab and the pack. */
  readonly playResults: PlayResultsController;
  /** Players' attempts (every source) into ratings, traces and the pack report (a worker). */
  readonly playerData: PlayerDataController;
  /** Training and the SD-PCGRL generator (two workers). */
  readonly training: TrainingController;
  /** Layout of big solution graphs off the main thread (the canvas renderer's). */
  readonly graphLayout: GraphLayoutController;
  /** Saved work: restore, autosave, backups, resets and which tab owns the workspace. */
  readonly workspace: WorkspaceController;
  /** Files and pasted text into the pack; a pack file's JSON is read and checked in a worker. */
  readonly packImport: PackImportController;
  /** Suggestions while drawing (a worker, asked while the Suggestions tab is shown). */
  readonly suggestions: { dispose(): void };
  /** Stops every controller and its workers (tests, page unload). */
  dispose(): void;
}

export function createServices(store: StudioStore = createStudioStore()): StudioServices {
  const analysis = connectAnalysis(store, new AnalysisClient({ onStatus: (_status, mode) => store.getState().setWorkerMode(mode) }));
  // A second analysis worker prices pack levels whose features are unknown, without holding up the editor's.
  // Its answers are kept in IndexedDB: after a reload, levels analysed before show their numbers at once.
  const stopPackFeatures = connectPackFeatures(store, new AnalysisClient(), openAnalysisCache());
  const stopRulesModel = connectRulesModel(store);
  // The solution graphs of a conflicted pack's versions, in workers of their own (started when such a file opens).
  const stopConflictGraphs = connectConflictGraphs(store);
  const generators = new GeneratorsController(store);
  const batch = new BatchController(store);
  const range = new RangeController(store);
  const lab = new LabController(store);
  const training = new TrainingController(store);
  const graphLayout = new GraphLayoutController();
  const workspace = new WorkspaceController(store, training);
  const playerData = new PlayerDataController(store, lab);
  const suggestions = connectSuggestions(store);
  const packImport = new PackImportController(store);
  return {
    store,
    analysis,
    generators,
    batch,
    range,
    lab,
    playResults: new PlayResultsController(store, lab),
    playerData,
    training,
    graphLayout,
    workspace,
    suggestions,
    packImport,
    dispose: () => {
      for (const c of [analysis, generators, batch, range, lab, training, graphLayout, workspace, playerData, suggestions, packImport]) c.dispose();
      stopPackFeatures();
      stopRulesModel();
      stopConflictGraphs();
    },
  };
}
