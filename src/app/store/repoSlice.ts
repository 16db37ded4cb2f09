/**
 * The studio's views of packs in a game's repository (SPEC §15,
 * docs/repository.md): the diff between the open pack and a file (or two
 * files), and a pack the merge driver left with conflicts, opened to pick a
 * side per conflict. The work is core's (`core/repo/`); this slice keeps
 * what the dialogs show.
 */
import { defaultModelFor } from '../../core/difficulty/defaultModel';
import { importPack } from '../../core/pack/pack';
import type { LevelPack } from '../../core/pack/schema';
import { rulesetByName } from '../../core/rules/registry';
import { readConflicts, resolveConflicts, type ConflictedPack, type ConflictSide } from '../../core/repo/conflicts';
import { diffPacks, formatPackDiff, type PackDiff } from '../../core/repo/diff';
import { EffectOracle } from '../../core/repo/effect';
import { rowsKey } from './packEdits';
import { packRules } from './rules';
import type { SliceCreator, StudioState } from './types';

/** A diff on show: what was compared with what, the lines and the diff itself. */
export interface PackCompareView {
  readonly before: string;
  readonly after: string;
  readonly lines: readonly string[];
  readonly diff: PackDiff;
}

/** A conflicted pack on show, and the side picked per region. */
export interface PackConflictsView {
  readonly fileName: string;
  readonly conflicted: ConflictedPack;
  readonly choice: readonly ConflictSide[];
  /** Why the picked sides do not make a pack, when they do not. */
  readonly problem: string | null;
}

/** A conflict version's solution graph, laid out (the canvas renderer's arrays), or why there is none. */
export type ConflictGraph =
  | {
      readonly kind: 'graph';
      readonly nodes: number;
      readonly scene: { readonly x: Float32Array; readonly y: Float32Array; readonly cls: Uint8Array; readonly edgeFrom: Int32Array; readonly edgeTo: Int32Array; readonly edgeMove: Uint8Array; readonly edgeSolution: Uint8Array };
    }
  | { readonly kind: 'none'; readonly reason: 'state-cap' | 'invalid' | 'failed'; readonly message: string };

/** The ruleset a conflicted file's levels are read under: the file's own (from our side), else the open pack's. */
export function conflictRules(conflicted: ConflictedPack, pack: LevelPack): LevelPack['rules'] {
  const ours = resolveConflicts(conflicted, conflicted.regions.map(() => 'ours'));
  return ours.ok ? packRules(ours.value.pack) : packRules(pack);
}

export interface RepoSlice {
  packCompare: PackCompareView | null;
  packConflicts: PackConflictsView | null;
  /** Solution graphs of the open conflicts' versions, by grid (`rowsKey`); a grid not here is still being analysed. */
  conflictGraphs: ReadonlyMap<string, ConflictGraph>;
  /** A version's graph arrived (dropped when another conflicted file is open by then). */
  conflictGraphAnswered(conflicted: ConflictedPack, rows: readonly string[], graph: ConflictGraph): void;
  /** Diffs `after` against `before` (null: the open pack); false with a message when a file does not read. */
  comparePacks(after: { text: string; name: string }, before: { text: string; name: string } | null): boolean;
  closeCompare(): void;
  /** Opens a conflicted pack file; false when the text has no readable conflicts. */
  openConflicts(text: string, fileName: string): boolean;
  pickConflictSide(region: number, side: ConflictSide): void;
  /** Reads the picked sides as a pack and hands it to the import (append or replace); the dialog closes when it reads. */
  applyConflicts(): void;
  closeConflicts(): void;
}

/** The oracle for a pack: the studio's model for the open pack's ruleset, else that ruleset's shipped model. */
export function oracleFor(s: Pick<StudioState, 'model' | 'pack'>, rules: LevelPack['rules']): EffectOracle {
  return new EffectOracle(rulesetByName(rules), packRules(s.pack) === rules ? s.model : defaultModelFor(rules), 200_000);
}

export const createRepoSlice: SliceCreator<RepoSlice> = () => (set, get) => ({
  packCompare: null,
  packConflicts: null,
  conflictGraphs: new Map(),
  conflictGraphAnswered: (conflicted, rows, graph) => {
    if (get().packConflicts?.conflicted !== conflicted) return;
    set({ conflictGraphs: new Map(get().conflictGraphs).set(rowsKey(rows), graph) });
  },
  comparePacks: (after, before) => {
    const read = (f: { text: string; name: string }): LevelPack | null => {
      const r = importPack(f.text);
      if (r.ok) return r.value.pack;
      get().notify('error', `${f.name} is not a readable pack: ${r.error.slice(0, 3).map((p) => `${p.path}: ${p.message}`).join('; ')}`);
      return null;
    };
    const b = before === null ? get().pack : read(before);
    const a = read(after);
    if (a === null || b === null) return false;
    const ob = oracleFor(get(), packRules(b));
    const oa = packRules(a) === packRules(b) ? ob : oracleFor(get(), packRules(a));
    const diff = diffPacks(b, a, { before: ob, after: oa });
    set({ packCompare: { before: before === null ? 'the open pack' : before.name, after: after.name, lines: formatPackDiff(diff), diff } });
    return true;
  },
  closeCompare: () => set({ packCompare: null }),
  openConflicts: (text, fileName) => {
    const c = readConflicts(text);
    if (!c.ok) return false;
    set({ packConflicts: { fileName, conflicted: c.value, choice: c.value.regions.map(() => 'ours' as const), problem: null }, conflictGraphs: new Map() });
    return true;
  },
  pickConflictSide: (region, side) => {
    const v = get().packConflicts;
    if (v === null) return;
    set({ packConflicts: { ...v, choice: v.choice.map((c, i) => (i === region ? side : c)), problem: null } });
  },
  applyConflicts: () => {
    const v = get().packConflicts;
    if (v === null) return;
    const r = resolveConflicts(v.conflicted, v.choice);
    if (!r.ok) {
      set({ packConflicts: { ...v, problem: r.error.slice(0, 3).map((p) => `${p.path}: ${p.message}`).join('; ') } });
      return;
    }
    set({ packConflicts: null, conflictGraphs: new Map() });
    get().acceptCheckedPack(v.fileName, { ok: true, value: { pack: r.value.pack, warnings: [] } });
  },
  closeConflicts: () => set({ packConflicts: null, conflictGraphs: new Map() }),
});
