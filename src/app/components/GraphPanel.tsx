/**
 * The solution graph panel: class counts (which double as the legend),
 * the Cytoscape view (full or collapsed), the analysis status with Cancel,
 * the state-cap message, and a hover card with the node's features.
 */
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { NODE_CLASSES } from '../../core/graph/classes';
import { depthsPerColumn, HARD_FULL_GRAPH_LIMIT } from '../adapters/cytoscapeElements';
import { catAfter, findNode, nodeSummary } from '../adapters/graphData';
import { STATE_CAP_CHOICES } from '../store/analysisSlice';
import { selectCurrentGraph } from '../store/selectors';
import { useActions, useServices, useStudioShallow } from '../studioContext';
import { CytoscapeView, fitGraph, type GraphLayoutName, type RenderReport } from './CytoscapeView';

/** Dagre is offered up to this many nodes: ~0.4 s at 600 (see docs/BENCHMARKS.md); the layered layout is the default at every size. */
export const DAGRE_LIMIT = 1_000;

export function GraphPanel() {
  const get = useActions();
  const { analysis: controller } = useServices();
  const s = useStudioShallow((st) => ({
    analysis: st.analysis,
    current: selectCurrentGraph(st),
    graphView: st.graphView,
    limit: st.fullGraphLimit,
    stateCap: st.stateCap,
    selected: st.selectedNode,
    hovered: st.hoveredNode,
    mode: st.mode,
    play: st.play,
    level: st.level,
  }));
  const [layout, setLayout] = useState<GraphLayoutName>('layered');
  const [hoverAt, setHoverAt] = useState<{ x: number; y: number } | null>(null);
  const [hoverGroup, setHoverGroup] = useState<{ count: number; depths: string } | null>(null);
  const [report, setReport] = useState<RenderReport | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const { analysis } = s;
  const graph = analysis.graph;
  const n = graph?.nodeCount ?? 0;
  const auto = n > s.limit ? 'collapsed' : 'full';
  const wanted = s.graphView === 'auto' ? auto : s.graphView;
  const view = wanted === 'full' && n > HARD_FULL_GRAPH_LIMIT ? 'collapsed' : wanted;
  const effectiveLayout = view === 'full' && n <= DAGRE_LIMIT ? layout : 'layered';
  const stale = graph !== null && s.current === null;

  const { mode, play, current, level } = s;
  const currentNode = useMemo(() => {
    if (mode !== 'play' || play === null || current === null) return null;
    const id = findNode(current, catAfter(level, play.moves).state);
    return id < 0 ? null : id;
  }, [mode, play, current, level]);

  const hovered = s.hovered !== null && graph !== null && s.hovered < graph.nodeCount ? nodeSummary(graph, s.hovered) : null;
  const running = analysis.status === 'running';

  return (
    <section className="panel graph-panel" aria-label="Solution graph" data-testid="graph.panel">
      <header className="panel-header">
        <h2>Solution graph</h2>
        <span className="muted" data-testid="graph.total">{graph !== null ? `${n.toLocaleString('en-US')} states · ${graph.edgeFrom.length.toLocaleString('en-US')} moves` : ''}</span>
        <span className="grow" />
        <span className={`busy${running ? ' on' : ''}`} data-testid="graph.status" data-status={analysis.status}>
          {running ? 'analysing…' : analysis.status === 'done' && graph !== null ? `${graph.elapsedMs.toFixed(1)} ms` : ''}
        </span>
        {running && (
          <button type="button" className="small" data-testid="graph.cancel" onClick={() => controller.cancel()}>
            Cancel
          </button>
        )}
      </header>
      <div className={`counts${stale ? ' stale' : ''}`} data-testid="graph.counts" data-key={graph?.levelKey ?? ''} data-analysis-key={analysis.key ?? ''} data-status={analysis.status} role="list" aria-label="states per class (legend)">
        {NODE_CLASSES.map((c) => (
          <span key={c} className="count-chip" role="listitem" data-testid={`graph.count.${c}`} data-count={graph?.counts[c] ?? ''}>
            <span className={`swatch swatch-${c}`} />
            <span className="count-name">{c}</span>
            <b className="count-value">{graph !== null ? graph.counts[c].toLocaleString('en-US') : '–'}</b>
          </span>
        ))}
      </div>
      <div className="graph-controls">
        <div className="segmented" role="radiogroup" aria-label="graph view">
          {(['auto', 'full', 'collapsed'] as const).map((v) => (
            <button key={v} type="button" role="radio" aria-checked={s.graphView === v} className={s.graphView === v ? 'active' : ''} data-testid={`graph.view.${v}`} onClick={() => get().setGraphView(v)}>
              {v}
            </button>
          ))}
        </div>
        <label className="field small-field" title={`dagre is offered up to ${DAGRE_LIMIT} states`}>
          <span>layout</span>
          <select value={effectiveLayout} data-testid="graph.layout" disabled={view !== 'full' || n > DAGRE_LIMIT} onChange={(e) => setLayout(e.target.value as GraphLayoutName)}>
            <option value="layered">layered by moves</option>
            <option value="dagre">dagre</option>
          </select>
        </label>
        <button type="button" className="small" data-testid="graph.fit" onClick={fitGraph} title="Fit the graph">Fit</button>
        <label className="field small-field" title="in auto view, graphs with more states than this open collapsed">
          <span>collapse over</span>
          <input
            type="number"
            min={50}
            max={HARD_FULL_GRAPH_LIMIT}
            step={100}
            defaultValue={s.limit}
            key={s.limit}
            data-testid="graph.limit"
            className="limit-input"
            onBlur={(e) => get().setFullGraphLimit(Number(e.target.value) || s.limit)}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
          />
        </label>
        <span className="grow" />
        <Legend />
      </div>
      <div className="graph-body" ref={body}>
        {analysis.status === 'capped' && analysis.cap !== null ? (
          <div className="graph-message warn" data-testid="graph.capMessage" role="alert">
            <b>State cap reached:</b> {analysis.cap.message.replace(/^state cap reached:\s*/i, '')}. Raise the cap to analyse it anyway (slower, more memory).
            <label className="field">
              <span>state cap</span>
              <select value={s.stateCap} data-testid="graph.stateCap" onChange={(e) => get().setStateCap(Number(e.target.value))}>
                {STATE_CAP_CHOICES.map((c) => (
                  <option key={c} value={c}>{c.toLocaleString('en-US')}</option>
                ))}
              </select>
            </label>
          </div>
        ) : analysis.status === 'cancelled' ? (
          <div className="graph-message" data-testid="graph.cancelled">
            Analysis cancelled. <button type="button" className="small" onClick={() => controller.retry()}>Analyse again</button>
          </div>
        ) : analysis.status === 'failed' ? (
          <div className="graph-message warn" role="alert">{analysis.error}</div>
        ) : null}
        <CytoscapeView
          graph={analysis.status === 'capped' || analysis.status === 'cancelled' ? null : graph}
          view={view}
          layout={effectiveLayout}
          selected={s.selected}
          current={currentNode}
          onSelect={(id) => get().selectNode(id)}
          onHover={(id, at, group) => {
            get().hoverNode(id);
            setHoverAt(at);
            setHoverGroup(group ?? null);
          }}
          onRendered={setReport}
        />
        {view === 'collapsed' && graph !== null && (
          <div className="graph-note" data-testid="graph.collapsed">
            Collapsed: {n.toLocaleString('en-US')} states grouped by moves{depthsPerColumn(graph) > 1 ? ` (${depthsPerColumn(graph)} per column)` : ''} × class{wanted === 'full' ? ` (over ${HARD_FULL_GRAPH_LIMIT.toLocaleString('en-US')} states cannot be drawn one by one)` : ''}.
            {n <= HARD_FULL_GRAPH_LIMIT && s.graphView !== 'full' && (
              <button type="button" className="link" data-testid="graph.showFull" onClick={() => get().setGraphView('full')}>
                draw every state
              </button>
            )}
          </div>
        )}
        {report !== null && graph !== null && (
          <div className="graph-perf muted" data-testid="graph.renderTime">
            drawn in {report.ms.toFixed(0)} ms
          </div>
        )}
        {hovered !== null && hoverAt !== null && (
          <div className="node-card" data-testid="graph.tooltip" style={cardPosition(hoverAt, body.current)}>
            {hoverGroup !== null && (
              <div className="group-line">
                <span className={`swatch swatch-${hovered.cls}`} /> <b>{hoverGroup.count.toLocaleString('en-US')} {hovered.cls}</b> states after {hoverGroup.depths} moves; the first:
              </div>
            )}
            <div>
              <span className={`swatch swatch-${hovered.cls}`} /> <b>{hovered.cls}</b> · state #{hovered.id}
            </div>
            <dl>
              <dt>moves</dt><dd>{hovered.depth}{hovered.moves !== '' ? ` (${hovered.moves.length > 24 ? hovered.moves.slice(0, 24) + '…' : hovered.moves})` : ''}</dd>
              <dt>legal moves</dt><dd>{hovered.outdeg}</dd>
              <dt>cells filled</dt><dd>{hovered.filled}</dd>
              <dt>empty left</dt><dd>{hovered.emptyLeft}</dd>
              <dt>head</dt><dd>({hovered.head.x + 1}, {hovered.head.y + 1})</dd>
              <dt>random win</dt><dd>{(hovered.winProbability * 100).toFixed(1)}%</dd>
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}

/** Places the hover card beside the node, flipped to stay inside the panel. */
function cardPosition(at: { x: number; y: number }, box: HTMLElement | null): CSSProperties {
  const w = box?.clientWidth ?? 400, h = box?.clientHeight ?? 300;
  return {
    ...(at.x > w / 2 ? { right: w - at.x + 14 } : { left: at.x + 14 }),
    ...(at.y > h / 2 ? { bottom: h - at.y + 14 } : { top: at.y + 14 }),
  };
}

function Legend() {
  return (
    <div className="legend" data-testid="graph.legend" aria-label="legend">
      <span><i className="legend-start" /> start</span>
      <span><i className="legend-edge solution" /> solution move</span>
      <span><i className="legend-edge" /> other move</span>
    </div>
  );
}
