/** Page-level state: the active difficulty model, docked tabs, messages, save status, help. */
import type { DifficultyModel } from '../../core/difficulty/model';
import { shippedDifficultyModel } from '../adapters/difficulty';
import type { BackupSummary } from '../persistence/backups';
import type { SliceCreator } from './types';
import type { StudioView } from '../viewNames';

export type { StudioView } from '../viewNames';
export type DockTab = 'pack' | 'generators' | 'suggestions' | 'history';
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
  /** Every error shown this session (newest last, at most {@link NOTIFICATION_LIMIT}): the toasts fade, the list keeps them. */
  notificationLog: readonly LoggedMessage[];
  /** How many of the logged errors came after the list was last opened. */
  unreadNotifications: number;
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
  /** The notifications list was opened: nothing unread. */
  markNotificationsRead(): void;
  clearNotifications(): void;
  setSaveStatus(status: SaveStatus): void;
  setSaveProblem(problem: string | null): void;
  setHelpOpen(open: boolean): void;
  setTextOpen(open: boolean): void;
  setTabRole(role: TabRole): void;
  setBackups(backups: BackupSummary[]): void;
}

/** A message as the notifications list keeps it, with when it came (ms, the store's clock). */
export interface LoggedMessage extends Message {
  readonly at: number;
}

/** Messages kept on screen at once (oldest dropped): three toasts stay clear of the gauge at 1280x800. */
const MESSAGE_LIMIT = 3;
/** Errors kept in the notifications list. */
export const NOTIFICATION_LIMIT = 50;

export const createUiSlice: SliceCreator<UiSlice> = (deps) => (set, get) => ({
  model: shippedDifficultyModel(),
  dockTab: 'pack',
  view: 'studio',
  messages: [],
  notificationLog: [],
  unreadNotifications: 0,
  saveStatus: 'idle',
  saveProblem: null,
  helpOpen: false,
  textOpen: false,
  tabRole: 'pending',
  backups: [],

  setModel: (model) => set({ model }),
  setDockTab: (tab) => set({ dockTab: tab }),
  setView: (view) => set({ view }),
  notify: (kind, text, undoId) => {
    const message: Message = { id: deps.newId(), kind, text, ...(undoId !== undefined ? { undoId } : {}) };
    const messages = [...get().messages, message].slice(-MESSAGE_LIMIT);
    if (kind !== 'error') return set({ messages });
    set({
      messages,
      notificationLog: [...get().notificationLog, { ...message, at: deps.now() }].slice(-NOTIFICATION_LIMIT),
      unreadNotifications: Math.min(NOTIFICATION_LIMIT, get().unreadNotifications + 1),
    });
  },
  dismissMessage: (id) => set({ messages: get().messages.filter((m) => m.id !== id) }),
  markNotificationsRead: () => {
    if (get().unreadNotifications !== 0) set({ unreadNotifications: 0 });
  },
  clearNotifications: () => set({ notificationLog: [], unreadNotifications: 0 }),
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
