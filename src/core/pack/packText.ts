/**
 * The canonical text layout of a pack file (SPEC §15), what `exportPack`
 * writes: the studio and the CLI both write through it, so the same pack is
 * the same bytes whoever wrote it, and git's line diffs stay small.
 *
 * - The pack's own fields one per line (`  "name": "My pack",`), each value
 *   compact JSON, in the format's order.
 * - Each level a block of lines: `    {`, one line per field in the format's
 *   order, `    }` (with `,` when another level follows). Every field is one
 *   line of compact JSON except `rows`, which writes one grid row per line:
 *   an edited cell changes one row line (and the annotation lines it
 *   changes), and two edits to different rows of one level stay apart.
 * - `features` in the order of the analysis (`FEATURE_NAMES`), then any other
 *   names in code-unit order, so the order never depends on who computed them.
 * - Two-space indents, `\n` line ends, one trailing newline, no other spaces.
 *
 * Inside a level block every line but the first and last starts with six
 * spaces, and no line of JSON text holds a raw newline, so a reader can find
 * level blocks by their `    {` / `    }` lines (the merge driver's
 * conflict regions hold whole blocks). O(size).
 */

/** Indent of a level block's braces. */
export const LEVEL_INDENT = '    ';
/** Indent of a level's fields. */
const FIELD_INDENT = '      ';

/** A `"key": value` line without indent or comma. */
const field = (key: string, value: unknown): string => `${JSON.stringify(key)}: ${JSON.stringify(value)}`;

/**
 * One level's block without its trailing comma: `    {` ... `    }`.
 * `level` is an object whose keys are already in the format's order
 * (`orderedPackLevel`).
 */
export function levelBlock(level: Readonly<Record<string, unknown>>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(level)) {
    if (value === undefined) continue;
    if (key === 'rows' && Array.isArray(value) && value.length > 0) {
      const rows = value.map((r) => `${FIELD_INDENT}  ${JSON.stringify(r)}`).join(',\n');
      lines.push(`${FIELD_INDENT}"rows": [\n${rows}\n${FIELD_INDENT}]`);
    } else lines.push(FIELD_INDENT + field(key, value));
  }
  return `${LEVEL_INDENT}{\n${lines.join(',\n')}\n${LEVEL_INDENT}}`;
}

/** The head lines (`  "key": value`) of the pack's own fields, without commas. */
export function headLines(head: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(head)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `  ${field(k, v)}`);
}

/**
 * The whole file from its head (fields before `levels`, in order) and its
 * level blocks (from {@link levelBlock}). Pieces are joined as they are:
 * the merge driver passes blocks that carry conflict markers.
 */
export function packText(head: readonly string[], blocks: readonly string[]): string {
  const levels = blocks.length === 0 ? '  "levels": []' : `  "levels": [\n${blocks.join(',\n')}\n  ]`;
  return `{\n${[...head, levels].join(',\n')}\n}\n`;
}
