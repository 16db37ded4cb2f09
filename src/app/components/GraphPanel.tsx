/**
 * The solution graph panel: class counts (which double as the legend and
 * light up their class when clicked), the Cytoscape view (full or collapsed)
 * with zoom controls, a minimap and a maximise toggle, the path from the
 * start to the selected or current state, browsing a collapsed group's
 * states, the analysis status with Cancel, the state-cap message, and a
 * hover card with the node's features.
 */
import { tryMovesAt } from '../../core/players/trace';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { NODE_CLASSES } from '../../core/graph/classes';
import { depthsPerColumn, HARD_FULL_GRAPH_LIMIT } from '../adapters/cytoscapeElements';
import { catAfter, findNode, movesTo, nodeSummary } from '../adapters/graphData';
import { rulesetByName } from '../../core/rules/registry';
import { graphRules, selectRuleset } from '../store/rules';
import { CLASS_GLOSSARY, CLASS_NAMES, groupMembers, highlightedNodes, pathTo } from '../adapters/graphHighlight';
import { graphCommand } from '../graphCommands';
import { STATE_CAP_CHOICES } from '../store/analysisSlice';
import { selectCurrentGraph } from '../store/selectors';
import { useActions, useServices, useStudioShallow } from '../studioContext';
import { CanvasGraphView } from './CanvasGraphView';
import type { GraphLayoutName, GraphViewport, GraphViewProps, RenderReport } from './graphView';
import { DAGRE_LIMIT } from '../../workers/layout.protocol';
import { GraphMinimap } from './GraphMinimap';
import { GraphTooltip } from './GraphTooltip';
import { TrafficBar } from './TrafficBar';
import { graphTraffic, levelPlayerData } from '../adapters/playerData';

/**
 * Cytoscape (a fifth of the studio's JS) loads after the first paint, while
 * the first level is analysed: the page shows without it (e2e/firstLoad.spec.ts).
 */
const CytoscapeView = lazy(async () => ({ default: (await import('./CytoscapeView')).CytoscapeView }));

/** Drawings with more states than this get a minimap. */
const MINIMAP_FROM = 300;

/**
 * Full layered drawings with more states than this are painted by our own
 * canvas renderer: Cytoscape's first render of them is one long main-thread
 * task (0.3-0.5 ms per node here), over 100 ms from a few hundred nodes up.
 */
export const CANVAS_FROM = 400;

/**
 * Keys that step a closed <select>'s value in Chromium without opening it.
 * The layout select ignores them: a layout changes only on a deliberate
 * choice (a click, or the list opened with Alt+Down, Space or Enter), since
 * the choice applies to every level after and dagre can take seconds.
 */
