/**
 * A C header in the level layout of the Arduboy port of Longcat: Longcat
 * packs only (the port plays Longcat's rules), every level 8x8 and ten
 * bytes long. Bytes 0..7 are the rows, top row first; in each
 * row byte the most significant bit is the leftmost cell and a set bit is a
 * wall. Bytes 8 and 9 are the head's column (x) and row (y), 0-based from
 * the top left; the head's cell is open (bit clear). The port keeps its
 * table in flash (`PROGMEM`) and reads it with `pgm_read_byte`.
 *
 * The header is plain C/C++ (C++14 or GCC for the `0b` literals, as the port
 * writes them), guarded so it also compiles off the Arduboy, where
 * `PROGMEM` means nothing.
 */
import { CELL_WALL, type Level } from '../level/level';
import type { LevelPack } from '../pack/schema';
import { err, ok, type Result } from '../util/result';
import { exportEntries, headPosition } from './packLevels';
import { rulesetByName } from '../rules/registry';

/** The only size the port's table holds. */
export const ARDUBOY_SIDE = 8;
/** Bytes per level in the table: eight rows and the head's x and y. */
export const ARDUBOY_LEVEL_BYTES = 10;
/** The most levels one table may hold: the port counts levels in a `uint8_t`. */
export const MAX_ARDUBOY_LEVELS = 255;

/** Names in the header; the defaults match the port's own table. */
export interface ArduboyHeaderOptions {
  /** Name of the level table (default `levels`). Must be a C identifier. */
  readonly arrayName?: string;
  /** Name of the level-count constant (default `levelCount`). Must be a C identifier. */
  readonly countName?: string;
}

const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * The ten bytes of one 8x8 level (see the module comment). Throws on another
 * size: callers check first (as {@link arduboyHeader} does).
 */
export function arduboyLevelBytes(grid: Level): Uint8Array {
  if (grid.width !== ARDUBOY_SIDE || grid.height !== ARDUBOY_SIDE) throw new Error(`arduboyLevelBytes needs an 8x8 level, got ${grid.width}x${grid.height}`);
  const bytes = new Uint8Array(ARDUBOY_LEVEL_BYTES);
  for (let y = 0; y < ARDUBOY_SIDE; y++) {
    let row = 0;
    for (let x = 0; x < ARDUBOY_SIDE; x++) if (grid.cells[y * ARDUBOY_SIDE + x] === CELL_WALL) row |= 0x80 >> x;
    bytes[y] = row;
  }
  const { x, y } = headPosition(grid);
  bytes[8] = x;
  bytes[9] = y;
  return bytes;
}

/**
 * Text safe inside a C block comment on one line: control characters
 * become spaces, and a star followed by a slash gets a space between them
 * so that it cannot close the comment early.
 */
function commentText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\*\//g, '* /').trim();
}

const binary = (byte: number): string => `0b${byte.toString(2).padStart(8, '0')}`;

/**
 * The pack as a C header for the Arduboy port, or a sentence saying why not:
 * every level must be 8x8 (the sentence names the first few that are not),
 * the pack must hold 1 to {@link MAX_ARDUBOY_LEVELS} levels, and the names
 * must be C identifiers. Level numbers and names are written as comments
 * above each level. O(levels).
 */
export function arduboyHeader(pack: LevelPack, options: ArduboyHeaderOptions = {}): Result<string, string> {
  const arrayName = options.arrayName ?? 'levels';
  const countName = options.countName ?? 'levelCount';
  for (const name of [arrayName, countName]) {
    if (!C_IDENTIFIER.test(name)) return err(`"${name}" is not a C identifier (letters, digits and _, not starting with a digit)`);
  }
  if (arrayName === countName) return err('the table and the count need different names');
  if (!rulesetByName(pack.rules).assets.exports.includes('arduboy')) return err(`the Arduboy header is for Longcat only (the port plays Longcat's rules), and this is a ${pack.rules} pack; export json, text, csv, pack or html instead`);
  const entries = exportEntries(pack);
  if (entries.length === 0) return err('the pack has no levels; an Arduboy header needs at least one');
  if (entries.length > MAX_ARDUBOY_LEVELS) {
    return err(`the pack has ${entries.length} levels; the Arduboy port counts levels in one byte, so a header holds at most ${MAX_ARDUBOY_LEVELS}`);
  }
  const wrongSize = entries.filter((e) => e.grid.width !== ARDUBOY_SIDE || e.grid.height !== ARDUBOY_SIDE);
  if (wrongSize.length > 0) {
    const shown = wrongSize.slice(0, 5).map((e) => `${e.index} “${e.level.name}” (${e.grid.width}x${e.grid.height})`);
    const more = wrongSize.length > shown.length ? ` and ${wrongSize.length - shown.length} more` : '';
    return err(
      `the Arduboy header holds 8x8 levels only; ${wrongSize.length} of ${entries.length} level${entries.length === 1 ? ' is' : 's are'} another size: ${shown.join(', ')}${more}`,
    );
  }
  const out: string[] = [
    `/* Longcat levels: "${commentText(pack.name)}", ${entries.length} level${entries.length === 1 ? '' : 's'}, written by Longcat Studio.`,
    ' *',
    ` * Each level is ${ARDUBOY_LEVEL_BYTES} bytes, as in the Arduboy port of Longcat: eight rows,`,
    ' * top row first, one byte each (most significant bit = leftmost cell,',
    ' * 1 = wall, 0 = open), then the head\'s column x and row y (0..7 from the',
    ' * top left). The head\'s cell is open. */',
    '#pragma once',
    '',
    '#include <stdint.h>',
    '#ifdef __AVR__',
    '#include <avr/pgmspace.h>',
    '#endif',
    '#ifndef PROGMEM',
    '#define PROGMEM',
    '#endif',
    '',
    `const uint8_t ${countName} = ${entries.length};`,
    '',
    `const uint8_t PROGMEM ${arrayName}[][${ARDUBOY_LEVEL_BYTES}] = {`,
  ];
  for (const { index, level, grid } of entries) {
    const bytes = arduboyLevelBytes(grid);
    out.push(`  { /* ${index}: ${commentText(level.name)} */`);
    for (let y = 0; y < ARDUBOY_SIDE; y++) out.push(`    ${binary(bytes[y]!)},`);
    out.push(`    ${bytes[8]}, ${bytes[9]} },`);
  }
  out.push('};', '');
  return ok(out.join('\n'));
}
