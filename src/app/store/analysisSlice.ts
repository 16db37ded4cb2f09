/** The analysis of the current level (from the worker), the graph view's selection and settings. */
import { DEFAULT_STATE_CAP } from '../../core/graph/solver';
import type { GraphData } from '../../core/graph/graphData';
import type { AnalysisResult } from '../../workers/analysis.protocol';
import type { WorkerMode } from '../../workers/workerClient';
import { DEFAULT_FULL_GRAPH_LIMIT, HARD_FULL_GRAPH_LIMIT } from '../adapters/cytoscapeElements';
import type { Highlight } from '../adapters/graphHighlight';
import type { SliceCreator } from './types';

export type AnalysisStatus = 'idle' | 'running' | 'done' | 'capped' | 'cancelled' | 'failed';
export type GraphView = 'auto' | 'full' | 'collapsed';

export interface AnalysisState {
  readonly status: AnalysisStatus;
  /** Level key of the request in flight or last answered. */
  readonly key: string | null;
  /** The last complete graph (may belong to an older level while a new one runs: compare `graph.levelKey`). */
  readonly graph: GraphData | null;
  readonly cap: { readonly cap: number; readonly statesExplored: number; readonly message: string } | null;
  readonly error: string | null;
  readonly startedAt: number | null;
  readonly workerMode: WorkerMode;
}

/** State caps the panel offers. */
export const STATE_CAP_CHOICES = [10_000, 50_000, DEFAULT_STATE_CAP, 1_000_000, 2_000_000] as const;

export interface AnalysisSlice {
  analysis: AnalysisState;
  stateCap: number;
  selectedNode: number | null;
  hoveredNode: number | null;
  graphView: GraphView;
  fullGraphLimit: number;
  /** States lit on the graph: a class (its chip) or a feature's states (a gauge row); null for none. */
  graphHighlight: Highlight | null;
  /** The graph panel fills the studio. */
  graphMaximised: boolean;

  analysisStarted(key: string, at: number): void;
  /** The worker's answer for `key`: a graph, the state cap, or why the level was refused. */
  analysisAnswered(key: string, answer: AnalysisResult | { readonly kind: 'invalid'; readonly message: string }): void;
  analysisCancelled(): void;
  analysisFailed(message: string): void;
  setWorkerMode(mode: WorkerMode): void;
  selectNode(id: number | null): void;
  hoverNode(id: number | null): void;
  setStateCap(cap: number): void;
  setGraphView(view: GraphView): void;
  setFullGraphLimit(limit: number): void;
  /** Sets the highlight; the same one again turns it off. */
  toggleGraphHighlight(highlight: Highlight | null): void;
  setGraphMaximised(on: boolean): void;
}

const initial: AnalysisState = { status: 'idle', key: null, graph: null, cap: null, error: null, startedAt: null, workerMode: 'worker' };

export const createAnalysisSlice: SliceCreator<AnalysisSlice> = () => (set, get) => ({
  analysis: initial,
  stateCap: DEFAULT_STATE_CAP,
  selectedNode: null,
  hoveredNode: null,
  graphView: 'auto',
  fullGraphLimit: DEFAULT_FULL_GRAPH_LIMIT,
  graphHighlight: null,
  graphMaximised: false,

  analysisStarted: (key, at) => set({ analysis: { ...get().analysis, status: 'running', key, startedAt: at, error: null } }),
  analysisAnswered: (key, response) => {
    const a = get().analysis;
    if (response.kind === 'graph') set({ analysis: { ...a, status: 'done', key, graph: response.graph, cap: null, error: null, startedAt: null } });
    else if (response.kind === 'state-cap') {
      const cap = { cap: response.cap, statesExplored: response.statesExplored, message: response.message };
      set({ analysis: { ...a, status: 'capped', key, graph: null, cap, error: null, startedAt: null }, selectedNode: null });
    } else set({ analysis: { ...a, status: 'failed', key, graph: null, cap: null, error: response.message, startedAt: null } });
  },
  analysisCancelled: () => set({ analysis: { ...get().analysis, status: 'cancelled', graph: null, cap: null, startedAt: null } }),
  analysisFailed: (message) => set({ analysis: { ...get().analysis, status: 'failed', error: message, startedAt: null } }),
  setWorkerMode: (mode) => {
    if (get().analysis.workerMode !== mode) set({ analysis: { ...get().analysis, workerMode: mode } });
  },
  selectNode: (id) => set(id === null ? { selectedNode: null } : { selectedNode: id, mode: 'edit', play: null, replay: null }),
  hoverNode: (id) => {
    if (get().hoveredNode !== id) set({ hoveredNode: id });
  },
  setStateCap: (cap) => set({ stateCap: Math.max(1, Math.min(5_000_000, Math.round(cap))) }),
  setGraphView: (view) => set({ graphView: view }),
  toggleGraphHighlight: (h) => {
    const now = get().graphHighlight;
    const same = h !== null && now !== null && JSON.stringify(now) === JSON.stringify(h);
    set({ graphHighlight: same ? null : h });
  },
  setGraphMaximised: (on) => set({ graphMaximised: on }),
  setFullGraphLimit: (limit) => set({ fullGraphLimit: Math.max(50, Math.min(HARD_FULL_GRAPH_LIMIT, Math.round(limit))) }),
});
