/**
 * Solution graph -> Cytoscape elements and stylesheet (STYLE §5: the view
 * library never sees core types). Two views: the full graph (one node per
 * state, layered by move count) and the collapsed one (one node per
 * (depth, class) group with its count) for graphs too big to draw.
 */
import type { ElementDefinition, StylesheetJson } from 'cytoscape';
import { NODE_CLASSES } from '../../core/graph/classes';
import { DIRECTIONS } from '../../core/rules/moves';
import type { GraphData } from '../../core/graph/graphData';
import { layeredLayout, type Positions } from './graphLayout';
import { CLASS_COLOURS, DIM_OPACITY, EDGE_LABEL, EDGE_STYLE, GROUP_LABEL, NODE_RING, NODE_SIZE } from './graphStyle';

/** Graphs with more nodes than this open in the collapsed view (configurable in the panel). */
export const DEFAULT_FULL_GRAPH_LIMIT = 2_000;
/** Beyond this even an explicit "show full graph" is refused: Cytoscape would stall the page. */
export const HARD_FULL_GRAPH_LIMIT = 12_000;

export const nodeElementId = (id: number): string => `n${id}`;
export const groupElementId = (depth: number, cls: number): string => `g${depth}-${cls}`;

/** Every state as a node (positions from the layered layout), every move as an edge. */
export function fullGraphElements(graph: GraphData, positions: Positions = layeredLayout(graph)): ElementDefinition[] {
  const out: ElementDefinition[] = [];
  for (let id = 0; id < graph.nodeCount; id++) {
    const cls = NODE_CLASSES[graph.cls[id]!]!;
    out.push({
      group: 'nodes',
      data: { id: nodeElementId(id), node: id, cls, depth: graph.depth[id]! },
      position: { x: positions.x[id]!, y: positions.y[id]! },
      classes: id === 0 ? `${cls} start` : cls,
    });
  }
  for (let e = 0; e < graph.edgeFrom.length; e++) {
    out.push({
      group: 'edges',
      data: { id: `e${e}`, source: nodeElementId(graph.edgeFrom[e]!), target: nodeElementId(graph.edgeTo[e]!), move: DIRECTIONS[graph.edgeMove[e]!]! },
      classes: graph.edgeSolution[e] === 1 ? 'solution' : '',
    });
  }
  return out;
}

/** Summary of the collapsed view, for the panel's caption and tests. */
export interface CollapsedGraph {
  readonly elements: ElementDefinition[];
  readonly groups: number;
  /** Consecutive depths merged into one column (1 when every depth has its own). */
  readonly depthsPerColumn: number;
  /** Moves inside one group (not drawn). */
  readonly internalEdges: number;
}

/** Most columns the collapsed view draws; deeper graphs merge consecutive depths. */
export const COLLAPSED_MAX_COLUMNS = 24;

/** Depths per column of the collapsed view of `graph`. */
export function depthsPerColumn(graph: Pick<GraphData, 'nodeCount' | 'depth'>, maxColumns = COLLAPSED_MAX_COLUMNS): number {
  const deepest = graph.nodeCount > 0 ? graph.depth[graph.nodeCount - 1]! : 0; // ids are in BFS order
  return Math.max(1, Math.ceil((deepest + 1) / maxColumns));
}

/** The collapsed-view group (element id) that node `id` belongs to. */
export function groupOfNode(graph: GraphData, id: number, perColumn = depthsPerColumn(graph)): string {
  return groupElementId(Math.floor(graph.depth[id]! / perColumn), graph.cls[id]!);
}

/**
 * One node per (column of depths, class) with its state count, edges merged
 * between groups (label = number of moves). Lanes by class (y), columns by
 * depth (x), at most {@link COLLAPSED_MAX_COLUMNS} columns so the drawing
 * stays readable at any size; `aspect` (width / height of the canvas) sets
 * the lane spacing so the drawing fills it. O(V + E).
 */
