/**
 * One generated level in a generator's results: thumbnail, difficulty, a
 * line of provenance, Open and + Pack. Shared by the RPU/RSD, SD-PCGRL and
 * at-difficulty sections; `testPrefix` keeps each section's test ids
 * (`<prefix>.item`, `<prefix>.item.difficulty`, `<prefix>.open`, `<prefix>.add`).
 */
import type { ReactNode } from 'react';
import { DifficultyBadge } from '../DifficultyBadge';
import { LevelThumb } from '../LevelThumb';
import { MarkedGrid } from '../MarkedGrid';
import { parsePinRows, pinCount, PIN_FREE } from '../../../core/generators/pins';

/** The pinned cells (row-major) of pin rows, none when the rows are absent or bad. */
export function pinnedCellsOf(pins: readonly string[] | undefined): number[] {
  if (pins === undefined) return [];
  const r = parsePinRows(pins);
  if (!r.ok || pinCount(r.value) === 0) return [];
  const out: number[] = [];
  r.value.values.forEach((v, i) => {
    if (v !== PIN_FREE) out.push(i);
  });
  return out;
}

export interface GeneratedLevelCardProps {
  readonly testPrefix: string;
  readonly rows: readonly string[];
  readonly difficulty: number | null;
  /** The small line under the badge. */
  readonly meta: ReactNode;
  readonly metaTitle?: string;
  readonly className?: string;
  /** Extra `data-*` attributes for the list item (tests and benchmarks read them). */
  readonly data?: Readonly<Record<`data-${string}`, string | number | boolean>>;
  /** When true, + Pack is disabled and reads "Added". */
  readonly added?: boolean;
  readonly onOpen: () => void;
  readonly onAdd: () => void;
  /** Cells the level kept pinned (outlined on the thumbnail). */
  readonly pinned?: readonly number[];
}

export function GeneratedLevelCard(p: GeneratedLevelCardProps) {
  return (
    <li className={p.className ?? 'gen-item'} data-testid={`${p.testPrefix}.item`} {...p.data}>
      {p.pinned !== undefined && p.pinned.length > 0 ? (
        <span className="gen-pinned-thumb" data-testid={`${p.testPrefix}.item.pinned`} data-pinned={p.pinned.join(',')} title={`${p.pinned.length} pinned cells kept (outlined)`}>
          <MarkedGrid rows={p.rows} marked={p.pinned} size={64} markClass="thumb-pinned" />
        </span>
      ) : (
        <LevelThumb rows={p.rows} size={64} />
      )}
      <div className="gen-meta">
        <DifficultyBadge value={p.difficulty} testId={`${p.testPrefix}.item.difficulty`} />
        <small className="muted" {...(p.metaTitle !== undefined ? { title: p.metaTitle } : {})}>
          {p.meta}
        </small>
      </div>
      <div className="gen-actions">
        <button type="button" className="small" data-testid={`${p.testPrefix}.open`} onClick={p.onOpen}>Open</button>
        <button type="button" className="small" data-testid={`${p.testPrefix}.add`} disabled={p.added === true} onClick={p.onAdd}>
          {p.added === true ? 'Added' : '+ Pack'}
        </button>
      </div>
    </li>
  );
}
