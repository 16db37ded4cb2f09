/**
 * The solution graphs of a conflicted pack's versions (docs/repository.md),
 * computed off the main thread: each distinct grid of every conflict's sides
 * is analysed in an analysis worker of its own, one after another, and laid
 * out in the layout worker, so the dialog stays responsive on big levels.
 * A version past the state cap or not a valid level gets a message instead.
 * Closing the dialog (or opening another file) stops the work.
 */
import type { ConflictSide, ConflictedPack } from '../../core/repo/conflicts';
import { AnalysisClient } from '../../workers/analysis.client';
import { LayoutClient } from '../../workers/layout.client';
import { rowsKey } from '../store/packEdits';
import { conflictRules, type ConflictGraph } from '../store/repoSlice';
import type { StudioStore } from '../store/store';

/** Width / height of the drawing in the dialog (ConflictGraphView's canvas). */
export const CONFLICT_GRAPH_ASPECT = 160 / 96;

const SIDES: readonly ConflictSide[] = ['ours', 'base', 'theirs'];

/** Every distinct grid of the conflicts' versions, in the order the dialog shows them. */
export function conflictGrids(conflicted: ConflictedPack): (readonly string[])[] {
  const seen = new Set<string>();
  const out: (readonly string[])[] = [];
  for (const r of conflicted.regions)
    for (const side of SIDES)
      for (const l of r.levels[side]) {
        const key = rowsKey(l.rows);
        if (!seen.has(key)) {
          seen.add(key);
          out.push(l.rows);
        }
      }
  return out;
}

export function connectConflictGraphs(store: StudioStore, analysis = new AnalysisClient(), layout = new LayoutClient()): () => void {
  /** Bumped when the dialog's file changes or closes: a run with an older one stops. */
  let token = 0;

  const graphOf = async (rows: readonly string[], conflicted: ConflictedPack, mine: number): Promise<ConflictGraph | null> => {
    const s = store.getState();
    const outcome = await analysis.analyze({ rows: [...rows], maxStates: s.stateCap, rules: conflictRules(conflicted, s.pack) });
    if (mine !== token) return null;
    if (outcome.kind === 'invalid' || outcome.kind === 'failed') return { kind: 'none', reason: outcome.kind, message: outcome.message };
    if (outcome.kind === 'cancelled') return null;
    if (outcome.value.kind === 'state-cap') return { kind: 'none', reason: 'state-cap', message: outcome.value.message };
    const g = outcome.value.graph;
    const pos = await layout.layout({ nodeCount: g.nodeCount, depth: g.depth, edgeFrom: g.edgeFrom, edgeTo: g.edgeTo, aspect: CONFLICT_GRAPH_ASPECT });
    if (mine !== token) return null;
    if (pos.kind !== 'ok') return pos.kind === 'cancelled' ? null : { kind: 'none', reason: 'failed', message: pos.message };
    return { kind: 'graph', nodes: g.nodeCount, scene: { x: pos.value.x, y: pos.value.y, cls: g.cls, edgeFrom: g.edgeFrom, edgeTo: g.edgeTo, edgeMove: g.edgeMove, edgeSolution: g.edgeSolution } };
  };

  const run = async (conflicted: ConflictedPack): Promise<void> => {
    const mine = ++token;
    for (const rows of conflictGrids(conflicted)) {
      const graph = await graphOf(rows, conflicted, mine);
      if (mine !== token || graph === null) return;
      store.getState().conflictGraphAnswered(conflicted, rows, graph);
    }
  };

  const unsubscribe = store.subscribe((s, prev) => {
    const now = s.packConflicts?.conflicted ?? null;
    if (now === (prev.packConflicts?.conflicted ?? null)) return;
    if (now !== null) void run(now);
    else {
      token++;
      analysis.cancel();
    }
  });
  const open = store.getState().packConflicts;
  if (open !== null) void run(open.conflicted);
  return () => {
    token++;
    unsubscribe();
    analysis.dispose();
    layout.dispose();
  };
}
