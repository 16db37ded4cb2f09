/**
 * The saved workspace as a whole: opening IndexedDB, restoring, autosave,
 * the backups of damaged records, resetting one part of the studio, and
 * which tab owns the workspace.
 *
 * Several tabs: a Web Lock names the owner. The first tab holds it and
 * saves; another tab opens read-only (it shows the saved work but saves
 * nothing, so two tabs never overwrite each other) and can take over: it
 * asks the owner (BroadcastChannel) to write what is pending, then reloads
 * itself with the latest saved work and steals the lock; the old owner is
 * told and becomes read-only. A newer version of the database opened in
 * another tab closes this tab's connection (it never blocks the upgrade) and
 * saving stops with a sentence.
 */
import { backupText, makeBackup, parseBackups, type Backup } from '../persistence/backups';
import { loadSaved, startAutosave, type Autosave } from '../persistence/autosave';
import { storageJournal, type Journal } from '../persistence/journal';
import { mirroredJournal } from '../persistence/journalMirror';
import { describeSaveError } from '../persistence/saveErrors';
import { openStudioDb, RECORD_NAMES, type KeyValueStore, type RecordName } from '../persistence/db';
import { createStudioStore, type StudioStore } from '../store/store';
import type { StudioState } from '../store/types';
import { downloadText } from '../files/download';
import type { TrainingController } from './trainingController';

const LOCK_NAME = 'longcat-studio-workspace';
const CHANNEL_NAME = 'longcat-studio-tabs';
/** sessionStorage flag: this reload is a take-over (steal the lock). */
const TAKEOVER_FLAG = 'longcat-studio-takeover';
/** How long a take-over waits for the owner to write what is pending. */
const FLUSH_WAIT_MS = 1500;

/** Parts of the studio an error boundary can reset, with the records and store fields each owns. */
export const RESETTABLE_PARTS = {
  level: { label: 'the level in the editor', records: ['level'], fields: ['level', 'levelName', 'tool', 'cursor', 'stroke'] },
  pack: { label: 'the level pack and its undo history', records: ['pack', 'history'], fields: ['pack', 'packImport', 'pendingImport', 'openInPack', 'history', 'previewBase'] },
  history: { label: 'the undo history', records: ['history'], fields: ['history', 'previewBase'] },
  generators: { label: 'the generators’ results and settings', records: ['generatorResults', 'atdResults'], fields: ['generatorSettings', 'generatorRun', 'atdSettings', 'atdRun', 'curveRun', 'sdSettings', 'sdRun'] },
  lab: {
    label: 'the predictor lab’s session and saved models',
    records: ['labSession', 'labModels'],
    fields: ['labData', 'labMethod', 'labFeatures', 'labSeed', 'labJob', 'labError', 'labRuns', 'labAblation', 'labFitted', 'labUploadProblems', 'savedModels', 'activeModelId', 'model'],
  },
  batch: { label: 'the batch report and settings', records: ['batchReport'], fields: ['batchSettings', 'batchRun', 'batchRunIndex', 'batchLogScale', 'rangeView', 'hitRateForm', 'hitRateRun'] },
  training: { label: 'the training session and its saved checkpoint', records: [], fields: ['trainingForm', 'trainingPhase', 'trainingSession', 'trainingBackend', 'trainingHistory', 'trainingModel', 'trainingCheckpoint', 'trainingError', 'trainingUploadError', 'trainingCheckpointError'] },
  view: { label: 'nothing saved (the view is drawn again)', records: [], fields: [] },
} as const satisfies Record<string, { label: string; records: readonly RecordName[]; fields: readonly (keyof StudioState)[] }>;
export type ResettablePart = keyof typeof RESETTABLE_PARTS;

type Message = { type: 'flush-request' } | { type: 'flushed' };

export class WorkspaceController {
  private kv: KeyValueStore | null = null;
  private autosave: Autosave | null = null;
  /**
   * The write-ahead journal (localStorage): every change is there before it is drawn (see `journal.ts`); once the
   * database is open, each entry is copied there too, for a kill of the whole browser (`journalMirror.ts`).
   */
  private journal: Journal | null = storageJournal();
  private readonly channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  private releaseLock: (() => void) | null = null;
  private started = false;

  constructor(
    private readonly store: StudioStore,
    private readonly training: TrainingController,
  ) {
    // A new run's first save replaces the stored checkpoint: a damaged one is backed up first.
    training.beforeFreshRun = async () => {
      const problem = this.state.trainingCheckpointError;
      if (problem !== null) await this.setAsideCheckpoint(problem);
    };
    if (this.channel !== null) this.channel.onmessage = (e: MessageEvent<Message>) => void this.onMessage(e.data);
  }

