/**
 * The whole pack at a glance: one tile per level with its thumbnail, name,
 * difficulty and band, playtest status, warnings (no solution, the same
 * grid as another level, too large to analyse), tags and custom fields.
 * One Tab stop; arrows move by tile and by row; Ctrl/Shift select several
 * (`usePackSelection`); Enter or a double click opens the level in the
 * studio.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { bandOf } from '../../../core/difficulty/predict';
import type { PackLevel } from '../../../core/pack/schema';
import { rowsKey } from '../../store/packEdits';
import { selectPackLevelDifficulty, selectPackLevelStatus, selectPlayStats } from '../../store/selectors';
import { useActions, useStudioShallow } from '../../studioContext';
import { DifficultyBadge } from '../DifficultyBadge';
import { LevelThumb } from '../LevelThumb';
import { matchesFilter, type PackFilter } from '../PackList';
import { FieldChips } from './FieldChips';
import { usePackSelection, type PackSelectionHandlers } from './usePackSelection';
import { useWindowedRows } from './useWindowedRows';

/** How many tiles the first row of the grid holds (the layout decides; 1 before it is laid out). */
function columnsOf(grid: HTMLElement | null): number {
  const tiles = grid?.querySelectorAll<HTMLElement>('[data-testid="pack.tile"]') ?? [];
  const top = tiles[0]?.offsetTop;
  let n = 0;
  for (const t of tiles) {
    if (t.offsetTop !== top) break;
    n++;
  }
  return Math.max(1, n);
}

/** The tiles' minimum width and the gap between them, px (as in `.pack-grid-tiles`). */
const TILE_MIN = 150;
const TILE_GAP = 10;

/** How many tiles a row of width `width` holds (what `repeat(auto-fill, minmax(150px, 1fr))` with a 10 px gap gives). */
export function gridColumns(width: number): number {
  return Math.max(1, Math.floor((width + TILE_GAP) / (TILE_MIN + TILE_GAP)));
}

export function PackGrid({ filter }: { filter: PackFilter }) {
  const get = useActions();
  const { pack, featureCache, graph, model, playLog, playStarts, open } = useStudioShallow((s) => ({
    pack: s.pack,
    featureCache: s.featureCache,
    graph: s.analysis.graph,
    model: s.model,
    playLog: s.playLog,
    playStarts: s.playStarts,
    open: s.openInPack?.id ?? null,
  }));
  const levels = pack.levels;
  const derived = { pack, featureCache, analysis: { graph }, model };
  const shown = levels.filter((l) => matchesFilter(l, filter));
  const shownIds = shown.map((l) => l.id);
  const reveal = useRef<(index: number) => void>(() => {});
  const selection = usePackSelection(shownIds, 'pack.grid', (index) => reveal.current(index));
  // Each level's place in the pack, and the first level of each grid (a warning on each later copy): one pass over the pack.
  const indexOf = new Map<string, number>();
  const firstOf = new Map<string, PackLevel>();
  levels.forEach((l, i) => {
    indexOf.set(l.id, i);
    const key = rowsKey(l.rows);
    if (!firstOf.has(key)) firstOf.set(key, l);
  });

  // The columns the width holds, for the windowed grid (drawn one visual row at a time).
  const gridRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const empty = levels.length === 0;
  useLayoutEffect(() => {
    const el = gridRef.current;
    if (el === null) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [empty]);
  const columns = gridColumns(width);
  const focusAt = shownIds.indexOf(selection.focusId ?? '');
  const rows = useWindowedRows<HTMLDivElement>(Math.ceil(shown.length / columns), 200, focusAt < 0 ? [] : [Math.floor(focusAt / columns)], TILE_GAP, levels.length);
  reveal.current = (index) => rows.reveal(Math.floor(index / columns));

  const openLevel = (l: PackLevel): void => {
    get().openPackLevel(l.id);
    get().setView('studio');
  };

  const tile = (l: PackLevel): ReactNode => {
    const first = firstOf.get(rowsKey(l.rows));
    return (
      <PackTile
        key={l.id}
        level={l}
        index={indexOf.get(l.id) ?? -1}
        status={selectPackLevelStatus(derived, l)}
        difficulty={selectPackLevelDifficulty(derived, l)}
        play={selectPlayStats({ playLog, playStarts, pack }, l.rows)}
        duplicateOf={first !== undefined && first !== l ? first.name : null}
        open={open === l.id}
        selection={selection}
        columns={(el) => (rows.windowed ? columns : columnsOf(el.parentElement))}
        onOpen={openLevel}
        onDelete={(selected) => (selected ? get().deletePackSelection() : get().removePackLevel(l.id))}
      />
    );
  };

  if (levels.length === 0) return <p className="empty-note" data-testid="pack.grid.empty">The pack is empty. Add levels in the studio, generate some, or import a pack file.</p>;
  return (
    <div
      className="pack-grid"
      role="grid"
      aria-multiselectable="true"
      aria-label="levels of the pack as tiles (arrows move, Shift or Ctrl selects several, Enter opens)"
      data-testid="pack.grid"
      data-collection="pack.grid"
      data-windowed={rows.windowed ? 'true' : undefined}
      ref={gridRef}
    >
      {shown.length === 0 && <div role="row" className="empty-note"><span role="gridcell">No level matches the search.</span></div>}
      {rows.windowed ? (
        // A big pack: only the visual rows near the screen, each a row of `columns` tiles.
        <div className="pack-grid-rows" ref={rows.ref} style={{ paddingTop: rows.padTop, paddingBottom: rows.padBottom }}>
          {rows.indices.map((r, k) => (
            <div key={r} role="row" className="pack-grid-tiles" data-index={r} ref={rows.measure} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, marginTop: rows.spaceBefore[k] || undefined }}>
              {shown.slice(r * columns, (r + 1) * columns).map(tile)}
            </div>
          ))}
        </div>
      ) : (
        // One row element holding every tile: the visual rows are the layout's (they reflow with the width).
        <div role="row" className="pack-grid-tiles">
          {shown.map(tile)}
        </div>
      )}
    </div>
  );
}

