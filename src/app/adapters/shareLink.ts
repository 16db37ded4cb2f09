/**
 * Share links: a single level in the URL hash, readable and URL-safe:
 * `#level=xxxxxxx_c--x---_...&name=My%20level` where `-` is empty, `x` wall,
 * `c` the head, `g` a goal (ice) and `_` ends a row. Decoding is a boundary: anything a user
 * pastes is validated through `parseRows` and reported, never thrown.
 */
import { describeParseError, normaliseName, parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { err, ok, type Result } from '../../core/util/result';

const TO_LINK: Record<string, string> = { '.': '-', '#': 'x', C: 'c', G: 'g' };
const FROM_LINK: Record<string, string> = { '-': '.', x: '#', c: 'C', g: 'G' };

/** The hash (with its `#`) that opens `level` named `name`. */
export function encodeShareHash(level: Level, name: string): string {
  const code = toRows(level)
    .map((row) => [...row].map((ch) => TO_LINK[ch]!).join(''))
    .join('_');
  const clean = normaliseName(name);
  return `#level=${code}${clean !== '' ? `&name=${encodeURIComponent(clean)}` : ''}`;
}

/** The full share URL for the page at `location` (origin + path). */
export function shareUrl(base: string, level: Level, name: string): string {
  return `${base.replace(/#.*$/, '')}${encodeShareHash(level, name)}`;
}

/** True when the hash carries a level (whether or not it is valid). */
export function hasShareLevel(hash: string): boolean {
  return /^#?level=/.test(hash) || /[#&]level=/.test(hash);
}

/** The level and name in a share hash, or a sentence saying what is wrong. */
export function decodeShareHash(hash: string): Result<{ level: Level; name: string }, string> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('level');
  if (code === null || code === '') return err('the link has no level in it');
  if (code.length > 16 * 17) return err('the level in the link is too long for a 16x16 level');
  const rows: string[] = [];
  for (const [y, part] of code.split('_').entries()) {
    let row = '';
    for (const [x, ch] of [...part].entries()) {
      const cell = FROM_LINK[ch];
      if (cell === undefined) return err(`the link's level has an unknown character ${JSON.stringify(ch)} in row ${y + 1}, column ${x + 1}`);
      row += cell;
    }
    rows.push(row);
  }
  const parsed = parseRows(rows);
  if (!parsed.ok) return err(`the link's level is not valid: ${describeParseError(parsed.error).replace(/^line (\d+)/, 'row $1')}`);
  const name = normaliseName(params.get('name') ?? '').slice(0, 200);
  return ok({ level: parsed.value, name });
}
