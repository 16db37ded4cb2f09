/**
 * The top-level views and what each renders. The studio is the editor page;
 * the other views are wide workspaces. To add one: extend `StudioView` in
 * store/uiSlice.ts and add an entry here (the header's tabs follow this list).
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { StudioView } from './store/uiSlice';

/**
 * A workspace view loaded on first use: the first page load carries only the
 * studio (no tfjs, no linear algebra, no charts of other views; see
 * e2e/firstLoad.spec.ts). A chunk that fails to load throws into the view's
 * PartBoundary, which says so.
 */
function lazyView(load: () => Promise<ComponentType>, title: string): () => ReactElement {
  const View = lazy(async () => ({ default: await load() }));
  return () => (
    <Suspense fallback={<p className="muted workspace-loading" data-testid="view.loading">Loading {title.toLowerCase()}…</p>}>
      <View />
    </Suspense>
  );
}

export interface ViewEntry {
  readonly id: Exclude<StudioView, 'studio'>;
  readonly label: string;
  /** How a sentence names it ("The predictor lab"). */
  readonly title: string;
  readonly render: () => ReactElement;
}

/** Views other than the studio, in header order. */
export const WORKSPACE_VIEWS: readonly ViewEntry[] = [
  { id: 'pack', label: 'Pack overview', title: 'The pack overview', render: lazyView(async () => (await import('./components/pack/PackOverview')).PackOverview, 'The pack overview') },
  { id: 'lab', label: 'Predictor lab', title: 'The predictor lab', render: lazyView(async () => (await import('./components/lab/LabView')).LabView, 'The predictor lab') },
  { id: 'training', label: 'Training', title: 'Training', render: lazyView(async () => (await import('./components/training/TrainingView')).TrainingView, 'Training') },
  { id: 'batch', label: 'Batch', title: 'The batch view', render: lazyView(async () => (await import('./components/batch/BatchView')).BatchView, 'The batch view') },
  { id: 'players', label: 'Players', title: 'The players view', render: lazyView(async () => (await import('./components/players/PlayersView')).PlayersView, 'The players view') },
];