  private get state(): StudioState {
    return this.store.getState();
  }

  /** Once per page: takes the workspace (or opens read-only), restores saved work, starts autosave when owner. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.state.setSaveStatus('loading');
    const owner = await this.acquire();
    try {
      this.kv = await openStudioDb({
        onClosed: (reason) => this.lost('closed', `Saving stopped: ${reason}. Reload this tab to go on saving here.`),
        onBlocked: () => this.state.notify('error', 'Another tab of the studio holds an older version of its database open; close that tab (or reload it) to continue.'),
      });
      this.journal = await withIndexedDbCopies(this.journal, this.kv);
      // Safety copies (the journal) newer than IndexedDB's records and valid are read over them, then written through;
      // loading sets the others aside, so what is left in the journal afterwards is what is pending.
      const problems = await loadSaved(this.store, this.kv, { readOnly: !owner, journal: this.journal, onRecovered: (m) => this.state.notify('info', m) });
      const pending = owner ? (this.journal?.names() ?? []) : [];
      for (const p of problems) {
        // Also in the console, where a bug report's log will have it.
        console.warn(`Longcat Studio: saved work: ${p}.`);
        this.state.notify('error', `Saved work: ${p}.`);
      }
      await this.refreshBackups();
      if (owner && this.state.tabRole === 'owner') this.startSaving(pending);
      else this.state.setSaveStatus('idle');
    } catch (e) {
      // Saving does not start (a damaged record could not be backed up first, or IndexedDB is unavailable): say why in plain words.
      const problem = describeSaveError(e);
      this.state.setSaveProblem(`${problem.short}; reload once that is resolved`);
      this.state.setSaveStatus('failed');
      this.state.notify('error', `Your work cannot be saved in this browser: ${problem.sentence.replace(/ and saving is retried/, '')}`);
    }
  }

  private startSaving(pending: readonly RecordName[]): void {
    if (this.kv === null) return;
    this.state.setSaveStatus(pending.length > 0 ? 'saving' : 'saved');
    const autosave = startAutosave(this.store, this.kv, { journal: this.journal, pending: pending.filter((n) => RECORD_NAMES.includes(n)) });
    const flush = (): void => void autosave.flush();
    // Leaving with a change that is neither written nor journalled (storage full, a huge pack): ask first.
    const beforeUnload = (e: BeforeUnloadEvent): void => {
      void autosave.flush();
      if (!autosave.atRisk()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', beforeUnload);
    this.autosave = {
      ...autosave,
      stop: () => {
        window.removeEventListener('pagehide', flush);
        window.removeEventListener('beforeunload', beforeUnload);
        autosave.stop();
      },
    };
  }

  /** True when this tab owns the workspace (it got the lock, or stole it for a take-over). */
  private async acquire(): Promise<boolean> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (locks === undefined) {
      this.state.setTabRole('owner');
      return true;
    }
    const steal = sessionStorage.getItem(TAKEOVER_FLAG) !== null;
    sessionStorage.removeItem(TAKEOVER_FLAG);
    return new Promise<boolean>((resolve) => {
      const held = new Promise<void>((release) => (this.releaseLock = release));
      locks
        .request(LOCK_NAME, steal ? { steal: true } : { ifAvailable: true }, async (lock) => {
          if (lock === null) {
            this.state.setTabRole('read-only');
            resolve(false);
            return;
          }
          this.state.setTabRole('owner');
          resolve(true);
          await held;
        })
        .catch(() => {
          // Stolen: another tab took over.
          this.lost('read-only', null);
        });
    });
  }

  /** This tab stops saving: read-only (another tab owns the workspace) or closed (the database went away). */
  private lost(role: 'read-only' | 'closed', sentence: string | null): void {
    this.autosave?.stop();
    this.autosave = null;
    this.state.setTabRole(role);
    this.state.setSaveStatus('idle');
    if (sentence !== null) this.state.notify('error', sentence);
  }

  private async onMessage(m: Message): Promise<void> {
    if (m.type === 'flush-request' && this.autosave !== null) {
      await this.autosave.flush();
      this.channel?.postMessage({ type: 'flushed' } satisfies Message);
    }
  }

  /** Makes this tab the owner: the owner writes what is pending, then this tab reloads with the latest saved work. */
  async takeOver(): Promise<void> {
    const flushed = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FLUSH_WAIT_MS);
      if (this.channel === null) return;
      this.channel.addEventListener('message', (e: MessageEvent<Message>) => {
        if (e.data.type !== 'flushed') return;
        clearTimeout(timer);
        resolve();
      });
      this.channel.postMessage({ type: 'flush-request' } satisfies Message);
    });
    await flushed;
    sessionStorage.setItem(TAKEOVER_FLAG, '1');
    location.reload();
  }

  /** Reads the backups list into the store. */
  async refreshBackups(): Promise<void> {
    if (this.kv === null) return;
    this.state.setBackups(parseBackups(await this.kv.backups()));
  }

  async downloadBackup(id: string): Promise<void> {
    if (this.kv === null) return;
    const b = (await this.kv.backups()).get(id);
    const raw = (b as Partial<Backup> | undefined)?.raw ?? b;
    downloadText(backupText(raw), `longcat-backup-${id.replace(/[^A-Za-z0-9-]+/g, '-')}.json`, 'application/json');
  }

  async dismissBackup(id: string): Promise<void> {
    if (this.kv === null || this.state.tabRole !== 'owner') return;
    await this.kv.removeBackup(id);
    await this.refreshBackups();
  }

  /**
   * Resets one part: its saved records are copied into a backup, removed,
   * and its store fields go back to a fresh start. Returns a sentence.
   */
  async reset(part: ResettablePart, reason: string): Promise<string> {
    const spec = RESETTABLE_PARTS[part];
    if (this.kv !== null && this.state.tabRole === 'owner') {
      for (const name of spec.records) {
        const raw = await this.kv.get(name);
        if (raw === undefined) continue;
        const b = makeBackup(name, `Reset of ${spec.label} after an error (${reason}).`, [], raw);
        await this.kv.putBackup(b.id, b);
        await this.kv.remove(name);
      }
    }
    if (this.state.tabRole === 'owner') for (const name of spec.records) this.journal?.remove(name);
    if (part === 'training') await this.resetTraining(reason);
    const fresh = createStudioStore().getState();
    this.store.setState(Object.fromEntries(spec.fields.map((f) => [f, fresh[f]])) as Partial<StudioState>);
    await this.refreshBackups();
    return spec.records.length > 0 || part === 'training' ? `Reset ${spec.label}; what was saved is kept as a backup.` : `Drew ${spec.label.replace(/^nothing saved \(|\)$/g, '')}.`;
  }

  /** The training checkpoint is copied into a backup (when there is one), then discarded. */
  private async resetTraining(reason: string): Promise<void> {
    const raw = await this.training.rawCheckpoint();
    if (raw !== undefined && this.kv !== null && this.state.tabRole === 'owner') {
      const b = makeBackup('checkpoint', `Reset of the training session after an error (${reason}).`, [], raw);
      await this.kv.putBackup(b.id, b);
    }
    await this.training.discardCheckpoint();
  }

  /** A damaged training checkpoint: copied into a backup, then discarded (the designer confirmed). */
  async setAsideCheckpoint(problem: string): Promise<void> {
    const raw = await this.training.rawCheckpoint();
    if (raw !== undefined && this.kv !== null) {
      const b = makeBackup('checkpoint', 'The saved training checkpoint could not be used; it was set aside.', [problem], raw);
      await this.kv.putBackup(b.id, b);
    }
    await this.training.discardCheckpoint();
    this.state.setTrainingCheckpointError(null);
    await this.refreshBackups();
  }

  dispose(): void {
    this.autosave?.stop();
    this.releaseLock?.();
    this.channel?.close();
  }
}

/**
 * `local` with every entry copied to IndexedDB as well (a browser killed outright loses localStorage's last
 * seconds, not a completed IndexedDB transaction): `journalMirror.ts`. The end-to-end tests wait on
 * `window.__longcatJournal.settled()` before killing the browser, to kill it right after the copy is on disk.
 */
async function withIndexedDbCopies(local: Journal | null, kv: KeyValueStore): Promise<Journal | null> {
  if (local === null || kv.journalTexts === undefined || kv.writeJournal === undefined) return local;
  const write = kv.writeJournal.bind(kv);
  let found = new Map<RecordName, string>();
  try {
    found = await kv.journalTexts();
  } catch {
    // Unreadable copies: the localStorage entries alone, as before.
  }
  const journal = mirroredJournal(local, { writeJournal: write }, found);
  (globalThis as { __longcatJournal?: { settled: () => Promise<void> } }).__longcatJournal = { settled: journal.settled };
  return journal;
}
