/** Page-level state: the active difficulty model, docked tabs, messages, save status, help. */
import type { DifficultyModel } from '../../core/difficulty/model';
import { shippedDifficultyModel } from '../adapters/difficulty';
import type { BackupSummary } from '../persistence/backups';
import type { SliceCreator } from './types';

export type DockTab = 'pack' | 'generators' | 'history';
/** Top-level views: the studio itself, and wide workspaces for the predictor lab, training and batch runs. */
export type StudioView = 'studio' | 'lab' | 'training' | 'batch';
export type SaveStatus = 'idle' | 'loading' | 'saving' | 'saved' | 'failed';
/** This tab and the saved workspace: it saves (owner), another tab does (read-only), or its database was closed under it. */
export type TabRole = 'pending' | 'owner' | 'read-only' | 'closed';

export interface Message {
  readonly id: string;
  readonly kind: 'info' | 'error';
  readonly text: string;
  /** The history entry this message can undo (a toast with Undo). */
  readonly undoId?: string;
}

export interface UiSlice {
  /** The model the gauge and the pack price levels with (the predictor lab can activate another). */
  model: DifficultyModel;
  dockTab: DockTab;
  view: StudioView;
  messages: Message[];
  saveStatus: SaveStatus;
  /** Why the last save failed, in a few plain words ("storage is full"), while it keeps failing. */
  saveProblem: string | null;
  helpOpen: boolean;
  textOpen: boolean;
  tabRole: TabRole;
  /** Backups of damaged saved records, newest first (the raw records stay in IndexedDB). */
  backups: BackupSummary[];

  setModel(model: DifficultyModel): void;
  setDockTab(tab: DockTab): void;
  setView(view: StudioView): void;
  /** Shows a message; with `undoId`, a toast whose Undo undoes that history entry. */
  notify(kind: Message['kind'], text: string, undoId?: string): void;
  dismissMessage(id: string): void;
  setSaveStatus(status: SaveStatus): void;
  setSaveProblem(problem: string | null): void;
  setHelpOpen(open: boolean): void;
  setTextOpen(open: boolean): void;
  setTabRole(role: TabRole): void;
  setBackups(backups: BackupSummary[]): void;
}

/** Messages kept on screen at once (oldest dropped). */
const MESSAGE_LIMIT = 4;

export const createUiSlice: SliceCreator<UiSlice> = (deps) => (set, get) => ({
  model: shippedDifficultyModel(),
  dockTab: 'pack',
  view: 'studio',
  messages: [],
  saveStatus: 'idle',
  saveProblem: null,
  helpOpen: false,
  textOpen: false,
  tabRole: 'pending',
  backups: [],

  setModel: (model) => set({ model }),
  setDockTab: (tab) => set({ dockTab: tab }),
  setView: (view) => set({ view }),
  notify: (kind, text, undoId) => set({ messages: [...get().messages, { id: deps.newId(), kind, text, ...(undoId !== undefined ? { undoId } : {}) }].slice(-MESSAGE_LIMIT) }),
  dismissMessage: (id) => set({ messages: get().messages.filter((m) => m.id !== id) }),
  setSaveStatus: (status) => {
    if (get().saveStatus !== status) set({ saveStatus: status });
  },
  setSaveProblem: (problem) => {
    if (get().saveProblem !== problem) set({ saveProblem: problem });
  },
  setHelpOpen: (open) => set({ helpOpen: open }),
  setTextOpen: (open) => set({ textOpen: open }),
  setTabRole: (role) => set({ tabRole: role }),
  setBackups: (backups) => set({ backups }),
});
