/**
 * Suggestions while drawing (the dock's Suggestions tab): the cells the
 * designer pinned, the options, and the latest answer of the suggestions
 * worker for the level as it is now. Applying a suggestion is one undo step
 * of the editor's level. Pins belong to the level's size: a resize drops
 * them (their cells would mean other places). Generators keep them too
 * ({@link generatorPins}), and they are saved with the workspace.
 */
import type { SuggestResult } from '../../core/generators/suggest';
import { parseRows } from '../../core/level/format';
import type { Level } from '../../core/level/level';
import { pinsFromLevel, pinsToRows } from '../../core/generators/pins';
import { contentOf } from './levelEdits';
import type { SliceCreator } from './types';

export type SuggestStatus = 'idle' | 'running' | 'done' | 'failed';

export interface SuggestionsSlice {
  /** Pinned cells (row-major) of a level of size {@link SuggestionsSlice.suggestPinsSize}. */
  suggestPins: readonly number[];
  /** `WxH` the pins were set on. */
  suggestPinsSize: string;
  /** Generators (Generate, Generate at difficulty, SD-PCGRL) keep the pinned cells when their size is the pins' size. */
  keepPins: boolean;
  /** Only variants with exactly one solution. */
  suggestUniqueOnly: boolean;
  /** Seed of the next request; "Other suggestions" moves it on. */
  suggestSeed: number;
  suggestStatus: SuggestStatus;
  /** The answer, and the request key (level, pins, options, model) it answers. */
  suggestResult: SuggestResult | null;
  suggestFor: string | null;
  suggestError: string | null;

  toggleSuggestPin(cell: number, size: string): void;
  clearSuggestPins(): void;
  setKeepPins(on: boolean): void;
  setSuggestUniqueOnly(on: boolean): void;
  nextSuggestSeed(): void;
  suggestionsStarted(key: string): void;
  suggestionsFinished(key: string, result: SuggestResult): void;
  suggestionsFailed(key: string, message: string): void;
  /** Replaces the editor's level with suggestion `index` of the current answer: one undo step. */
  applySuggestion(index: number): boolean;
}

export const createSuggestionsSlice: SliceCreator<SuggestionsSlice> = () => (set, get) => ({
  suggestPins: [],
  suggestPinsSize: '',
  keepPins: true,
  suggestUniqueOnly: false,
  suggestSeed: 1,
  suggestStatus: 'idle',
  suggestResult: null,
  suggestFor: null,
  suggestError: null,

  toggleSuggestPin: (cell, size) => {
    const s = get();
    const pins = s.suggestPinsSize === size ? s.suggestPins : [];
    set({ suggestPins: pins.includes(cell) ? pins.filter((c) => c !== cell) : [...pins, cell].sort((a, b) => a - b), suggestPinsSize: size });
  },
  clearSuggestPins: () => set({ suggestPins: [], suggestPinsSize: '' }),
  setKeepPins: (on) => set({ keepPins: on }),
  setSuggestUniqueOnly: (on) => set({ suggestUniqueOnly: on }),
  nextSuggestSeed: () => set({ suggestSeed: (get().suggestSeed % 0xfffffffe) + 1 }),
  suggestionsStarted: (key) => set({ suggestStatus: 'running', suggestFor: key, suggestError: null }),
  suggestionsFinished: (key, result) => {
    if (get().suggestFor === key) set({ suggestStatus: 'done', suggestResult: result });
  },
  suggestionsFailed: (key, message) => {
    if (get().suggestFor === key) set({ suggestStatus: 'failed', suggestError: message });
  },
  applySuggestion: (index) => {
    const s = get().suggestResult?.suggestions[index];
    if (s === undefined || get().suggestStatus !== 'done') return false;
    const parsed = parseRows(s.rows);
    if (!parsed.ok) return false;
    return get().applyLevelEdit(`Suggestion: ${s.label}`, () => contentOf(parsed.value));
  },
});

const NO_PINS: readonly number[] = [];

/** The pins that apply to a level of `width` x `height` (none when they were set on another size). Stable identity, for selectors. */
export function pinsFor(s: Pick<SuggestionsSlice, 'suggestPins' | 'suggestPinsSize'>, width: number, height: number): readonly number[] {
  return s.suggestPinsSize === `${width}x${height}` ? s.suggestPins : NO_PINS;
}

/**
 * The pins a generator request of `width` x `height` keeps, in the text form
 * of `core/generators/pins.ts` (`?` free, `#`, `.`, `C`), or undefined: when
 * keeping is off, nothing is pinned, or the request's size is not the size
 * of the level the cells were pinned on. The values are the open level's.
 */
export function generatorPins(s: Pick<SuggestionsSlice, 'suggestPins' | 'suggestPinsSize' | 'keepPins'> & { readonly level: Level }, width: number, height: number): string[] | undefined {
  if (!s.keepPins || s.level.width !== width || s.level.height !== height) return undefined;
  const pins = pinsFor(s, width, height);
  return pins.length === 0 ? undefined : pinsToRows(pinsFromLevel(s.level, pins));
}
