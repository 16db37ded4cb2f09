/** The editor's status line: size, cursor cell, tool, open cells, analysis state. */
import { openCellCount } from '../../core/level/level';
import { useStudioShallow } from '../studioContext';

export function StatusBar() {
  const s = useStudioShallow((st) => ({
    level: st.level,
    cursor: st.cursor,
    tool: st.tool,
    mode: st.mode,
    status: st.analysis.status,
    workerMode: st.analysis.workerMode,
    logged: st.playLog.length,
  }));
  const { level, cursor } = s;
  const at = cursor !== null && cursor < level.cells.length ? `(${(cursor % level.width) + 1}, ${Math.floor(cursor / level.width) + 1})` : '—';
  return (
    <div className="statusbar" data-testid="editor.status">
      <span data-testid="editor.status.size">{level.width}×{level.height}</span>
      <span data-testid="editor.status.cursor">cell {at}</span>
      <span>{s.mode === 'edit' ? `tool: ${s.tool}` : s.mode === 'play' ? 'playtest' : 'replay'}</span>
      <span>{openCellCount(level) - 1} cells to fill</span>
      <span data-testid="playtest.logCount" title="finished playtests stored for the predictor lab">{s.logged} playtest{s.logged === 1 ? '' : 's'} logged</span>
      <span className="grow" />
      <span className={`analysis-state analysis-${s.status}`} data-testid="editor.status.analysis">
        analysis: {s.status}
        {s.workerMode === 'main-thread' ? ' (in page)' : ''}
      </span>
      <span className="hint">? for shortcuts</span>
    </div>
  );
}
