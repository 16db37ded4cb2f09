/**
 * Why a save failed, in plain words. Browsers name the cause in the
 * error's `name` and often leave `message` empty (Chromium's
 * QuotaExceededError has none), so the name decides.
 */

export type SaveFailure = 'full' | 'blocked' | 'other-tab' | 'unknown';

export interface SaveProblem {
  readonly kind: SaveFailure;
  /** A short phrase for the header: "storage is full". */
  readonly short: string;
  /** A sentence for the message: what happened and what to do. */
  readonly sentence: string;
}

/** Classifies an error thrown by IndexedDB, localStorage or the database wrapper. */
export function describeSaveError(e: unknown): SaveProblem {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  const message = e instanceof Error || e instanceof DOMException ? e.message : String(e);
  if (name === 'QuotaExceededError' || /quota|disk is full|no space/i.test(message)) {
    return {
      kind: 'full',
      short: 'storage is full',
      sentence: 'the browser’s storage for this site is full. Your changes are kept in this tab and saving is retried; free some space (other sites’ data, old backups) or export the pack to keep a copy.',
    };
  }
  if (name === 'SecurityError' || name === 'NotAllowedError' || name === 'UnknownError' || /denied|blocked|not allowed/i.test(message)) {
    return {
      kind: 'blocked',
      short: 'storage is blocked',
      sentence: 'the browser refused to store data for this site (private browsing or site settings). Your changes are kept in this tab and saving is retried; export the pack to keep a copy.',
    };
  }
  if (name === 'InvalidStateError' || /closed|another tab|newer version/i.test(message)) {
    return {
      kind: 'other-tab',
      short: 'another tab holds the database',
      sentence: 'the database was closed by another tab of the studio (a newer version, or a take-over). Your changes are kept in this tab; reload it to save here again.',
    };
  }
  const detail = message.trim() !== '' ? message.trim() : name !== '' ? name : 'an unknown error';
  return { kind: 'unknown', short: 'the write failed', sentence: `the browser could not write the saved work (${detail}). Your changes are kept in this tab and saving is retried.` };
}