const STEPPING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

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
    replay: st.replay,
    level: st.level,
    highlight: st.graphHighlight,
    maximised: st.graphMaximised,
    trafficOn: st.graphTraffic,
    players: st.playerData,
    pack: st.pack,
  }));
  const [viewport, setViewport] = useState<GraphViewport | null>(null);
  const [layout, setLayout] = useState<GraphLayoutName>('layered');
  const [hoverAt, setHoverAt] = useState<{ x: number; y: number } | null>(null);
  const [hoverGroup, setHoverGroup] = useState<{ count: number; depths: string } | null>(null);
  const [report, setReport] = useState<RenderReport | null>(null);
  const body = useRef<HTMLDivElement>(null);
  // Maximise and restore fit the graph to its new size (the old zoom would leave it in a corner):
  // armed when the state flips, done on the next size change of the panel's body, after the
  // view has taken its new size (its own observer runs first); not on the first render.
  const wasMaximised = useRef(s.maximised);
  const fitPending = useRef(false);
  if (wasMaximised.current !== s.maximised) {
    wasMaximised.current = s.maximised;
    fitPending.current = true;
  }
  useEffect(() => {
    const el = body.current;
    if (el === null) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const observer = new ResizeObserver(() => {
      if (!fitPending.current) return;
      fitPending.current = false;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => graphCommand('fit'), 30);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  const { analysis } = s;
  const graph = analysis.graph;
  const n = graph?.nodeCount ?? 0;
  const auto = n > s.limit ? 'collapsed' : 'full';
  const wanted = s.graphView === 'auto' ? auto : s.graphView;
  const view = wanted === 'full' && n > HARD_FULL_GRAPH_LIMIT ? 'collapsed' : wanted;
  const effectiveLayout = view === 'full' && n <= DAGRE_LIMIT ? layout : 'layered';
  /** Dagre was chosen but the full graph is too big for it: the layered layout draws it, and the panel says why. */
  const dagreRefused = layout === 'dagre' && view === 'full' && n > DAGRE_LIMIT;
  const stale = graph !== null && s.current === null;
  const renderer = view === 'full' && effectiveLayout === 'layered' && n > CANVAS_FROM ? 'canvas' : 'cytoscape';

  const { mode, play, replay, current, level, highlight, selected } = s;
  // The playtest's or replay's state on the graph.
  const currentNode = useMemo(() => {
    if (current === null) return null;
    const moves = mode === 'play' && play !== null ? play.moves : mode === 'replay' && replay !== null ? tryMovesAt(replay.moves, replay.step) : null;
    if (moves === null) return null;
    const id = findNode(current, catAfter(level, moves, rulesetByName(graphRules(current))).state);
    return id < 0 ? null : id;
  }, [mode, play, replay, current, level]);
  // Players' traffic: the states they passed lit (the rest dimmed), sized by attempts; the wrong branch drawn as the path when nothing else is.
  const levelTraces = s.trafficOn ? (levelPlayerData(s.players, s.pack, level)?.traces ?? null) : null;
  const traffic = useMemo(() => (current !== null && levelTraces !== null && levelTraces.length > 0 ? graphTraffic(current, levelTraces) : null), [current, levelTraces]);
  const lit = useMemo(() => {
    if (current !== null && highlight !== null) return highlightedNodes(current, highlight);
    if (traffic !== null) return Uint8Array.from(traffic.passes, (p) => (p > 0 ? 1 : 0));
    return null;
  }, [current, highlight, traffic]);
  const pathEnd = currentNode ?? selected;
  const path = useMemo(() => {
    if (current !== null && pathEnd !== null && pathEnd < current.nodeCount) return pathTo(current, pathEnd);
    const wrong = traffic?.mostTravelledWrongBranch;
    if (current !== null && wrong !== null && wrong !== undefined) {
      const to = pathTo(current, wrong.from);
      return { nodes: [...to.nodes, wrong.to], edges: [...to.edges, wrong.edge] };
    }
    return null;
  }, [current, pathEnd, traffic]);
  const group = useMemo(() => (view === 'collapsed' && current !== null && selected !== null && selected < current.nodeCount ? groupMembers(current, selected) : null), [view, current, selected]);
  const pressed = (v: 'auto' | 'full' | 'collapsed'): boolean => (v === 'auto' ? s.graphView === 'auto' : s.graphView === v && view === v);

  const hovered = s.hovered !== null && graph !== null && s.hovered < graph.nodeCount ? nodeSummary(graph, s.hovered) : null;
  const running = analysis.status === 'running';

  return (
    <section className={`panel graph-panel${s.maximised ? ' maximised' : ''}`} aria-label="Solution graph" data-testid="graph.panel" data-maximised={s.maximised}>
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
        <button
          type="button"
          className="small icon"
          data-testid="graph.maximise"
          aria-pressed={s.maximised}
          aria-label={s.maximised ? 'Restore the graph panel (G)' : 'Maximise the graph panel (G)'}
          title={s.maximised ? 'Restore (G)' : 'Maximise (G)'}
          onClick={() => get().setGraphMaximised(!s.maximised)}
        >
          {s.maximised ? '⤡' : '⤢'}
        </button>
      </header>
      <div className={`counts${stale ? ' stale' : ''}`} data-testid="graph.counts" data-key={graph?.levelKey ?? ''} data-analysis-key={analysis.key ?? ''} data-status={analysis.status} role="list" aria-label="states per class (legend)">
        {NODE_CLASSES.map((c) => {
          const on = highlight?.kind === 'class' && highlight.cls === c;
          return (
            <span key={c} role="listitem">
              <button
                type="button"
                className={`count-chip${on ? ' on' : ''}`}
                data-testid={`graph.count.${c}`}
                data-count={graph?.counts[c] ?? ''}
                aria-pressed={on}
                title={`${CLASS_GLOSSARY[c]}. Click to light these states up. (Research term: ${c}.)`}
                onClick={() => get().toggleGraphHighlight({ kind: 'class', cls: c })}
              >
                <span className={`swatch swatch-${c}`} />
                <span className="count-name">{CLASS_NAMES[c]}</span>
                <b className="count-value">{graph !== null ? graph.counts[c].toLocaleString('en-US') : '–'}</b>
              </button>
            </span>
          );
        })}
        {highlight !== null && (
          <button type="button" className="link small" data-testid="graph.highlightClear" onClick={() => get().toggleGraphHighlight(null)}>
            clear highlight
          </button>
        )}
      </div>
      <TrafficBar />
      <div className="graph-controls">
        <div className="segmented" role="radiogroup" aria-label="graph view">
          {(['auto', 'full', 'collapsed'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={pressed(v)}
              className={pressed(v) ? 'active' : ''}
              data-testid={`graph.view.${v}`}
              data-refused={v === 'full' && wanted === 'full' && view !== 'full' ? 'true' : undefined}
              title={v === 'auto' ? `collapse graphs over ${s.limit.toLocaleString('en-US')} states (now: ${view})` : v === 'full' ? `every state as a node (up to ${HARD_FULL_GRAPH_LIMIT.toLocaleString('en-US')})` : 'one node per moves × class'}
              onClick={() => get().setGraphView(v)}
            >
              {v === 'auto' && s.graphView === 'auto' && graph !== null ? `auto: ${view}` : v}
            </button>
          ))}
        </div>
        <label className="field small-field" title={`dagre is offered up to ${DAGRE_LIMIT.toLocaleString('en-US')} states`}>
          <span>layout</span>
          <select
            value={effectiveLayout}
            data-testid="graph.layout"
            disabled={view !== 'full' || n > DAGRE_LIMIT}
            aria-describedby={dagreRefused ? 'graph-layout-note' : undefined}
            onKeyDown={(e) => {
              if (STEPPING_KEYS.has(e.key) && !e.altKey) e.preventDefault();
            }}
            onChange={(e) => setLayout(e.target.value as GraphLayoutName)}
          >
            <option value="layered">layered by moves</option>
            <option value="dagre">dagre</option>
          </select>
        </label>

        <span className="zoom-buttons" role="group" aria-label="zoom">
          <button type="button" className="small icon" data-testid="graph.zoomOut" aria-label="Zoom out (-)" title="Zoom out (-)" onClick={() => graphCommand('zoomOut')}>−</button>
          <button type="button" className="small icon" data-testid="graph.zoomIn" aria-label="Zoom in (+)" title="Zoom in (+)" onClick={() => graphCommand('zoomIn')}>+</button>
          <button type="button" className="small" data-testid="graph.fit" aria-label="Fit the graph (0)" title="Fit the graph (0)" onClick={() => graphCommand('fit')}>Fit</button>
          <button type="button" className="small" data-testid="graph.actualSize" aria-label="1:1 actual size (1)" title="Actual size (1)" onClick={() => graphCommand('actualSize')}>1:1</button>
        </span>
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
        {(() => {
          const viewProps: GraphViewProps = {
            graph: analysis.status === 'capped' || analysis.status === 'cancelled' ? null : graph,
            view,
            layout: effectiveLayout,
            selected: s.selected,
            current: currentNode,
            lit,
            path,
            traffic: traffic === null ? null : traffic.passes,
            onViewport: setViewport,
            onSelect: (id) => get().selectNode(id),
            onHover: (id, at, group) => {
              get().hoverNode(id);
              setHoverAt(at);
              setHoverGroup(group ?? null);
            },
            onRendered: setReport,
          };
          return renderer === 'canvas' ? (
            <CanvasGraphView key="canvas" {...viewProps} />
          ) : (
            <Suspense key="cytoscape" fallback={<div className="cy" data-testid="graph.loading" />}>
              <CytoscapeView {...viewProps} />
            </Suspense>
          );
        })()}
        {dagreRefused && graph !== null && (
          <div className="graph-note" id="graph-layout-note" data-testid="graph.layoutNote" role="status">
            Drawn layered: dagre lays out up to {DAGRE_LIMIT.toLocaleString('en-US')} states; this graph has {n.toLocaleString('en-US')}.
          </div>
        )}
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
        {view === 'full' && graph !== null && n >= MINIMAP_FROM && report !== null && <GraphMinimap viewport={viewport} version={report} />}
        {mode === 'edit' && selected !== null && current !== null && selected < current.nodeCount && (
          <button
            type="button"
            className="small play-from-here"
            data-testid="graph.playFromHere"
            title="Playtest from the state shown (restart comes back here; the time is not logged for the lab)"
            onClick={() => get().startPlaytestFrom(movesTo(current, selected))}
          >
            ▶ Play from here
          </button>
        )}
        {group !== null && selected !== null && current !== null && (
          <div className="group-browser" data-testid="graph.group" role="group" aria-label="states of the selected group">
            <button type="button" className="small icon" data-testid="graph.group.prev" aria-label="Previous state of the group ([)" title="Previous state ([)" disabled={group.indexOf(selected) <= 0} onClick={() => get().selectNode(group[group.indexOf(selected) - 1]!)}>‹</button>
            <span data-testid="graph.group.position">
              <span className={`swatch swatch-${NODE_CLASSES[current.cls[selected]!]}`} /> state {(group.indexOf(selected) + 1).toLocaleString('en-US')} of {group.length.toLocaleString('en-US')}
            </span>
            <button type="button" className="small icon" data-testid="graph.group.next" aria-label="Next state of the group (])" title="Next state (])" disabled={group.indexOf(selected) >= group.length - 1} onClick={() => get().selectNode(group[group.indexOf(selected) + 1]!)}>›</button>
          </div>
        )}
        {hovered !== null && hoverAt !== null && <GraphTooltip node={hovered} at={hoverAt} box={body.current} group={hoverGroup} glyphs={selectRuleset(s).glyphs} />}
      </div>
    </section>
  );
}

function Legend() {
  return (
    <div className="legend" data-testid="graph.legend" aria-label="legend">
      <span><i className="legend-start" /> start</span>
      <span><i className="legend-edge solution" /> winning move</span>
      <span><i className="legend-edge" /> other move</span>
      <span><i className="legend-edge path" /> path to the state shown</span>
    </div>
  );
}
