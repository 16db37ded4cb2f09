/** The centre panel: toolbar, the grid sized to fit, the mode bar (edit actions, playtest or replay) and the status line. */
import { useLayoutEffect, useRef, useState } from 'react';
import { nodeSummary } from '../adapters/graphData';
import { selectCurrentGraph } from '../store/selectors';
import { useActions, useStudioShallow } from '../studioContext';
import { EditActions } from './EditActions';
import { EditorToolbar } from './EditorToolbar';
import { GridView } from './GridView';
import { PlaytestBar } from './PlaytestBar';
import { ReplayBar } from './ReplayBar';
import { StatusBar } from './StatusBar';

const MIN_CELL = 14, MAX_CELL = 72;

function useCellSize(width: number, height: number): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ w: 520, h: 480 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    const measure = (): void => setBox({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const size = Math.floor(Math.min((box.w - 24) / width, (box.h - 24) / height));
  return [ref, Math.max(MIN_CELL, Math.min(MAX_CELL, size))];
}

export function EditorPanel() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ width: st.level.width, height: st.level.height, mode: st.mode, selectedNode: st.selectedNode, graph: selectCurrentGraph(st) }));
  const [stageRef, cellSize] = useCellSize(s.width, s.height);
  const node = s.selectedNode !== null && s.graph !== null && s.selectedNode < s.graph.nodeCount ? nodeSummary(s.graph, s.selectedNode) : null;
  return (
    <section className="panel editor-panel" aria-label="Level editor" data-testid="editor.panel">
      <EditorToolbar />
      <div className="editor-stage" ref={stageRef}>
        {node !== null && (
          <div className={`state-banner cls-${node.cls}`} data-testid="editor.stateBanner" data-node={node.id} title={node.moves !== '' ? `moves: ${node.moves}` : 'the start'}>
            <span className={`swatch swatch-${node.cls}`} />
            <span className="banner-text">
              <b>{node.cls}</b> state #{node.id} · {node.depth} move{node.depth === 1 ? '' : 's'} · {node.emptyLeft} empty left{node.moves !== '' ? ` · ${node.moves}` : ''}
            </span>
            <button type="button" className="small" data-testid="editor.stateBanner.close" onClick={() => get().selectNode(null)}>
              Edit <kbd>Esc</kbd>
            </button>
          </div>
        )}
        <GridView cellSize={cellSize} />
      </div>
      {s.mode === 'play' ? <PlaytestBar /> : s.mode === 'replay' ? <ReplayBar /> : <EditActions />}
      <StatusBar />
    </section>
  );
}
