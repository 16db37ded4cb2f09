/**
 * Puts a graph's elements into Cytoscape a slice at a time, so no main-thread
 * task grows with the graph. Cytoscape's first frame of a new element is the
 * expensive part (style, bounding box, its texture: ~0.5 ms per node on a
 * software canvas, so a 2,762-state graph added at once froze the page for
 * 1.4 s); a frame that only redraws cached elements costs ~12 ms. Adding a
 * slice, letting Cytoscape draw it, then adding the next keeps every task
 * near {@link FRAME_BUDGET_MS}; the slice size adapts to the measured frames.
 * The viewport is set from the known positions before the first slice, so the
 * drawing grows in place. Cancelling (a newer graph, unmount) stops between
 * slices.
 */
import type { Core, ElementDefinition } from 'cytoscape';

/** Target main-thread time per slice (adding + drawing it), ms. */
export const FRAME_BUDGET_MS = 90;
/** Graphs with fewer elements than this are added in one go (a few ms). */
const ONE_GO = 600;
/** Elements removed per task when clearing a big drawing. */
const REMOVE_SLICE = 1_500;

export interface DrawPlan {
  /** Nodes first (in the order they should appear), then edges. */
  readonly nodes: ElementDefinition[];
  readonly edges: ElementDefinition[];
  /** Called before the first slice (style changes, viewport). */
  readonly prepare: (cy: Core) => void;
}

export interface Drawing {
  cancel(): void;
  /** Resolves when every element is in and drawn (never, when cancelled). */
  readonly done: Promise<void>;
}

/** Removes every element, in slices for big drawings; resolves when empty. */
function clearAll(cy: Core, isCancelled: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const step = (): void => {
      if (cy.destroyed()) return;
      const all = cy.elements();
      if (all.length <= REMOVE_SLICE) {
        cy.batch(() => all.remove());
        resolve();
        return;
      }
      // Edges first (removing a node also walks its edges), then nodes from the end.
      const edges = cy.edges();
      cy.batch(() => (edges.nonempty() ? edges.slice(0, REMOVE_SLICE) : cy.nodes().slice(0, REMOVE_SLICE)).remove());
      setTimeout(() => !isCancelled() && step(), 0);
    };
    step();
  });
}

/** Waits for Cytoscape's next drawn frame (or a timeout, when nothing needed drawing). */
function nextRender(cy: Core): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      cy.off('render', finish);
      resolve();
    };
    cy.on('render', finish);
    setTimeout(finish, 250);
  });
}

/**
 * Draws `plan` into `cy`, replacing what is there. Edges are added once both
 * ends are in: `edgeReady(k)` gives the number of nodes that must be present
 * before edge k (nodes are added in order), and edges must be sorted by it.
 */
export function drawProgressively(cy: Core, plan: DrawPlan, edgeReady: (edge: number) => number): Drawing {
  let cancelled = false;
  const isCancelled = (): boolean => cancelled || cy.destroyed();
  const done = (async () => {
    await clearAll(cy, isCancelled);
    if (isCancelled()) return new Promise<void>(() => {});
    plan.prepare(cy);
    const total = plan.nodes.length + plan.edges.length;
    if (total <= ONE_GO) {
      cy.batch(() => cy.add([...plan.nodes, ...plan.edges]));
      await nextRender(cy);
      return;
    }
    let node = 0, edge = 0;
    let slice = 150; // nodes per slice, adapted below
    while (node < plan.nodes.length || edge < plan.edges.length) {
      if (isCancelled()) return new Promise<void>(() => {});
      const started = performance.now();
      const nodeEnd = Math.min(plan.nodes.length, node + slice);
      let edgeEnd = edge;
      while (edgeEnd < plan.edges.length && edgeReady(edgeEnd) <= nodeEnd) edgeEnd++;
      const add = [...plan.nodes.slice(node, nodeEnd), ...plan.edges.slice(edge, edgeEnd)];
      cy.batch(() => cy.add(add));
      node = nodeEnd;
      edge = edgeEnd;
      const addMs = performance.now() - started;
      const renderStart = performance.now();
      await nextRender(cy);
      const renderMs = performance.now() - renderStart;
      // Keep add + draw of one slice near the budget (the draw of old elements is cheap, the new ones dominate).
      const perNode = (addMs + Math.min(renderMs, 250)) / Math.max(1, add.length / 2);
      slice = Math.max(40, Math.min(800, Math.floor(FRAME_BUDGET_MS / Math.max(perNode, 0.02))));
      // Let input and other work run between slices.
      await new Promise((r) => setTimeout(r, 0));
    }
  })();
  return {
    cancel: () => {
      cancelled = true;
    },
    done,
  };
}
