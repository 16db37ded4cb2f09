/**
 * Suggestions while drawing (the dock's Suggestions tab): variants of the
 * level one or two edits away, each solved exactly in a worker and labelled
 * with its difficulty change; for an unsolvable level, the smallest edits
 * that make it solvable. A click applies one (one undo step). Cells pinned
 * on the small grid are never changed by a suggestion.
 */
import { useState, type KeyboardEvent } from 'react';
import type { Suggestion } from '../../core/generators/suggest';
import { toRows } from '../../core/level/level';
import { suggestKey } from '../controllers/suggestionsController';
import { pinsFor } from '../store/suggestionsSlice';
import { useActions, useStudioShallow } from '../studioContext';
import { DifficultyBadge } from './DifficultyBadge';
import { MarkedGrid } from './MarkedGrid';

/** The level's cells as toggle buttons: one Tab stop, arrows move, Space or Enter pins. */
function PinGrid({ rows, pins, onToggle }: { rows: readonly string[]; pins: readonly number[]; onToggle: (cell: number) => void }) {
  const h = rows.length, w = rows[0]?.length ?? 0;
  const [focus, setFocus] = useState(0);
  const at = Math.min(focus, w * h - 1);
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: w, ArrowUp: -w };
    const d = step[e.key];
    if (d === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    const next = Math.max(0, Math.min(w * h - 1, at + d));
    setFocus(next);
    (e.currentTarget.querySelector(`[data-cell="${next}"]`) as HTMLElement | null)?.focus();
  };
  const cell = Math.max(10, Math.min(22, Math.floor(230 / Math.max(w, h))));
  return (
    <div className="pin-grid" role="group" aria-label="pin cells: pinned cells are never changed by a suggestion and kept by the generators" data-testid="suggest.pins" style={{ gridTemplateColumns: `repeat(${w}, ${cell}px)` }} onKeyDown={onKey}>
      {Array.from({ length: w * h }, (_, i) => {
        const ch = rows[Math.floor(i / w)]![i % w];
        const pinned = pins.includes(i);
        return (
          <button
            key={i}
            type="button"
            tabIndex={i === at ? 0 : -1}
            className={`pin-cell${ch === '#' ? ' wall' : ''}${ch === 'C' ? ' head' : ''}${pinned ? ' pinned' : ''}`}
            style={{ width: cell, height: cell }}
            aria-pressed={pinned}
            aria-label={`row ${Math.floor(i / w) + 1}, column ${(i % w) + 1}: ${ch === '#' ? 'wall' : ch === 'C' ? 'the cat' : 'open'}`}
            data-testid="suggest.pin"
            data-cell={i}
            onFocus={() => setFocus(i)}
            onClick={() => onToggle(i)}
          />
        );
      })}
    </div>
  );
}

export function SuggestionsPanel() {
  const get = useActions();
  const s = useStudioShallow((st) => ({
    level: st.level,
    pins: pinsFor(st, st.level.width, st.level.height),
    uniqueOnly: st.suggestUniqueOnly,
    // An answer to an older request (the level or the options changed since) counts as still running.
    status: st.suggestFor !== suggestKey(st) && st.suggestStatus !== 'idle' ? 'running' : st.suggestStatus,
    result: st.suggestResult,
    error: st.suggestError,
  }));
  const rows = toRows(s.level);
  const size = `${s.level.width}x${s.level.height}`;
  const r = s.result;
  const running = s.status === 'running';
  return (
    <div className="suggest-panel" data-testid="suggest.panel" data-status={s.status}>
      <p className="muted small-text">
        Changes of one or two cells, each played through to the end here (every way of playing it, not a guess), with how much harder or easier it gets. Click one to use it; Undo takes it back.
      </p>
      <div className="button-row">
        <label className="inline-check">
          <input type="checkbox" data-testid="suggest.unique" checked={s.uniqueOnly} onChange={(e) => get().setSuggestUniqueOnly(e.target.checked)} />
          only levels with one solution
        </label>
        <span className="grow" />
        <button type="button" data-testid="suggest.more" title="Try other changes (a new seed)" onClick={() => get().nextSuggestSeed()}>Other suggestions</button>
      </div>
      <details className="suggest-pins" open={s.pins.length > 0 ? true : undefined}>
        <summary>Pinned cells ({s.pins.length}): suggestions never change them, generators keep them</summary>
        <PinGrid rows={rows} pins={s.pins} onToggle={(cell) => get().toggleSuggestPin(cell, size)} />
        {s.pins.length > 0 && <button type="button" className="small" data-testid="suggest.clearPins" onClick={() => get().clearSuggestPins()}>Unpin all</button>}
      </details>
      <div className="suggest-status muted small-text" role="status" data-testid="suggest.status">
        {running
          ? 'Trying changes…'
          : s.status === 'failed'
            ? `No suggestions: ${s.error ?? 'the worker failed'}.`
            : r === null
              ? ''
              : r.mode === 'repairs'
                ? `The level has no solution. ${r.suggestions.length > 0 ? `The smallest changes that make it solvable (${r.suggestions[0]!.edits.length === 1 ? 'one cell' : 'two cells'}):` : ''}`
                : `${r.suggestions.length} of ${r.passed} solvable variants (${r.analysed} tried).`}
        {!running && r?.message !== null && r?.message !== undefined && <span data-testid="suggest.message"> {r.message[0]!.toUpperCase() + r.message.slice(1)}.</span>}
      </div>
      {r !== null && (
        <ul className={`suggest-list${running ? ' stale' : ''}`} data-testid="suggest.list" data-mode={r.mode}>
          {r.suggestions.map((sg, i) => (
            <li key={sg.rows.join('/')}>
              <SuggestionCard suggestion={sg} disabled={running} onApply={() => get().applySuggestion(i)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SuggestionCard({ suggestion: sg, disabled, onApply }: { suggestion: Suggestion; disabled: boolean; onApply: () => void }) {
  const what = sg.edits.map((e) => (e.kind === 'add-wall' ? 'add a wall' : e.kind === 'remove-wall' ? 'remove a wall' : 'move the cat')).join(', ');
  return (
    <button
      type="button"
      className="suggest-card"
      disabled={disabled}
      data-testid="suggest.item"
      data-rows={sg.rows.join('/')}
      data-changed={sg.changedCells.join(',')}
      data-paths={sg.solutionPaths ?? undefined}
      title={`${what}; ${sg.nStates} states; ${sg.solutionPaths === null ? 'solutions not counted (the level can loop)' : sg.solutionPaths === 1 ? 'one solution' : `${sg.solutionPaths} solutions`}`}
      onClick={onApply}
    >
      <MarkedGrid rows={sg.rows} marked={sg.changedCells} size={64} markClass="thumb-changed" />
      <span className="suggest-label">
        <b className={sg.change === null ? '' : sg.change >= 0.5 ? 'harder' : sg.change <= -0.5 ? 'easier' : ''} data-testid="suggest.item.label">{sg.label}</b>
        <span className="muted small-text">{what}</span>
      </span>
      <DifficultyBadge value={sg.difficulty} />
    </button>
  );
}
