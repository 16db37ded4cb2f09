/** The centre panel: toolbar, the grid sized to fit, the mode bar (edit actions, playtest or replay) and the status line. */
import { CLASS_NAMES } from '../adapters/graphHighlight';
import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { nodeSummary } from '../adapters/graphData';
import { selectCurrentGraph } from '../store/selectors';
import { useActions, useStudioShallow } from '../studioContext';
import { selectRuleset } from '../store/rules';
import { EditActions } from './EditActions';
import { EditorToolbar } from './EditorToolbar';
import { GridView } from './GridView';
import { PlaytestBar } from './PlaytestBar';
import { ReplayBar } from './ReplayBar';
import { StatusBar } from './StatusBar';

const MIN_CELL = 14, MAX_CELL = 72;

/** The cell size that fits the stage, times the grid zoom (the stage scrolls when it is larger). */
function useCellSize(width: number, height: number, zoom: number): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ w: 520, h: 480 });
  // Measured when the browser has laid the page out (a ResizeObserver calls back after layout, before paint),
  // not here: reading the size in this effect forced the first page's whole layout into React's first
  // commit, one task of over 100 ms on the first load. The first size is applied at once (flushSync),
  // so the first painted frame already has it; later ones as any state change.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    let first = true;
    const ro = new ResizeObserver(() => {
      const next = { w: el.clientWidth, h: el.clientHeight };
      if (!first) return setBox(next);
      first = false;
      flushSync(() => setBox(next));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const size = Math.floor(Math.min((box.w - 24) / width, (box.h - 24) / height));
  return [ref, Math.round(Math.max(MIN_CELL, Math.min(MAX_CELL, size)) * zoom)];
}

export function EditorPanel() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ width: st.level.width, height: st.level.height, mode: st.mode, selectedNode: st.selectedNode, graph: selectCurrentGraph(st), zoom: st.gridZoom, statesCover: selectRuleset(st).glyphs.statesCover }));
  const [stageRef, cellSize] = useCellSize(s.width, s.height, s.zoom);
  const node = s.selectedNode !== null && s.graph !== null && s.selectedNode < s.graph.nodeCount ? nodeSummary(s.graph, s.selectedNode) : null;
  return (
    <section className="panel editor-panel" aria-label="Level editor" data-testid="editor.panel">
      <EditorToolbar />
      <div
        className={`editor-stage${s.zoom > 1 ? ' zoomed' : ''}`}
        ref={stageRef}
        data-zoom={s.zoom}
        onWheel={(e) => {
          // Ctrl+wheel (and pinch) zooms the grid by one step a notch; the plain wheel scrolls (pans) a zoomed grid.
          if (!e.ctrlKey) return;
          e.preventDefault();
          get().setGridZoom(s.zoom * Math.pow(1.2, -Math.sign(e.deltaY)));
        }}
      >
        <div className="grid-zoom" role="group" aria-label="grid zoom">
          <button type="button" className="small icon" data-testid="editor.zoomOut" aria-label="Zoom the grid out (- with the grid focused)" title="Zoom out (- on the grid, Ctrl+wheel)" onClick={() => get().setGridZoom(s.zoom / 1.2)}>−</button>
          <button type="button" className="small icon" data-testid="editor.zoomIn" aria-label="Zoom the grid in (+ with the grid focused)" title="Zoom in (+ on the grid, Ctrl+wheel)" onClick={() => get().setGridZoom(s.zoom * 1.2)}>+</button>
          <button type="button" className="small" data-testid="editor.zoomFit" aria-label="Fit the grid (0 with the grid focused)" title="Fit (0 on the grid)" onClick={() => get().setGridZoom(1)}>fit</button>
        </div>
        {node !== null && (
          <div className={`state-banner cls-${node.cls}`} data-testid="editor.stateBanner" data-node={node.id} data-cls={node.cls} title={node.moves !== '' ? `moves: ${node.moves}` : 'the start'}>
            <span className={`swatch swatch-${node.cls}`} />
            <span className="banner-text">
              <b>{CLASS_NAMES[node.cls]}</b> state #{node.id} · {node.depth} move{node.depth === 1 ? '' : 's'}{s.statesCover ? ` · ${node.emptyLeft} empty left` : ''}{node.moves !== '' && <> · <span className="banner-moves">{node.moves}</span></>}
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
