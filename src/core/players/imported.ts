/**
 * What every attempts source becomes (SPEC §13): attempts keyed by the
 * source's own level key, with the line they came from; the problems of a
 * bad file (each with its line); and notes that are not errors (events that
 * could not be paired, rows of other event kinds skipped).
 */
import type { AttemptOutcome } from './rate';

/** The sources `longcat rate --format` and the studio's import read. */
export const ATTEMPT_FORMATS = ['csv', 'results', 'gameanalytics', 'unity', 'playfab'] as const;
export type AttemptFormat = (typeof ATTEMPT_FORMATS)[number];

/** Words for each source, for messages. */
export const FORMAT_LABELS: Readonly<Record<AttemptFormat, string>> = {
  csv: 'attempts CSV',
  results: 'Longcat results file',
  gameanalytics: 'GameAnalytics export (progression events)',
  unity: 'Unity Analytics export',
  playfab: 'PlayFab event export',
};

/** One attempt as a source gave it, before its level is matched to the pack. */
export interface ImportedAttempt {
  /** 1-based line of the row (CSV, NDJSON: the closing event's line); 0 for a results file (JSON has paths, not rows). */
  readonly line: number;
  /** The source's level key (a pack id, a name, a position, or an analytics level name). */
  readonly level: string;
  /** A results file's grid rows: matched to a pack level by grid first. */
  readonly rows?: readonly string[];
  readonly player: string;
  readonly outcome: AttemptOutcome;
  readonly seconds: number;
  /** Moves with `-` undo and `|` restart, where the source has them. */
  readonly trace: string | null;
  readonly replay: boolean;
  /**
   * When the attempt started, epoch ms, where the source says (a results
   * file's startedAt, an export's start event, the CSV's startedAt column).
   * Orders a player's levels (practice) and tells an attempt seen twice.
   */
  readonly startedAt?: number;
}

/** A bad row: its line (0 when the source has none) and what is wrong. */
export interface ImportProblem {
  readonly line: number;
  readonly message: string;
}

/** A file read: its attempts, or nothing at all when any row was bad. */
export interface ImportedFile {
  readonly format: AttemptFormat;
  readonly attempts: readonly ImportedAttempt[];
  /** Rows read (data rows or events). */
  readonly rows: number;
  /** Things worth knowing that did not stop the import (events skipped, starts never closed). */
  readonly notes: readonly string[];
  /** Which clock timed the attempts (absent: the source gave the seconds itself). */
  readonly clock?: AttemptClock;
}

/** Which clock timed a source's attempts (said in `rate`'s output and the Players view). */
export type AttemptClock = 'play time' | 'client clock' | 'server receipt' | 'given';

/** A time as epoch ms: numbers in `unit`, or ISO / "YYYY-MM-DD hh:mm:ss" text (UTC unless it says otherwise); null when unreadable. */
export function timeOf(v: unknown, unit: 'ms' | 's'): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return unit === 's' ? v * 1000 : v;
  if (typeof v === 'string' && v.trim() !== '') {
    const t = v.trim();
    if (/^\d+(\.\d+)?$/.test(t)) return unit === 's' ? Number(t) * 1000 : Number(t);
    // Seven-digit fractions (.NET's "o" format, PlayFab) are cut to milliseconds: Date.parse takes at most three.
    const trimmed = t.replace(/(\.\d{3})\d+/, '$1').replace(/ UTC$/, 'Z');
    const iso = /^\d{4}-\d\d-\d\d[ T]\d/.test(trimmed) ? `${trimmed.replace(' ', 'T')}${/([zZ]|[+-]\d\d:?\d\d)$/.test(trimmed) ? '' : 'Z'}` : trimmed;
    const ms = Date.parse(iso);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

/** Most problems kept per file; past it one more line gives the count of the rest. */
export const MAX_PROBLEMS_LISTED = 10_000;
/** Longest attempt taken, in seconds (a day, as the results file). */
export const MAX_IMPORT_SECONDS = 86_400;

/** Keeps at most {@link MAX_PROBLEMS_LISTED} problems and counts the rest. */
export class ProblemList {
  readonly list: ImportProblem[] = [];
  private extra = 0;
  add(line: number, message: string): void {
    if (this.list.length < MAX_PROBLEMS_LISTED) this.list.push({ line, message });
    else this.extra++;
  }
  get count(): number {
    return this.list.length + this.extra;
  }
  /** The problems in line order, with a last line counting those not listed. */
  done(): ImportProblem[] {
    const sorted = [...this.list].sort((a, b) => a.line - b.line);
    return this.extra === 0 ? sorted : [...sorted, { line: 0, message: `and ${this.extra.toLocaleString('en-US')} more bad rows not listed` }];
  }
}
