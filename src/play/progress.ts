/**
 * A player's progress in one pack, kept in the browser's localStorage under
 * the pack's identity (`longcat-play/<identity>`): the level they are on,
 * the levels solved, and every finished attempt. Every record is checked
 * with zod when read; an unreadable one is set aside under a `.bad` key
 * (never silently overwritten) and play starts afresh.
 */
import { z } from 'zod';
import { AttemptSchema, MAX_ATTEMPTS_PER_LEVEL, RESULTS_FORMAT, RESULTS_VERSION, type Attempt, type PlayResults } from '../core/play/results';
import type { LevelPack } from '../core/pack/schema';

const PREFIX = 'longcat-play/';
const PLAYER_KEY = `${PREFIX}player`;

export const ProgressSchema = z.object({
  version: z.literal(1),
  current: z.number().int().min(0),
  solved: z.array(z.string()),
  attempts: z.record(z.string(), z.array(AttemptSchema)),
});
export type Progress = z.infer<typeof ProgressSchema>;

export const emptyProgress = (): Progress => ({ version: 1, current: 0, solved: [], attempts: {} });

/** Storage that may be missing or refuse writes (private windows, file:// in some browsers). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The progress kept for `identity`, or a fresh one with a note saying why. */
export function loadProgress(identity: string): { progress: Progress; note: string | null } {
  const store = storage();
  if (store === null) return { progress: emptyProgress(), note: 'This browser keeps no progress here (storage is off): results stay until the page closes.' };
  const raw = store.getItem(PREFIX + identity);
  if (raw === null) return { progress: emptyProgress(), note: null };
  let parsed: z.ZodSafeParseResult<Progress>;
  try {
    parsed = ProgressSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = ProgressSchema.safeParse(undefined);
  }
  if (parsed.success) return { progress: parsed.data, note: null };
  try {
    store.setItem(`${PREFIX}${identity}.bad`, raw);
  } catch {
    /* full storage: the bad record is simply replaced later */
  }
  return { progress: emptyProgress(), note: 'The progress saved for this pack could not be read; it was set aside and play starts afresh.' };
}

/** Writes the progress; false when the browser refused (full or off). */
export function saveProgress(identity: string, progress: Progress): boolean {
  try {
    storage()?.setItem(PREFIX + identity, JSON.stringify(progress));
    return storage() !== null;
  } catch {
    return false;
  }
}

/** This browser's random player id (made once). */
export function playerId(): string {
  const store = storage();
  const known = store?.getItem(PLAYER_KEY);
  if (known !== null && known !== undefined && /^p-[0-9a-z]{6,40}$/.test(known)) return known;
  const id = `p-${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(36).padStart(2, '0')).join('')}`;
  try {
    store?.setItem(PLAYER_KEY, id);
  } catch {
    /* a new id next time: results files still dedupe by start time */
  }
  return id;
}

/** Adds a finished attempt to a level (keeping the newest {@link MAX_ATTEMPTS_PER_LEVEL}). */
export function withAttempt(progress: Progress, levelId: string, attempt: Attempt): Progress {
  const list = [...(progress.attempts[levelId] ?? []), attempt].slice(-MAX_ATTEMPTS_PER_LEVEL);
  const solved = attempt.outcome === 'solved' && !progress.solved.includes(levelId) ? [...progress.solved, levelId] : progress.solved;
  return { ...progress, solved, attempts: { ...progress.attempts, [levelId]: list } };
}

/** The results file of this progress: every level with at least one attempt, in pack order; `order`, the level ids as a shuffled pack showed them. */
export function resultsOf(pack: LevelPack, identity: string, progress: Progress, player: string, now: Date, order?: readonly string[]): PlayResults {
  return {
    format: RESULTS_FORMAT,
    version: RESULTS_VERSION,
    rules: pack.rules,
    pack: { name: pack.name, identity },
    player,
    exportedAt: now.toISOString(),
    ...(order === undefined ? {} : { order: [...order] }),
    levels: pack.levels.flatMap((l) => {
      const attempts = progress.attempts[l.id] ?? [];
      return attempts.length === 0 ? [] : [{ id: l.id, name: l.name, rows: [...l.rows], attempts }];
    }),
  };
}
