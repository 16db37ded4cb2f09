/**
 * Share links: a single level in the URL hash, readable and URL-safe:
 * `#level=xxxxxxx_c--x---_...&name=My%20level` where `-` is empty, `x` wall,
 * `c` the head, `g` a goal (ice) and `_` ends a row. A level of another
 * ruleset than the default adds `&rules=paint` or `&rules=ice`; a link without
 * it is the default ruleset's, as every link made before rulesets was.
 * Decoding is a boundary: anything a user pastes is validated through
 * `parseRows` and the ruleset's own `levelProblem`, and reported, never thrown.
 */
import { describeParseError, normaliseName, parseRows } from '../../core/level/format';
import { toRows, type Level } from '../../core/level/level';
import { DEFAULT_RULESET, isRulesetName, rulesetByName } from '../../core/rules/registry';
import { RULESET_NAMES, type RulesetName } from '../../core/rules/ruleset';
import { err, ok, type Result } from '../../core/util/result';

const TO_LINK: Record<string, string> = { '.': '-', '#': 'x', C: 'c', G: 'g' };
const FROM_LINK: Record<string, string> = { '-': '.', x: '#', c: 'C', g: 'G' };

/** The hash (with its `#`) that opens `level` named `name`, played by `rules` (default: the default ruleset, which the link leaves unsaid). */
export function encodeShareHash(level: Level, name: string, rules: RulesetName = DEFAULT_RULESET.name): string {
  const code = toRows(level)
    .map((row) => [...row].map((ch) => TO_LINK[ch]!).join(''))
    .join('_');
  const clean = normaliseName(name);
  return `#level=${code}${rules !== DEFAULT_RULESET.name ? `&rules=${rules}` : ''}${clean !== '' ? `&name=${encodeURIComponent(clean)}` : ''}`;
}

/** The full share URL for the page at `location` (origin + path). */
export function shareUrl(base: string, level: Level, name: string, rules?: RulesetName): string {
  return `${base.replace(/#.*$/, '')}${encodeShareHash(level, name, rules)}`;
}

/** True when the hash carries a level (whether or not it is valid). */
export function hasShareLevel(hash: string): boolean {
  return /^#?level=/.test(hash) || /[#&]level=/.test(hash);
}

/** The level, its name and its ruleset in a share hash, or a sentence saying what is wrong. */
export function decodeShareHash(hash: string): Result<{ level: Level; name: string; rules: RulesetName }, string> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('level');
  if (code === null || code === '') return err('the link has no level in it');
  const rulesParam = params.get('rules');
  if (rulesParam !== null && !isRulesetName(rulesParam)) {
    return err(`the link's rules ${JSON.stringify(rulesParam.slice(0, 40))} are not a game the studio knows (${RULESET_NAMES.join(', ')})`);
  }
  const rules: RulesetName = rulesParam ?? DEFAULT_RULESET.name;
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
  const problem = rulesetByName(rules).levelProblem(parsed.value);
  if (problem !== null) return err(`the link's level is not valid: ${problem}`);
  const name = normaliseName(params.get('name') ?? '').slice(0, 200);
  return ok({ level: parsed.value, name, rules });
}
