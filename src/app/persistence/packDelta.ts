/**
 * The pack's safety copy when the whole pack does not fit the journal (a
 * pack of several thousand levels is past `JOURNAL_MAX_CHARS`, or
 * localStorage is nearly full): the change since the pack IndexedDB holds,
 * not the pack. It names that saved pack by its stamp and holds the pack's
 * head (name, ruleset, fields, ...), the order of every level by id, and
 * the levels that are not in the saved pack as they are now (new, edited,
 * renamed: a pack level is never changed in place, so "not the same
 * object" is "changed"). A sort or a rename in a pack of 5,000 is a list of
 * ids and one level; an import of 5,000 new levels is still too large, and
 * is left to IndexedDB and the unload prompt as before.
 *
 * Read back only onto the saved pack it was made against (same stamp); the
 * pack it makes then goes through the pack's own checks like any saved
 * pack (`load.ts`).
 */
import type { LevelPack } from '../../core/pack/schema';
import { savedPackJournalText } from './restore';

export const PACK_DELTA = 'longcat-pack-delta';
export const PACK_DELTA_VERSION = 1;

/**
 * The delta's journal text (JSON, as `encodeJournalValue` would write it):
 * `{"delta":"longcat-pack-delta","version":1,"base":<stamp>,"order":[ids],"pack":<head and changed levels>}`.
 * O(levels) to list the ids, plus encoding the changed levels (remembered per level).
 */
export function packDeltaText(pack: LevelPack, base: LevelPack, baseStamp: number): string {
  const saved = new Set(base.levels);
  const changed = pack.levels.filter((l) => !saved.has(l));
  return `{"delta":"${PACK_DELTA}","version":${PACK_DELTA_VERSION},"base":${baseStamp},"order":${JSON.stringify(pack.levels.map((l) => l.id))},"pack":${savedPackJournalText({ ...pack, levels: changed })}}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when a journal value is a pack delta (any version: a newer one is refused by {@link applyPackDelta}). */
export function isPackDelta(value: unknown): boolean {
  return isObject(value) && value['delta'] === PACK_DELTA;
}

/**
 * The saved pack's JSON with the delta applied (then checked by the caller like
 * any saved pack), or a sentence saying why it cannot be: another version, a
 * different saved pack (stamp), an id neither in the delta nor in the saved pack.
 */
export function applyPackDelta(delta: unknown, saved: unknown, savedStamp: number | null): { ok: true; pack: unknown } | { ok: false; why: string } {
  if (!isObject(delta) || delta['version'] !== PACK_DELTA_VERSION) return { ok: false, why: 'was made by another version of Longcat Studio' };
  const { base, order, pack } = delta;
  if (typeof base !== 'number' || !Array.isArray(order) || !order.every((id) => typeof id === 'string') || !isObject(pack) || !Array.isArray(pack['levels'])) {
    return { ok: false, why: 'is not in a shape this version reads' };
  }
  if (savedStamp === null || base !== savedStamp) return { ok: false, why: 'holds changes to a saved pack that is no longer there' };
  if (!isObject(saved) || !Array.isArray(saved['levels'])) return { ok: false, why: 'holds changes to a saved pack that cannot be read' };
  const byId = new Map<string, unknown>();
  for (const l of saved['levels'] as unknown[]) if (isObject(l) && typeof l['id'] === 'string') byId.set(l['id'], l);
  for (const l of pack['levels'] as unknown[]) if (isObject(l) && typeof l['id'] === 'string') byId.set(l['id'], l);
  const levels: unknown[] = [];
  for (const id of order as string[]) {
    const l = byId.get(id);
    if (l === undefined) return { ok: false, why: `names a level (${JSON.stringify(id).slice(0, 60)}) that neither it nor the saved pack holds` };
    levels.push(l);
  }
  return { ok: true, pack: { ...pack, levels } };
}
