/**
 * Players' results files imported into the studio (play mode's
 * `longcat-play-results`): the files read (pooled, so importing more adds to
 * them and a file imported twice counts once), the files refused with their
 * problems, and the per-level summary the lab and the pack use. Not
 * persisted: the files are the record; import them again after a reload.
 */
import { summariseResults, type LevelResultSummary, type PlayResults } from '../../core/play/results';
import type { SliceCreator } from './types';

export interface ResultFile {
  readonly name: string;
  readonly results: PlayResults;
}

export interface RejectedResultFile {
  readonly name: string;
  readonly problems: readonly string[];
}

export interface PlayResultsSlice {
  playResultFiles: ResultFile[];
  playResultsRejected: RejectedResultFile[];
  /** Per level (by grid), derived from the files when they change. */
  playResultsSummary: LevelResultSummary[];
  /** Adds read files (and the refused ones' reports, replacing the last reports). */
  addPlayResults(files: readonly ResultFile[], rejected: readonly RejectedResultFile[]): void;
  clearPlayResults(): void;
}

export const createPlayResultsSlice: SliceCreator<PlayResultsSlice> = () => (set, get) => ({
  playResultFiles: [],
  playResultsRejected: [],
  playResultsSummary: [],
  addPlayResults: (files, rejected) => {
    const all = [...get().playResultFiles, ...files];
    set({ playResultFiles: all, playResultsRejected: [...rejected], playResultsSummary: summariseResults(all.map((f) => f.results)) });
  },
  clearPlayResults: () => set({ playResultFiles: [], playResultsRejected: [], playResultsSummary: [] }),
});
