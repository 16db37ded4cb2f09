/**
 * A small drawing of one conflict version's solution graph, painted by the
 * graph panel's canvas renderer (canvasGraph/paint.ts) fitted to the box;
 * the analysis and the layout were done in workers
 * (controllers/conflictGraphsController.ts). While they run it says so; a
 * version past the state cap or not a valid level gets the reason instead.
 */
import { useEffect, useRef } from 'react';
import { CONFLICT_GRAPH_ASPECT } from '../../controllers/conflictGraphsController';
import type { ConflictGraph } from '../../store/repoSlice';
import { paintGraph, type PaintMarks } from '../canvasGraph/paint';
import { boundsOf, fitViewport } from '../canvasGraph/viewport';

const H = 96, W = Math.round(H * CONFLICT_GRAPH_ASPECT), PAD = 8;
const NO_MARKS: PaintMarks = { selected: null, current: null, hovered: null, lit: null, pathNodes: null, pathEdges: null };

export function ConflictGraphView({ graph }: { graph: ConflictGraph | undefined }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scene = graph?.kind === 'graph' ? graph.scene : null;
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (scene === null || ctx == null) return;
    paintGraph(ctx, scene, fitViewport(boundsOf(scene.x, scene.y), W, H, PAD), W, H, NO_MARKS);
  }, [scene]);
  if (graph === undefined) return <span className="muted conflict-graph" data-testid="conflicts.graphPending">solution graph: analysing…</span>;
  if (graph.kind === 'none') {
    const why = graph.reason === 'state-cap' ? 'no graph: too many states to solve under the state cap' : graph.reason === 'invalid' ? 'no graph: not a valid level' : 'no graph: the analysis failed';
    return (
      <span className="lint-broken conflict-graph" data-testid="conflicts.graphMessage" data-reason={graph.reason} title={graph.message}>
        {why} ({graph.message})
      </span>
    );
  }
  return (
    <canvas
      ref={canvas}
      className="conflict-graph"
      width={W}
      height={H}
      data-testid="conflicts.graph"
      data-nodes={graph.nodes}
      aria-label={`solution graph: ${graph.nodes.toLocaleString('en-US')} states`}
      title={`${graph.nodes.toLocaleString('en-US')} states`}
    />
  );
}
