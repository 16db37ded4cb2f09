/**
 * Solution graph -> Cytoscape elements and stylesheet (STYLE §5: the view
 * library never sees core types). Two views: the full graph (one node per
 * state, layered by move count) and the collapsed one (one node per
 * (depth, class) group with its count) for graphs too big to draw.
 */
import type { ElementDefinition, StylesheetJson } from 'cytoscape';
import { NODE_CLASSES, type NodeClassName } from '../../core/graph/classes';
import { DIRECTIONS } from '../../core/rules/moves';
import type { GraphData } from '../../workers/analysis.api';
import { layeredLayout, type Positions } from './graphLayout';

/** Class colours, shared with the CSS swatches (styles.css). */
export const CLASS_COLOURS: Record<NodeClassName, string> = {
  success: '#22c55e',
  fail: '#ef4444',
  solution: '#3b82f6',
  dead: '#a855f7',
  indeterminate: '#eab308',
};

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
}

/**
 * One node per (depth, class) with its state count, edges merged between
 * groups (label = number of moves). Lanes by class (y), layers by depth (x).
 * O(V + E).
 */
export function collapsedGraphElements(graph: GraphData): CollapsedGraph {
  const counts = new Map<string, { depth: number; cls: number; count: number; first: number }>();
  for (let id = 0; id < graph.nodeCount; id++) {
    const key = groupElementId(graph.depth[id]!, graph.cls[id]!);
    const g = counts.get(key);
    if (g === undefined) counts.set(key, { depth: graph.depth[id]!, cls: graph.cls[id]!, count: 1, first: id });
    else g.count++;
  }
  const lane = [0, 4, 1, 3, 2]; // success, fail, solution, dead, indeterminate -> top to bottom: success, solution, indeterminate, dead, fail
  const elements: ElementDefinition[] = [];
  for (const [key, g] of counts) {
    const cls = NODE_CLASSES[g.cls]!;
    elements.push({
      group: 'nodes',
      data: { id: key, node: g.first, cls, depth: g.depth, count: g.count, label: String(g.count), size: 14 + 6 * Math.log10(g.count + 1) * 2 },
      position: { x: g.depth * 110, y: lane[g.cls]! * 80 },
      classes: `${cls} group${g.first === 0 ? ' start' : ''}`,
    });
  }
  const edges = new Map<string, { source: string; target: string; count: number; solution: boolean }>();
  for (let e = 0; e < graph.edgeFrom.length; e++) {
    const a = graph.edgeFrom[e]!, b = graph.edgeTo[e]!;
    const source = groupElementId(graph.depth[a]!, graph.cls[a]!), target = groupElementId(graph.depth[b]!, graph.cls[b]!);
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
      data: { id: `ge${k++}`, source: edge.source, target: edge.target, move: String(edge.count), width: 1 + Math.log10(edge.count) * 1.5 },
      classes: edge.solution ? 'solution group' : 'group',
    });
  }
  return { elements, groups: counts.size };
}

/** The stylesheet: class colours, green solution edges, U/D/L/R labels (hidden when zoomed far out). */
export function graphStylesheet(options: { large: boolean }): StylesheetJson {
  const classRules = NODE_CLASSES.map((cls) => ({ selector: `node.${cls}`, style: { 'background-color': CLASS_COLOURS[cls] } }));
  return [
    {
      selector: 'node',
      style: {
        width: 14,
        height: 14,
        'border-width': 0,
        'overlay-opacity': 0,
      },
    },
    ...classRules,
    { selector: 'node.start', style: { 'border-width': 3, 'border-color': '#f8fafc', width: 18, height: 18 } },
    {
      selector: 'node.group',
      style: {
        width: 'data(size)',
        height: 'data(size)',
        label: 'data(label)',
        color: '#e5e7eb',
        'font-size': 11,
        'text-valign': 'bottom',
        'text-margin-y': 3,
        'min-zoomed-font-size': 6,
      },
    },
    { selector: 'node.hovered', style: { 'border-width': 3, 'border-color': '#fbbf24' } },
    { selector: 'node.current', style: { 'border-width': 4, 'border-color': '#f97316', width: 22, height: 22 } },
    { selector: 'node.chosen', style: { 'border-width': 4, 'border-color': '#f8fafc', width: 22, height: 22 } },
    {
      selector: 'edge',
      style: {
        width: 1.2,
        'line-color': '#4b5563',
        'curve-style': options.large ? 'haystack' : 'straight',
        'target-arrow-shape': options.large ? 'none' : 'triangle',
        'target-arrow-color': '#4b5563',
        'arrow-scale': 0.7,
        label: 'data(move)',
        'font-size': 9,
        color: '#9ca3af',
        'text-background-color': '#111827',
        'text-background-opacity': 0.8,
        'text-background-padding': '1px',
        'min-zoomed-font-size': 7,
        'overlay-opacity': 0,
      },
    },
    { selector: 'edge.solution', style: { 'line-color': '#22c55e', 'target-arrow-color': '#22c55e', width: 2, color: '#86efac', 'z-index': 2 } },
    { selector: 'edge.group', style: { width: 'data(width)', 'curve-style': 'bezier', 'target-arrow-shape': 'triangle' } },
  ];
}
