/**
 * Reading a pack the merge driver left with conflicts (`merge.ts`): the
 * regions between git's markers, each side's whole level blocks (or head
 * lines), and the file that keeping one side of each region gives. The
 * studio opens such a file this way and lets the designer pick per region.
 */
import { importPack, type PackProblem } from '../pack/pack';
import type { LevelPack, PackLevel } from '../pack/schema';
import { err, ok, type Result } from '../util/result';

/** Which version of a region to keep. */
export type ConflictSide = 'ours' | 'base' | 'theirs';

/** One marked region. */
export interface ConflictRegion {
  /** The reason the merge driver wrote on the `<<<<<<<` line. */
  readonly reason: string;
  /** Each side's lines (base: null when the region has no base section). */
  readonly lines: Readonly<Record<'ours' | 'theirs', readonly string[]> & { base: readonly string[] | null }>;
  /** Each side's levels, read from its blocks (empty for head lines or a side that removed the level). */
  readonly levels: Readonly<Record<ConflictSide, readonly PackLevel[]>>;
}

/** A conflicted file: its regions and the text between them. */
export interface ConflictedPack {
  readonly regions: readonly ConflictRegion[];
  /** The file as pieces: a string is common text, a number the index of a region. */
  readonly pieces: readonly (string | number)[];
}

const START = /^<{7}(?: (.*))?$/, BASE = /^\|{7}(?: .*)?$/, MID = /^={7}$/, END = /^>{7}(?: .*)?$/;

/** True when `text` has a line that starts a conflict region. */
export function hasConflictMarkers(text: string): boolean {
  return /^<{7}( |$)/m.test(text);
}

/** The levels of a side's lines: each block from `    {` to `    }` parsed alone (a comma after it dropped). */
function blockLevels(lines: readonly string[]): PackLevel[] {
  const out: PackLevel[] = [];
  let start = -1;
  lines.forEach((line, i) => {
    if (line === '    {') start = i;
    else if ((line === '    }' || line === '    },') && start >= 0) {
      const text = lines.slice(start, i).join('\n') + '\n    }';
      try {
        out.push(JSON.parse(text) as PackLevel);
      } catch {
        // Not a block we wrote: the side still shows as lines.
      }
      start = -1;
    }
  });
  return out;
}

/** Splits a conflicted file into its regions; an error names the line of a marker out of place. */
export function readConflicts(text: string): Result<ConflictedPack, string> {
  const lines = text.split('\n');
  const regions: ConflictRegion[] = [];
  const pieces: (string | number)[] = [];
  let common: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const start = START.exec(lines[i]!);
    if (start === null) {
      if (BASE.test(lines[i]!) || MID.test(lines[i]!) || END.test(lines[i]!)) return err(`line ${i + 1}: a conflict marker outside a conflict`);
      common.push(lines[i]!);
      i++;
      continue;
    }
    const reason = start[1] ?? '';
    const sides: { ours: string[]; base: string[] | null; theirs: string[] } = { ours: [], base: null, theirs: [] };
    let side: 'ours' | 'base' | 'theirs' = 'ours';
    let j = i + 1;
    for (; j < lines.length && !END.test(lines[j]!); j++) {
      const l = lines[j]!;
      if (BASE.test(l) && side === 'ours') {
        side = 'base';
        sides.base = [];
      } else if (MID.test(l) && side !== 'theirs') side = 'theirs';
      else if (START.test(l)) return err(`line ${j + 1}: a conflict starts inside the conflict of line ${i + 1}`);
      else (side === 'base' ? sides.base! : sides[side]).push(l);
    }
    if (j >= lines.length || side !== 'theirs') return err(`line ${i + 1}: the conflict that starts here does not end (no ======= and >>>>>>> lines)`);
    pieces.push(common.join('\n'));
    common = [];
    pieces.push(regions.length);
    regions.push({
      reason: reason.replace(/^ours:\s*/, ''),
      lines: sides,
      levels: { ours: blockLevels(sides.ours), base: blockLevels(sides.base ?? []), theirs: blockLevels(sides.theirs) },
    });
    i = j + 1;
  }
  pieces.push(common.join('\n'));
  if (regions.length === 0) return err('the file has no conflicts');
  return ok({ regions, pieces });
}

/**
 * The file keeping `choice[k]` of region k, read as a pack (every problem
 * listed when the result does not read). A side that removed a level may
 * leave a comma before the end of the list; it is dropped.
 */
export function resolveConflicts(c: ConflictedPack, choice: readonly ConflictSide[]): Result<{ text: string; pack: LevelPack }, PackProblem[]> {
  const parts: string[] = [];
  for (const p of c.pieces) {
    if (typeof p === 'string') parts.push(p);
    else {
      const r = c.regions[p]!;
      const side = choice[p] ?? 'ours';
      const lines = side === 'base' ? (r.lines.base ?? []) : r.lines[side];
      if (lines.length > 0) parts.push(lines.join('\n'));
    }
  }
  const text = parts.join('\n').replace(/,\n {2}\]\n\}/, '\n  ]\n}');
  const r = importPack(text);
  return r.ok ? ok({ text, pack: r.value.pack }) : err(r.error);
}
