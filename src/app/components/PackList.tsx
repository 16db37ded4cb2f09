/**
 * The pack's levels: thumbnail, name (double-click or F2 to rename),
 * difficulty, custom field values; drag to reorder (or Alt+↑/↓), Enter
 * opens in the editor, Delete removes the selection. The list is one Tab
 * stop (a grid with roving focus: arrows move inside) and selects several
 * levels with Ctrl/Shift (see `pack/usePackSelection.ts`); the batch
 * actions on the selection are in `pack/PackSelectionBar.tsx`.
 */
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { PackLevel } from '../../core/pack/schema';
import { openLevelModified } from '../store/history';
import { selectPackLevelDifficulty, selectPackLevelStatus, selectPlayStats, type PlayStats } from '../store/selectors';
import { useActions, useStudioShallow } from '../studioContext';
import { DifficultyBadge } from './DifficultyBadge';
import { LevelThumb } from './LevelThumb';
import { FieldChips } from './pack/FieldChips';
import { usePackSelection } from './pack/usePackSelection';
import { useWindowedRows } from './pack/useWindowedRows';

/** What the pack list shows: levels whose name, id, notes or tags contain `text`, and that carry `tag`. */
export interface PackFilter {
  readonly text: string;
  readonly tag: string | null;
}

export function matchesFilter(l: PackLevel, f: PackFilter): boolean {
  if (f.tag !== null && !(l.tags ?? []).includes(f.tag)) return false;
  const q = f.text.trim().toLowerCase();
  if (q === '') return true;
  return [l.name, l.id, l.notes ?? '', ...(l.tags ?? [])].some((t) => t.toLowerCase().includes(q));
}

