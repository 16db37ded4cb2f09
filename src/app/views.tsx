/**
 * The top-level views and what each renders. The studio is the editor page;
 * the other views are wide workspaces. To add one: add its name to
 * `STUDIO_VIEWS` (viewNames.ts) and its entry here (TypeScript asks for it);
 * the header's tabs and the saved workspace follow that list.
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { STUDIO_VIEWS, type StudioView } from './viewNames';

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

export type WorkspaceView = Exclude<StudioView, 'studio'>;

export interface ViewEntry {
  readonly id: WorkspaceView;
  readonly label: string;
  /** How a sentence names it ("The predictor lab"). */
  readonly title: string;
  readonly render: () => ReactElement;
}

/** Each view but the studio (a name missing here is a type error). */
const ENTRIES: { readonly [V in WorkspaceView]: Omit<ViewEntry, 'id'> } = {
  pack: { label: 'Pack overview', title: 'The pack overview', render: lazyView(async () => (await import('./components/pack/PackOverview')).PackOverview, 'The pack overview') },
  lab: { label: 'Predictor lab', title: 'The predictor lab', render: lazyView(async () => (await import('./components/lab/LabView')).LabView, 'The predictor lab') },
  training: { label: 'Training', title: 'Training', render: lazyView(async () => (await import('./components/training/TrainingView')).TrainingView, 'Training') },
  batch: { label: 'Batch', title: 'The batch view', render: lazyView(async () => (await import('./components/batch/BatchView')).BatchView, 'The batch view') },
  players: { label: 'Players', title: 'The players view', render: lazyView(async () => (await import('./components/players/PlayersView')).PlayersView, 'The players view') },
};

/** Views other than the studio, in header order (that of `STUDIO_VIEWS`). */
export const WORKSPACE_VIEWS: readonly ViewEntry[] = STUDIO_VIEWS.filter((v): v is WorkspaceView => v !== 'studio').map((id) => ({ id, ...ENTRIES[id] }));
