/**
 * Every file a pack can be exported as, in one table the studio's export menu
 * and the CLI's `export --format` both read, so the two write the same bytes.
 * (The standalone HTML player is built outside the core: it bundles the
 * studio's player page.)
 */
import { exportPack } from '../pack/pack';
import type { LevelPack } from '../pack/schema';
import { ok, type Result } from '../util/result';
import { ARDUBOY_SIDE, arduboyHeader, MAX_ARDUBOY_LEVELS } from './arduboy';
import { featuresCsv } from './csv';
import { gameLevelsJson } from './gameJson';
import { packText } from './text';

/** Names of the text formats, as `--format` spells them. */
export const TEXT_EXPORT_FORMATS = ['pack', 'json', 'text', 'arduboy', 'csv'] as const;
/** One of {@link TEXT_EXPORT_FORMATS}. */
export type TextExportFormat = (typeof TEXT_EXPORT_FORMATS)[number];

/** What one format writes and how a file of it is named. */
export interface ExportFormatInfo {
  /** A short label for menus. */
  readonly label: string;
  /** One sentence on what the file holds and who it is for. */
  readonly description: string;
  /** File name ending, with the dot, e.g. `.h`. */
  readonly extension: string;
  readonly mimeType: string;
}

/** The formats of {@link TEXT_EXPORT_FORMATS}, described. */
export const EXPORT_FORMAT_INFO: Readonly<Record<TextExportFormat, ExportFormatInfo>> = {
  pack: { label: 'Pack JSON', description: 'The whole pack, to open again in Longcat Studio', extension: '.longcat-pack.json', mimeType: 'application/json' },
  json: { label: 'Levels JSON', description: 'One object per level (size, rows, start cell, difficulty) for game code', extension: '.levels.json', mimeType: 'application/json' },
  text: { label: 'Text', description: 'The levels in the text format, one under its name', extension: '.txt', mimeType: 'text/plain' },
  arduboy: { label: 'Arduboy header', description: 'A C header of 8x8 Longcat levels as row bitmasks, the Arduboy port’s layout (Longcat packs only)', extension: '.h', mimeType: 'text/x-c' },
  csv: { label: 'CSV', description: 'Features and difficulty per level, for spreadsheets', extension: '.csv', mimeType: 'text/csv' },
};

/** True when `name` is one of {@link TEXT_EXPORT_FORMATS}. */
export function isTextExportFormat(name: string): name is TextExportFormat {
  return (TEXT_EXPORT_FORMATS as readonly string[]).includes(name);
}

/**
 * The pack as a file of `format`, or the sentence saying why it cannot be
 * written (only the Arduboy header refuses: levels that are not 8x8, an empty
 * or too large pack). Difficulties and features are what the pack holds.
 * `hints` adds each level's hints to the levels JSON (`hints.ts`).
 */
export function exportPackAs(pack: LevelPack, format: TextExportFormat, options: { readonly hints?: boolean } = {}): Result<string, string> {
  switch (format) {
    case 'pack':
      return ok(exportPack(pack));
    case 'json':
      return ok(gameLevelsJson(pack, options));
    case 'text':
      return ok(packText(pack));
    case 'arduboy':
      return arduboyHeader(pack);
    case 'csv':
      return ok(featuresCsv(pack));
  }
}

/** The part of a pack a format can hold, and what was left out and why. */
export interface ExportFit {
  /** The pack with only the levels the format holds, in pack order. */
  readonly pack: LevelPack;
  /** How many levels were left out. */
  readonly leftOut: number;
  /** Why, in a few words per reason ("3 not 8x8"), or '' when nothing was left out. */
  readonly reason: string;
}

/**
 * "Only the levels it can hold": the levels of `pack` that `format` can
 * write. Every format but the Arduboy header holds any level; the header
 * holds 8x8 levels only, at most {@link MAX_ARDUBOY_LEVELS} (the first ones
 * in pack order). O(levels).
 */
export function fitForFormat(pack: LevelPack, format: TextExportFormat): ExportFit {
  if (format !== 'arduboy') return { pack, leftOut: 0, reason: '' };
  const eightByEight = pack.levels.filter((l) => l.rows.length === ARDUBOY_SIDE && l.rows.every((r) => r.length === ARDUBOY_SIDE));
  const kept = eightByEight.slice(0, MAX_ARDUBOY_LEVELS);
  const otherSize = pack.levels.length - eightByEight.length;
  const pastLimit = eightByEight.length - kept.length;
  const reasons = [
    ...(otherSize > 0 ? [`${otherSize} not 8x8`] : []),
    ...(pastLimit > 0 ? [`${pastLimit} past the ${MAX_ARDUBOY_LEVELS} levels a header holds`] : []),
  ];
  return { pack: { ...pack, levels: kept }, leftOut: otherSize + pastLimit, reason: reasons.join(', ') };
}
