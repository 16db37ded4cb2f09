/**
 * Ctrl+S and Ctrl+O: the project file through the File System Access API
 * where the browser has it (save goes back to the same file after the
 * first time), a download and a file chooser where it does not.
 */
import { IMPORT_LIMITS, readTextFile } from './readFile';
import { contentOf } from '../store/levelEdits';
import { selectExportPack } from '../store/selectors';
import type { StudioStore } from '../store/store';
import { downloadText } from './download';
import { parseProject, projectText, type Project } from './project';
import { slug } from '../store/packEdits';

interface WritableLike { write(data: string): Promise<void>; close(): Promise<void> }
interface FileHandleLike { readonly name: string; createWritable(): Promise<WritableLike>; getFile(): Promise<File> }
type PickerWindow = Window & {
  showSaveFilePicker?: (options: unknown) => Promise<FileHandleLike>;
  showOpenFilePicker?: (options: unknown) => Promise<FileHandleLike[]>;
};

const TYPES = [{ description: 'Longcat project', accept: { 'application/json': ['.longcat.json', '.json'] } }];
/** The file the project was last saved to or opened from, for the next Ctrl+S. */
let handle: FileHandleLike | null = null;

const aborted = (e: unknown): boolean => e instanceof DOMException && e.name === 'AbortError';

export async function saveProject(store: StudioStore): Promise<void> {
  const s = store.getState();
  const text = projectText({
    level: s.level,
    levelName: s.levelName,
    pack: selectExportPack(s),
    openId: s.openInPack?.id ?? null,
    playLog: s.playLog,
    playStarts: s.playStarts,
    lab: s,
    savedModels: s.savedModels,
    activeModelId: s.activeModelId,
    playResultFiles: s.playResultFiles,
    playerFiles: s.playerFiles,
  });
  const fileName = `${slug(s.pack.name)}.longcat.json`;
  const w = window as PickerWindow;
  if (w.showSaveFilePicker === undefined) {
    downloadText(text, fileName, 'application/json');
    s.notify('info', `Saved the project as ${fileName} (downloaded).`);
    return;
  }
  try {
    handle ??= await w.showSaveFilePicker({ suggestedName: fileName, types: TYPES });
    const out = await handle.createWritable();
    await out.write(text);
    await out.close();
    s.notify('info', `Saved the project to ${handle.name}.`);
  } catch (e) {
    if (!aborted(e)) s.notify('error', `The project was not saved: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Opens a project file's text as the document (one undoable step), or says why not and changes nothing. */
export function openProjectText(store: StudioStore, text: string, fileName: string): boolean {
  const r = parseProject(text);
  const s = store.getState();
  if (!r.ok) {
    store.setState({ packImport: { fileName, ok: false, problems: r.error.map((m) => ({ path: m.split(':')[0] ?? '$', message: m.slice(m.indexOf(':') + 1).trim() })), warnings: [] } });
    s.setDockTab('pack');
    return false;
  }
  const p = r.value;
  s.applyDocEdit(`Open project ${fileName}`, () => ({ level: contentOf(p.level), levelName: p.levelName, pack: p.pack, open: p.open }), {
    toast: `Opened ${fileName}: “${p.pack.name}”, ${p.pack.levels.length} levels.`,
  });
  store.setState({ mode: 'edit', play: null, packImport: null, pendingImport: null });
  openProjectExtras(store, p, fileName);
  return true;
}

/** Reads a project file (its size checked first) and opens it; false when it was refused. */
/**
 * The parts of a project beside the document, added to what the studio
 * has, never silently replacing it: playtests and players' results are
 * merged (a record or file already here counts once; players' attempt files too), lab models added by
 * id; the lab session is taken when the lab is empty, else kept aside with
 * a message (the lab's own session stays).
 */
function openProjectExtras(store: StudioStore, p: Project, fileName: string): void {
  const s = store.getState();
  if (p.playtests !== null) {
    const ids = new Set(s.playLog.map((r) => r.id));
    const starts: Record<string, number> = { ...s.playStarts };
    for (const [k, n] of Object.entries(p.playtests.starts)) starts[k] = Math.max(starts[k] ?? 0, n);
    s.setPlayLog([...s.playLog, ...p.playtests.records.filter((r) => !ids.has(r.id))], starts);
  }
  if (p.labModels !== null) {
    const ids = new Set(s.savedModels.map((m) => m.id));
    const models = [...s.savedModels, ...p.labModels.models.filter((m) => !ids.has(m.id))];
    s.restoreLabModels(models, s.activeModelId ?? p.labModels.activeId);
  }
  if (p.playerResults.length > 0) {
    const have = new Set(s.playResultFiles.map((f) => `${f.name}\n${JSON.stringify(f.results)}`));
    s.addPlayResults(p.playerResults.filter((f) => !have.has(`${f.name}\n${JSON.stringify(f.results)}`)), []);
  }
  if (p.playerAttempts.length > 0) {
    // Added to the Players view's files (one already here counts once); the players' controller rates them against the pack.
    const have = new Set(s.playerFiles.map((f) => `${f.name}\n${typeof f.text === 'string' ? f.text : ''}`));
    const fresh = p.playerAttempts.filter((f) => !have.has(`${f.name}\n${f.text}`));
    if (fresh.length > 0) s.setPlayerFiles([...s.playerFiles, ...fresh]);
  }
  if (p.labSession !== null) {
    const labEmpty = s.labData === null && s.labRuns.length === 0 && s.labFitted === null;
    if (labEmpty) store.setState(p.labSession);
    else if (p.labSession.labData !== null || p.labSession.labRuns.length > 0) {
      s.notify('info', `${fileName} has a predictor lab session too; it was not loaded, so the lab's own session stays. Clear the lab and open the project again to use the file's.`);
    }
  }
}

async function readProject(store: StudioStore, file: File): Promise<boolean> {
  const text = await readTextFile(file, IMPORT_LIMITS.project, 'a project file');
  if (!text.ok) {
    store.getState().notify('error', `The project was not opened: ${text.error}.`);
    return false;
  }
  return openProjectText(store, text.value, file.name);
}

export async function openProject(store: StudioStore): Promise<void> {
  const w = window as PickerWindow;
  if (w.showOpenFilePicker === undefined) {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (file !== undefined) void readProject(store, file);
    });
    input.click();
    return;
  }
  try {
    const [picked] = await w.showOpenFilePicker({ types: TYPES, multiple: false });
    if (picked === undefined) return;
    const file = await picked.getFile();
    if (await readProject(store, file)) handle = picked;
  } catch (e) {
    if (!aborted(e)) store.getState().notify('error', `The project was not opened: ${e instanceof Error ? e.message : String(e)}`);
  }
}
