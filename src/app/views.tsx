/**
 * The top-level views and what each renders. The studio is the editor page;
 * the other views are wide workspaces. To add one: extend `StudioView` in
 * store/uiSlice.ts and add an entry here (the header's tabs follow this list).
 */
import type { ReactElement } from 'react';
import { BatchView } from './components/batch/BatchView';
import { LabView } from './components/lab/LabView';
import { PackOverview } from './components/pack/PackOverview';
import { TrainingView } from './components/training/TrainingView';
import type { StudioView } from './store/uiSlice';

export interface ViewEntry {
  readonly id: Exclude<StudioView, 'studio'>;
  readonly label: string;
  /** How a sentence names it ("The predictor lab"). */
  readonly title: string;
  readonly render: () => ReactElement;
}

/** Views other than the studio, in header order. */
export const WORKSPACE_VIEWS: readonly ViewEntry[] = [
  { id: 'pack', label: 'Pack overview', title: 'The pack overview', render: () => <PackOverview /> },
  { id: 'lab', label: 'Predictor lab', title: 'The predictor lab', render: () => <LabView /> },
  { id: 'training', label: 'Training', title: 'Training', render: () => <TrainingView /> },
  { id: 'batch', label: 'Batch', title: 'The batch view', render: () => <BatchView /> },
];
