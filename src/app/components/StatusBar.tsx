/** The editor's status line: size, cursor cell, tool, open cells, analysis state. */
import { openCellCount } from '../../core/level/level';
import { selectRuleset } from '../store/rules';
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
    glyphs: selectRuleset(st).glyphs,
    hasGoal: selectRuleset(st).cellKinds.some((k) => k.tool === 'goal'),
  }));
  const { level, cursor } = s;
  const at = cursor !== null && cursor < level.cells.length ? `(${(cursor % level.width) + 1}, ${Math.floor(cursor / level.width) + 1})` : '—';
  return (
    <div className="statusbar" data-testid="editor.status">
      <span data-testid="editor.status.size">{level.width}×{level.height}</span>
      <span data-testid="editor.status.cursor" title="cell under the cursor (column, row)">{at}</span>
      <span>{s.mode === 'edit' ? s.tool : s.mode === 'play' ? 'playtest' : 'replay'}</span>
      {s.hasGoal ? (
        <span title={`the ${s.glyphs.startName} must stop on the goal`}>reach the goal</span>
      ) : (
        <span title={`empty cells the ${s.glyphs.startName} must ${s.glyphs.coveredBlocks ? 'fill' : 'paint'}`}>{openCellCount(level) - 1} to {s.glyphs.coveredBlocks ? 'fill' : 'paint'}</span>
      )}
      <span data-testid="playtest.logCount" title="finished playtests stored for the predictor lab">{s.logged} playtest{s.logged === 1 ? '' : 's'} logged</span>
      <span className="grow" />
      <span className={`analysis-state analysis-${s.status}`} data-testid="editor.status.analysis" title={s.workerMode === 'main-thread' ? 'no Web Worker here: analysing in the page' : 'analysing in a Web Worker'}>
        {s.status === 'done' ? 'analysed' : s.status}
        {s.workerMode === 'main-thread' ? ' (in page)' : ''}
      </span>
    </div>
  );
}
