/**
 * The whole pack at a glance: one tile per level with its thumbnail, name,
 * difficulty and band, playtest status, warnings (no solution, the same
 * grid as another level, too large to analyse), tags and custom fields.
 * One Tab stop; arrows move by tile and by row; Ctrl/Shift select several
 * (`usePackSelection`); Enter or a double click opens the level in the
 * studio.
 */
import { bandOf } from '../../../core/difficulty/predict';
import type { PackLevel } from '../../../core/pack/schema';
import { rowsKey } from '../../store/packEdits';
import { selectPackLevelDifficulty, selectPackLevelStatus, selectPlayStats } from '../../store/selectors';
import { useActions, useStudioShallow } from '../../studioContext';
import { DifficultyBadge } from '../DifficultyBadge';
import { LevelThumb } from '../LevelThumb';
import { matchesFilter, type PackFilter } from '../PackList';
import { FieldChips } from './FieldChips';
import { usePackSelection } from './usePackSelection';

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
  const selection = usePackSelection(shown.map((l) => l.id), 'pack.grid');
  // Grids that appear more than once: a warning on each copy after the first.
  const firstOf = new Map<string, string>();
  for (const l of levels) if (!firstOf.has(rowsKey(l.rows))) firstOf.set(rowsKey(l.rows), l.name);

  const openLevel = (l: PackLevel): void => {
    get().openPackLevel(l.id);
    get().setView('studio');
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
    >
      {shown.length === 0 && <div role="row" className="empty-note"><span role="gridcell">No level matches the search.</span></div>}
      {/* One row element holding every tile: the visual rows are the layout's (they reflow with the width). */}
      <div role="row" className="pack-grid-tiles">
        {shown.map((l) => {
          const i = levels.indexOf(l);
          const status = selectPackLevelStatus(derived, l);
          const difficulty = selectPackLevelDifficulty(derived, l);
          const play = selectPlayStats({ playLog, playStarts }, l.rows);
          const firstName = firstOf.get(rowsKey(l.rows));
          const duplicateOf = firstName !== undefined && levels.find((x) => rowsKey(x.rows) === rowsKey(l.rows)) !== l ? firstName : null;
          const warnings = [
            ...(status === 'unsolvable' ? ['no solution'] : []),
            ...(status === 'too-large' ? ['too large to analyse'] : []),
            ...(duplicateOf !== null ? [`same grid as “${duplicateOf}”`] : []),
          ];
          const selected = selection.selected.has(l.id);
          return (
            <div
              key={l.id}
              role="gridcell"
              aria-selected={selected}
              className={`pack-tile${selected ? ' selected' : ''}${open === l.id ? ' open' : ''}`}
              data-testid="pack.tile"
              data-id={l.id}
              data-selected={selected ? 'true' : undefined}
              tabIndex={selection.tabIndexOf(l.id)}
              onFocus={(e) => e.target === e.currentTarget && selection.onFocus(l.id)}
              onClick={(e) => selection.onClick(e, l.id)}
              onDoubleClick={() => openLevel(l)}
              onKeyDown={(e) => {
                if (e.target !== e.currentTarget) return;
                const columns = columnsOf(e.currentTarget.parentElement);
                if (selection.onKey(e, l.id, columns)) e.preventDefault();
                else if (e.key === 'Enter') openLevel(l);
                else if (e.key === 'Delete') {
                  if (selected) get().deletePackSelection();
                  else get().removePackLevel(l.id);
                } else return;
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
        })}
      </div>
    </div>
  );
}
