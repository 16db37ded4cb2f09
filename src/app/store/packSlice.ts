/** The level pack being assembled: add, rename, reorder, sort, dedupe, import/export. */
import type { LevelFeatures } from '../../core/graph/features';
import { levelKey, type Level } from '../../core/level/level';
import { createPack, importPack, packLevelFromLevel, type PackProblem } from '../../core/pack/pack';
import { MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_PACK_LEVELS, type LevelPack, type PackLevelSource } from '../../core/pack/schema';
import { packDifficulty } from '../adapters/difficulty';
import type { SliceCreator } from './types';

export interface PackImportReport {
  readonly fileName: string;
  readonly ok: boolean;
  readonly problems: readonly PackProblem[];
  readonly warnings: readonly PackProblem[];
}

export interface NewPackEntry {
  readonly level: Level;
  readonly name: string;
  readonly features: LevelFeatures | null;
  readonly source?: Partial<PackLevelSource>;
  /** Preferred id (made unique if taken). */
  readonly id?: string;
}

export interface PackSlice {
  pack: LevelPack;
  /** The pack before the last import, for "undo import". */
  packBackup: LevelPack | null;
  packImport: PackImportReport | null;

  /** Adds a level priced by the active model; returns its id, or null when the pack is full. */
  addToPack(entry: NewPackEntry): string | null;
  /** Adds the editor's level with its analysis (when it is current). */
  addCurrentLevelToPack(): string | null;
  renamePackLevel(id: string, name: string): void;
  removePackLevel(id: string): void;
  movePackLevel(from: number, to: number): void;
  /** Easiest first; levels without a difficulty go last. Stable. */
  sortPackByDifficulty(): void;
  /** Removes later copies of the same grid; returns how many were removed. */
  dedupePack(): number;
  setPackName(name: string): void;
  /** Replaces the pack with the file's, or lists every problem and changes nothing. */
  importPackText(text: string, fileName: string): boolean;
  undoImport(): void;
  dismissImportReport(): void;
  /** Restores a saved pack (persistence). */
  setPack(pack: LevelPack): void;
}

export const EMPTY_PACK_NAME = 'My pack';

export function emptyPack(): LevelPack {
  return createPack(EMPTY_PACK_NAME, [], { createdWith: 'Longcat Studio 0.1.0' });
}

/** A url-ish id from a name: lower case letters, digits and dashes. */
export function slug(name: string): string {
  const s = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return (s === '' ? 'level' : s).slice(0, MAX_ID_LENGTH - 8);
}

export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The same key as `levelKey` for a pack entry's rows. */
export function rowsKey(rows: readonly string[]): string {
  return `${rows[0]?.length ?? 0}x${rows.length}:${rows.join('/')}`;
}

export const createPackSlice: SliceCreator<PackSlice> = () => (set, get) => ({
  pack: emptyPack(),
  packBackup: null,
  packImport: null,

  addToPack: (entry) => {
    const { pack, model } = get();
    if (pack.levels.length >= MAX_PACK_LEVELS) return null;
    const taken = new Set(pack.levels.map((l) => l.id));
    const id = uniqueId(entry.id ?? slug(entry.name), taken);
    const name = entry.name.trim() === '' ? id : entry.name.trim().slice(0, MAX_NAME_LENGTH);
    const level = packLevelFromLevel({ ...entry.level, name }, {
      id,
      difficulty: entry.features === null ? null : packDifficulty(model, entry.features),
      features: entry.features === null ? {} : { ...entry.features },
      ...(entry.source !== undefined ? { source: entry.source } : {}),
    });
    set({ pack: { ...pack, levels: [...pack.levels, level] } });
    return id;
  },
  addCurrentLevelToPack: () => {
    const { level, levelName, analysis } = get();
    const graph = analysis.graph;
    const current = graph !== null && graph.levelKey === levelKey(level) ? graph : null;
    return get().addToPack({ level, name: levelName, features: current?.features ?? null });
  },
  renamePackLevel: (id, name) => {
    const { pack } = get();
    const clean = name.replace(/[\r\n]+/g, ' ').trim().slice(0, MAX_NAME_LENGTH);
    if (clean === '') return;
    set({ pack: { ...pack, levels: pack.levels.map((l) => (l.id === id ? { ...l, name: clean } : l)) } });
  },
  removePackLevel: (id) => {
    const { pack } = get();
    set({ pack: { ...pack, levels: pack.levels.filter((l) => l.id !== id) } });
  },
  movePackLevel: (from, to) => {
    const { pack } = get();
    const n = pack.levels.length;
    if (from < 0 || from >= n || to < 0 || to >= n || from === to) return;
    const levels = [...pack.levels];
    const [moved] = levels.splice(from, 1);
    levels.splice(to, 0, moved!);
    set({ pack: { ...pack, levels } });
  },
  sortPackByDifficulty: () => {
    const { pack } = get();
    const keyOf = (d: number | null): number => (d === null ? Infinity : d);
    const levels = pack.levels.map((l, i) => ({ l, i })).sort((a, b) => keyOf(a.l.difficulty) - keyOf(b.l.difficulty) || a.i - b.i).map((x) => x.l);
    set({ pack: { ...pack, levels } });
  },
  dedupePack: () => {
    const { pack } = get();
    const seen = new Set<string>();
    const levels = pack.levels.filter((l) => {
      const key = rowsKey(l.rows);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const removed = pack.levels.length - levels.length;
    if (removed > 0) set({ pack: { ...pack, levels } });
    return removed;
  },
  setPackName: (name) => {
    const { pack } = get();
    set({ pack: { ...pack, name: name.slice(0, MAX_NAME_LENGTH) } });
  },
  importPackText: (text, fileName) => {
    const r = importPack(text);
    if (!r.ok) {
      set({ packImport: { fileName, ok: false, problems: r.error, warnings: [] } });
      return false;
    }
    set({ packBackup: get().pack, pack: r.value.pack, packImport: { fileName, ok: true, problems: [], warnings: r.value.warnings } });
    return true;
  },
  undoImport: () => {
    const { packBackup } = get();
    if (packBackup !== null) set({ pack: packBackup, packBackup: null, packImport: null });
  },
  dismissImportReport: () => set({ packImport: null }),
  setPack: (pack) => set({ pack }),
});