export function collapsedGraphElements(graph: GraphData, options: { aspect?: number } = {}): CollapsedGraph {
  const perColumn = depthsPerColumn(graph);
  const groups = new Map<string, { column: number; cls: number; count: number; first: number; minDepth: number; maxDepth: number }>();
  for (let id = 0; id < graph.nodeCount; id++) {
    const depth = graph.depth[id]!, column = Math.floor(depth / perColumn);
    const key = groupElementId(column, graph.cls[id]!);
    const g = groups.get(key);
    if (g === undefined) groups.set(key, { column, cls: graph.cls[id]!, count: 1, first: id, minDepth: depth, maxDepth: depth });
    else {
      g.count++;
      g.maxDepth = Math.max(g.maxDepth, depth);
    }
  }
  const columns = Math.floor(graph.depth[graph.nodeCount - 1]! / perColumn) + 1;
  const columnGap = 60;
  const laneGap = Math.max(50, (columns * columnGap) / (options.aspect ?? 1.6) / 4);
  const lane = [0, 4, 1, 3, 2]; // success, fail, solution, dead, indeterminate -> top to bottom: success, solution, indeterminate, dead, fail
  const biggest = Math.max(...[...groups.values()].map((g) => g.count));
  const elements: ElementDefinition[] = [];
  for (const [key, g] of groups) {
    const cls = NODE_CLASSES[g.cls]!;
    const size = 12 + 34 * (Math.log10(g.count + 1) / Math.log10(biggest + 1));
    const depths = g.minDepth === g.maxDepth ? `${g.minDepth}` : `${g.minDepth}–${g.maxDepth}`;
    elements.push({
      group: 'nodes',
      data: { id: key, node: g.first, cls, depth: g.minDepth, depths, count: g.count, label: g.count.toLocaleString('en-US'), size },
      position: { x: g.column * columnGap, y: lane[g.cls]! * laneGap },
      classes: `${cls} group${g.first === 0 ? ' start' : ''}`,
    });
  }
  const edges = new Map<string, { source: string; target: string; count: number; solution: boolean }>();
  let internal = 0;
  for (let e = 0; e < graph.edgeFrom.length; e++) {
    const source = groupOfNode(graph, graph.edgeFrom[e]!, perColumn), target = groupOfNode(graph, graph.edgeTo[e]!, perColumn);
    if (source === target) {
      internal++;
      continue;
    }
    const key = `${source}>${target}`;
    const entry = edges.get(key);
    if (entry === undefined) edges.set(key, { source, target, count: 1, solution: graph.edgeSolution[e] === 1 });
    else {
      entry.count++;
      entry.solution ||= graph.edgeSolution[e] === 1;
    }
  }
  let k = 0;
  for (const edge of edges.values()) {
    elements.push({
      group: 'edges',
      data: { id: `ge${k++}`, source: edge.source, target: edge.target, move: edge.count.toLocaleString('en-US'), count: edge.count, width: 1 + Math.log10(edge.count) * 1.5 },
      classes: edge.solution ? 'solution group' : 'group',
    });
  }
  return { elements, groups: groups.size, depthsPerColumn: perColumn, internalEdges: internal };
}

/** The stylesheet (values from `graphStyle.ts`): class colours, green solution edges, U/D/L/R labels (hidden when zoomed far out). */
export function graphStylesheet(options: { large: boolean }): StylesheetJson {
  const classRules = NODE_CLASSES.map((cls) => ({ selector: `node.${cls}`, style: { 'background-color': CLASS_COLOURS[cls] } }));
  const ring = (r: { colour: string; width: number }) => ({ 'border-width': r.width, 'border-color': r.colour });
  return [
    {
      selector: 'node',
      style: {
        width: NODE_SIZE.plain,
        height: NODE_SIZE.plain,
        'border-width': 0,
        'overlay-opacity': 0,
      },
    },
    ...classRules,
    { selector: 'node.start', style: { ...ring(NODE_RING.start), width: NODE_SIZE.start, height: NODE_SIZE.start } },
    {
      selector: 'node.group',
      style: {
        width: 'data(size)',
        height: 'data(size)',
        label: 'data(label)',
        color: GROUP_LABEL.colour,
        'font-size': GROUP_LABEL.fontSize,
        'text-valign': 'bottom',
        'text-margin-y': 3,
        'min-zoomed-font-size': 5,
      },
    },
    { selector: 'node.dim', style: { opacity: DIM_OPACITY } },
    { selector: 'node.onpath', style: { ...ring(NODE_RING.path), opacity: 1, 'z-index': 8 } },
    { selector: 'node.hovered', style: ring(NODE_RING.hovered) },
    { selector: 'node.current', style: { ...ring(NODE_RING.current), width: NODE_SIZE.marked, height: NODE_SIZE.marked } },
    { selector: 'node.chosen', style: { ...ring(NODE_RING.chosen), width: NODE_SIZE.marked, height: NODE_SIZE.marked } },
    {
      selector: 'edge',
      style: {
        width: EDGE_STYLE.move.width,
        'line-color': EDGE_STYLE.move.colour,
        'curve-style': options.large ? 'haystack' : 'straight',
        'target-arrow-shape': options.large ? 'none' : 'triangle',
        'target-arrow-color': EDGE_STYLE.move.colour,
        'arrow-scale': 0.7,
        ...(options.large ? {} : { label: 'data(move)' }),
        'font-size': EDGE_LABEL.fontSize,
        color: EDGE_STYLE.move.label,
        'text-background-color': EDGE_LABEL.background,
        'text-background-opacity': EDGE_LABEL.backgroundOpacity,
        'text-background-padding': '1px',
        'min-zoomed-font-size': EDGE_LABEL.minScreenSize,
        'overlay-opacity': 0,
      },
    },
    { selector: 'edge.solution', style: { 'line-color': EDGE_STYLE.solution.colour, 'target-arrow-color': EDGE_STYLE.solution.colour, width: EDGE_STYLE.solution.width, color: EDGE_STYLE.solution.label, 'z-index': 2 } },
    { selector: 'edge.group', style: { width: 'data(width)', 'curve-style': 'bezier', 'target-arrow-shape': 'triangle' } },
    { selector: 'edge.onpath', style: { 'line-color': EDGE_STYLE.path.colour, 'target-arrow-color': EDGE_STYLE.path.colour, width: EDGE_STYLE.path.width, 'z-index': 9, color: EDGE_STYLE.path.label } },
  ];
}
