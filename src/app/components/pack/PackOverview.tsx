/**
 * The pack overview: a wide view of the whole pack as tiles (PackGrid),
 * with search and tag filter, the batch actions on the selection and the
 * pack's custom fields beside it.
 */
import { useState } from 'react';
import { useStudio, useStudioShallow } from '../../studioContext';
import type { PackFilter } from '../PackList';
import { PackFieldsEditor } from './PackFieldsEditor';
import { PackGrid } from './PackGrid';
import { PackSelectionBar } from './PackSelectionBar';

export function PackOverview() {
  const [filter, setFilter] = useState<PackFilter>({ text: '', tag: null });
  const tags = useStudioShallow((st) => [...new Set(st.pack.levels.flatMap((l) => l.tags ?? []))].sort());
  const s = useStudioShallow((st) => ({ name: st.pack.name, count: st.pack.levels.length }));
  const nothingSelected = useStudio((st) => st.packSelection.length === 0);
  return (
    <div className="pack-overview" data-testid="pack.overview">
      <div className="pack-overview-main">
        <div className="button-row">
          <h2 className="grow">{s.name} <span className="muted">· {s.count} level{s.count === 1 ? '' : 's'}</span></h2>
          <input type="search" placeholder="Search names, notes, tags" aria-label="search the pack" data-testid="pack.overview.search" value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} />
          <select aria-label="filter by tag" data-testid="pack.overview.tagFilter" value={filter.tag ?? ''} onChange={(e) => setFilter({ ...filter, tag: e.target.value === '' ? null : e.target.value })}>
            <option value="">all tags</option>
            {tags.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </div>
        <PackGrid filter={filter} />
      </div>
      <aside className="pack-overview-side" aria-label="selection and custom fields">
        {nothingSelected && <p className="muted small-text">Click a level to select it; Ctrl+click or Shift+click (or Shift+arrows) selects several, Ctrl+A all shown. Double-click or Enter opens one in the studio.</p>}
        <PackSelectionBar />
        <PackFieldsEditor />
      </aside>
    </div>
  );
}
