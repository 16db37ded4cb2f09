/**
 * Packs in a game's repository, in the studio (docs/repository.md): the
 * diff between the open pack and a file or two files (the lines `longcat
 * diff` prints, broken levels marked), and a pack the merge driver left
 * with conflicts, each conflict's versions side by side with their
 * pictures, numbers and solution graphs, to pick one per conflict.
 */
import { useMemo } from 'react';
import { describeEffect } from '../../../core/repo/diff';
import { type ConflictSide } from '../../../core/repo/conflicts';
import { rowsKey } from '../../store/packEdits';
import { conflictRules, oracleFor } from '../../store/repoSlice';
import { useActions, useStudioShallow } from '../../studioContext';
import { LevelThumb } from '../LevelThumb';
import { ConflictGraphView } from './ConflictGraphView';

export function PackCompareDialog() {
  const get = useActions();
  const { v } = useStudioShallow((st) => ({ v: st.packCompare }));
  if (v === null) return null;
  return (
    <div className="import-report" role="dialog" aria-label="pack differences" data-testid="compare.dialog" data-broken={v.diff.broken.length}>
      <p>
        <b>{v.before}</b> → <b>{v.after}</b>:{' '}
        {v.lines.length === 0 ? 'no differences.' : v.diff.broken.length > 0 ? `${v.diff.broken.length} level${v.diff.broken.length === 1 ? '' : 's'} no longer solvable.` : 'every level that was solvable still is.'}
      </p>
      <ul className="compare-lines">
        {v.lines.map((l, i) => (
          <li key={i} data-testid="compare.line" data-kind={l.split(' ')[0]} className={l.startsWith('BROKEN') || l.includes('-> UNSOLVABLE') ? 'lint-broken' : undefined}>
            <code>{l}</code>
          </li>
        ))}
      </ul>
      <button type="button" data-testid="compare.close" onClick={() => get().closeCompare()}>Close</button>
    </div>
  );
}

const SIDES: readonly ConflictSide[] = ['ours', 'base', 'theirs'];

export function PackConflictsDialog() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ v: st.packConflicts, model: st.model, pack: st.pack, graphs: st.conflictGraphs }));
  const v = s.v;
  // The numbers of every version, solved once per dialog (a handful of levels).
  const effects = useMemo(() => {
    if (v === null) return null;
    // The conflicted file's own ruleset (read from our side), else the open pack's.
    return oracleFor({ model: s.model, pack: s.pack }, conflictRules(v.conflicted, s.pack));
  }, [v, s.model, s.pack]);
  if (v === null || effects === null) return null;
  return (
    <div className="import-report conflicts" role="dialog" aria-label="merge conflicts" data-testid="conflicts.dialog">
      <p>
        <b>{v.fileName}</b> has {v.conflicted.regions.length} merge conflict{v.conflicted.regions.length === 1 ? '' : 's'}: pick a version of each.
      </p>
      {v.conflicted.regions.map((r, k) => (
        <fieldset key={k} data-testid="conflicts.region" data-choice={v.choice[k]}>
          <legend>{r.reason}</legend>
          <div className="conflict-sides">
            {SIDES.filter((side) => side !== 'base' || r.lines.base !== null).map((side) => {
              const levels = r.levels[side];
              const lines = side === 'base' ? (r.lines.base ?? []) : r.lines[side];
              return (
                <label key={side} className="conflict-side" data-testid={`conflicts.side.${side}`}>
                  <span>
                    <input type="radio" name={`conflict-${k}`} checked={v.choice[k] === side} onChange={() => get().pickConflictSide(k, side)} /> {side}
                  </span>
                  {levels.length > 0
                    ? levels.map((l) => (
                        <span key={l.id} className="conflict-level">
                          <LevelThumb rows={l.rows} size={72} />
                          <span data-testid="conflicts.effect">{l.name}: {describeEffect(effects.of(l.rows))}</span>
                          <ConflictGraphView graph={s.graphs.get(rowsKey(l.rows))} />
                        </span>
                      ))
                    : lines.length > 0
                      ? <code>{lines.join('\n')}</code>
                      : <span className="muted">(removed)</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {v.problem !== null && <p className="lint-broken" data-testid="conflicts.problem">{v.problem}</p>}
      <button type="button" data-testid="conflicts.apply" onClick={() => get().applyConflicts()}>Open with these versions</button>{' '}
      <button type="button" data-testid="conflicts.cancel" onClick={() => get().closeConflicts()}>Cancel</button>
    </div>
  );
}