export function PackList({ filter = { text: '', tag: null } }: { filter?: PackFilter }) {
  const get = useActions();
  const { pack, levels, featureCache, graph, model, open, modified, playLog, playStarts } = useStudioShallow((s) => ({
    pack: s.pack,
    playLog: s.playLog,
    playStarts: s.playStarts,
    levels: s.pack.levels,
    featureCache: s.featureCache,
    graph: s.analysis.graph,
    model: s.model,
    open: s.openInPack?.id ?? null,
    modified: openLevelModified({ pack: s.pack, open: s.openInPack }),
  }));
  const derived = { pack, featureCache, analysis: { graph }, model };
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  const filtering = filter.text.trim() !== '' || filter.tag !== null;
  // Positions stay the pack's own (reordering by drag is off while filtering: the gaps would be ambiguous).
  const shown = levels.map((l, i) => ({ l, i })).filter(({ l }) => matchesFilter(l, filter));
  const shownIds = shown.map(({ l }) => l.id);
  const reveal = useRef<(index: number) => void>(() => {});
  const selection = usePackSelection(shownIds, 'pack.list', (index) => reveal.current(index));
  // Only the rows near the screen are drawn (big packs, filtered or not); the row with the Tab stop always is.
  const rows = useWindowedRows<HTMLDivElement>(shown.length, 50, [shownIds.indexOf(selection.focusId ?? '')], 0, levels.length);
  reveal.current = rows.reveal;

  const openLevel = (l: PackLevel): void => get().openPackLevel(l.id);
  const onKey = (e: KeyboardEvent<HTMLDivElement>, i: number, l: PackLevel): void => {
    if (e.target !== e.currentTarget) return;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      const to = i + (e.key === 'ArrowUp' ? -1 : 1);
      get().movePackLevel(i, to);
      e.preventDefault();
      rows.reveal(Math.max(0, Math.min(shown.length - 1, to)));
      requestAnimationFrame(() => (document.querySelector(`[data-pack-index="${Math.max(0, Math.min(levels.length - 1, to))}"]`) as HTMLElement | null)?.focus());
    } else if (selection.onKey(e, l.id, 1)) e.preventDefault();
    else if (e.key === 'Enter') openLevel(l);
    else if (e.key === 'F2') setRenaming(l.id);
    else if (e.key === 'Delete') {
      // The selection when this level is in it, else just this level.
      if (selection.selected.has(l.id) && selection.selected.size > 1) get().deletePackSelection();
      else get().removePackLevel(l.id);
    } else return;
    e.stopPropagation();
  };
  const drop = (e: DragEvent, i: number): void => {
    e.preventDefault();
    if (dragFrom !== null) get().movePackLevel(dragFrom, dragFrom < i ? i - 1 : i);
    setDragFrom(null);
    setDropAt(null);
  };

  if (levels.length === 0) {
    return (
      <p className="empty-note" data-testid="pack.empty">
        The pack is empty. Add the level you are editing (<kbd>A</kbd>), generate some, or import a pack file.
      </p>
    );
  }
  return (
    <div
      className="pack-list"
      role="grid"
      aria-multiselectable="true"
      aria-label="levels of the pack (arrows move, Shift or Ctrl selects several, Enter opens)"
      data-testid="pack.list"
      data-collection="pack.list"
      data-windowed={rows.windowed ? 'true' : undefined}
      aria-rowcount={shown.length}
      ref={rows.ref}
      style={rows.windowed ? { paddingTop: rows.padTop, paddingBottom: rows.padBottom } : undefined}
      onDragEnd={() => (setDragFrom(null), setDropAt(null))}
    >
      {filtering && shown.length === 0 && (
        <div role="row" className="empty-note" data-testid="pack.noMatch"><span role="gridcell">No level matches the search.</span></div>
      )}
      {rows.indices.map((at) => shown[at]!).map(({ l, i }, k) => (
        <div
          key={l.id}
          role="row"
          ref={rows.measure}
          data-index={rows.indices[k]}
          aria-rowindex={rows.indices[k]! + 1}
          style={rows.spaceBefore[k] ? { marginTop: rows.spaceBefore[k] } : undefined}
          aria-selected={selection.selected.has(l.id)}
          className={`pack-item${dragFrom === i ? ' dragging' : ''}${dropAt === i ? ' drop-before' : ''}${open === l.id ? ' open' : ''}${selection.selected.has(l.id) ? ' selected' : ''}`}
          data-testid="pack.item"
          data-id={l.id}
          data-selected={selection.selected.has(l.id) ? 'true' : undefined}
          data-open={open === l.id ? (modified ? 'modified' : 'open') : undefined}
          aria-current={open === l.id ? 'true' : undefined}
          data-pack-index={i}
          tabIndex={selection.tabIndexOf(l.id)}
          onFocus={(e) => e.target === e.currentTarget && selection.onFocus(l.id)}
          onClick={(e) => {
            if (renaming === l.id) return;
            if (selection.onClick(e, l.id)) openLevel(l);
          }}
          draggable={renaming !== l.id && !filtering}
          onDragStart={(e) => {
            setDragFrom(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', l.id);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            const rect = e.currentTarget.getBoundingClientRect();
            setDropAt(e.clientY > rect.top + rect.height / 2 ? i + 1 : i);
          }}
          onDrop={(e) => drop(e, dropAt ?? i)}
          onKeyDown={(e) => onKey(e, i, l)}
        >
          <span className="drag-handle" aria-hidden>⋮⋮</span>
          <span className="pack-index">{i + 1}</span>
          <LevelThumb rows={l.rows} size={40} />
          <span className="pack-name" role="gridcell">
            {renaming === l.id ? (
              <input
                autoFocus
                defaultValue={l.name}
                maxLength={200}
                data-testid="pack.item.rename"
                onKeyDown={(e) => {
                  e.stopPropagation();
                  if (e.key === 'Enter') {
                    get().renamePackLevel(l.id, e.currentTarget.value);
                    setRenaming(null);
                  } else if (e.key === 'Escape') setRenaming(null);
                }}
                onBlur={(e) => {
                  get().renamePackLevel(l.id, e.currentTarget.value);
                  setRenaming(null);
                }}
              />
            ) : (
              <span data-testid="pack.item.name" title="double-click the name or press F2 to rename" onDoubleClick={(e) => (e.stopPropagation(), setRenaming(l.id))}>
                {l.name}
              </span>
            )}
            {open === l.id && (
              <span className="open-marker" data-testid="pack.item.openMarker" title={modified ? 'open in the editor, changed since it was opened' : 'open in the editor'}>
                {modified ? '● editing' : 'editing'}
              </span>
            )}
            <small className="muted">
              {l.rows[0]?.length}×{l.rows.length} · {l.source.generator}
              <PlayLine stats={selectPlayStats({ playLog, playStarts, pack }, l.rows)} />
              {l.playerStats !== undefined && (
                <span className="play-line" data-testid="pack.item.players" data-solved={l.playerStats.solved} data-gaveup={l.playerStats.gaveUp} data-mean={l.playerStats.meanSeconds ?? ''} title={`players' results: ${l.playerStats.attempts} attempts, ${l.playerStats.outliers} outlier times left out, median ${l.playerStats.medianSeconds ?? '–'} s`}>
                  {' · '}players {l.playerStats.players}: solved {l.playerStats.solved}, gave up {l.playerStats.gaveUp}
                  {l.playerStats.meanSeconds !== null ? ` · ${l.playerStats.meanSeconds} s` : ''}
                </span>
              )}
            </small>
            {(l.tags ?? []).length > 0 && (
              <span className="tags" data-testid="pack.item.tags">
                {(l.tags ?? []).map((t) => <span key={t} className="tag">{t}</span>)}
              </span>
            )}
            <FieldChips level={l} />
          </span>
          <PackDifficulty value={selectPackLevelDifficulty(derived, l)} status={selectPackLevelStatus(derived, l)} />
          {/* Mouse shortcuts only: the keyboard has Enter, F2 and Delete on the row (one Tab stop per list, not four per row). */}
          <span className="item-actions" role="gridcell" onClick={(e) => e.stopPropagation()}>
            <button type="button" tabIndex={-1} className="icon" title="Open in the editor (Enter)" aria-label={`Open “${l.name}” in the editor`} data-testid="pack.item.open" onClick={() => openLevel(l)}>↗</button>
            <button type="button" tabIndex={-1} className="icon" title="Rename (F2)" aria-label={`Rename “${l.name}”`} data-testid="pack.item.renameStart" onClick={() => setRenaming(l.id)}>✎</button>
            <button type="button" tabIndex={-1} className="icon danger" title="Remove (Delete)" aria-label={`Remove “${l.name}” from the pack`} data-testid="pack.item.delete" onClick={() => get().removePackLevel(l.id)}>✕</button>
          </span>
        </div>
      ))}
      {/* The drop place after the last level: only where the last row is drawn (a windowed list draws the rows on screen). */}
      {(rows.indices.length === 0 || rows.indices[rows.indices.length - 1] === shown.length - 1) && <div
        className={`pack-drop-end${dropAt === levels.length ? ' drop-before' : ''}`}
        onDragOver={(e) => (e.preventDefault(), setDropAt(levels.length))}
        onDrop={(e) => drop(e, levels.length)}
        aria-hidden
      />}
    </div>
  );
}

/** The derived difficulty, or why there is none yet. */
function PackDifficulty({ value, status }: { value: number | null; status: ReturnType<typeof selectPackLevelStatus> }) {
  if (status === 'pending') return <span className="badge pending" data-testid="pack.item.difficulty" data-value="" data-status="pending" title="being analysed">…</span>;
  if (status === 'too-large') return <span className="badge" data-testid="pack.item.difficulty" data-value="" data-status="too-large" title="past the state cap">cap</span>;
  return <DifficultyBadge value={value} testId="pack.item.difficulty" />;
}

/** "played 3 · solved 2 · 14.5 s" when the level was playtested here. */
function PlayLine({ stats }: { stats: PlayStats }) {
  if (stats.played === 0) return null;
  return (
    <span className="play-line" data-testid="pack.item.playtests" data-played={stats.played} data-solved={stats.solved} data-mean={stats.meanSeconds ?? ''}>
      {' · '}played {stats.played} · solved {stats.solved}
      {stats.meanSeconds !== null ? ` · ${stats.meanSeconds} s` : ''}
    </span>
  );
}