interface PackTileProps {
  readonly level: PackLevel;
  /** Its place in the pack (0-based). */
  readonly index: number;
  readonly status: ReturnType<typeof selectPackLevelStatus>;
  readonly difficulty: number | null;
  readonly play: ReturnType<typeof selectPlayStats>;
  /** The name of the first level with the same grid, when this one is a later copy. */
  readonly duplicateOf: string | null;
  readonly open: boolean;
  readonly selection: PackSelectionHandlers;
  /** How many tiles a row holds (for the arrows), given the tile. */
  readonly columns: (tile: HTMLElement) => number;
  readonly onOpen: (l: PackLevel) => void;
  /** Delete: the selection when `selected`, else this level. */
  readonly onDelete: (selected: boolean) => void;
}

function PackTile({ level: l, index: i, status, difficulty, play, duplicateOf, open, selection, columns, onOpen, onDelete }: PackTileProps) {
  const warnings = [
    ...(status === 'unsolvable' ? ['no solution'] : []),
    ...(status === 'too-large' ? ['too large to analyse'] : []),
    ...(duplicateOf !== null ? [`same grid as “${duplicateOf}”`] : []),
  ];
  const selected = selection.selected.has(l.id);
  return (
    <div
      role="gridcell"
      aria-selected={selected}
      className={`pack-tile${selected ? ' selected' : ''}${open ? ' open' : ''}`}
      data-testid="pack.tile"
      data-id={l.id}
      data-selected={selected ? 'true' : undefined}
      tabIndex={selection.tabIndexOf(l.id)}
      onFocus={(e) => e.target === e.currentTarget && selection.onFocus(l.id)}
      onClick={(e) => selection.onClick(e, l.id)}
      onDoubleClick={() => onOpen(l)}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (selection.onKey(e, l.id, columns(e.currentTarget))) e.preventDefault();
        else if (e.key === 'Enter') onOpen(l);
        else if (e.key === 'Delete') onDelete(selected);
        else return;
        e.stopPropagation();
      }}
    >
      <div className="tile-head">
        <span className="pack-index">{i + 1}</span>
        <span className="tile-name" title={l.name}>{l.name}</span>
      </div>
      <LevelThumb rows={l.rows} size={96} preview={false} />
      <div className="tile-line">
        {status === 'pending' ? <span className="badge pending" data-testid="pack.tile.difficulty" data-status="pending">…</span> : <DifficultyBadge value={difficulty} testId="pack.tile.difficulty" />}
        <span className="muted" data-testid="pack.tile.band">{difficulty !== null ? bandOf(difficulty) : status === 'pending' ? 'analysing' : status === 'too-large' ? 'no estimate' : 'unsolvable'}</span>
        <span className="muted">{l.rows[0]?.length}×{l.rows.length}</span>
      </div>
      <div className="tile-line small-text" data-testid="pack.tile.status" data-played={play.played} data-solved={play.solved}>
        {play.played === 0 ? <span className="muted">not playtested</span> : <span>{play.solved > 0 ? '✓ solved' : '✗ not solved'} · played {play.played}</span>}
        {l.playerStats !== undefined && <span> · players solved {l.playerStats.solved}/{l.playerStats.players}</span>}
      </div>
      {warnings.length > 0 && (
        <ul className="tile-warnings" data-testid="pack.tile.warnings">
          {warnings.map((w) => <li key={w}>⚠ {w}</li>)}
        </ul>
      )}
      {(l.tags ?? []).length > 0 && <span className="tags">{(l.tags ?? []).map((t) => <span key={t} className="tag">{t}</span>)}</span>}
      <FieldChips level={l} />
    </div>
  );
}
