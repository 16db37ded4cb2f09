/**
 * Replaces Cytoscape's elements with a new graph's: the old drawing is
 * removed in slices (removing 5,500 elements at once was one ~100 ms task),
 * then the new elements go in (inside one batch), are styled when the batch
 * ends in a later task, are fitted (when asked) and drawn in the next frame.
 *
 * Adding in slices with a drawn frame between them was tried and measured
 * (docs/BENCHMARKS.md, issue 13): on a software-rendered canvas each frame
 * redraws every element already in (~0.07 ms per node, plus ~0.5 ms for a
 * node's first frame), so the longest task fell from ~1.4 s to ~0.35 s but
 * the drawing took 3.5x longer and zooming right after stuttered, because
 * Cytoscape's layer cache was rebuilt after every slice. One add and one
 * first frame is what is left here.
 */
import type { Core, ElementDefinition } from 'cytoscape';

/** Elements added per task. */
const ADD_SLICE = 1_200;
/** Elements removed per task when clearing a big drawing. */
const REMOVE_SLICE = 1_500;

export interface DrawPlan {
  readonly nodes: ElementDefinition[];
  readonly edges: ElementDefinition[];
  /** Called just before the add (style changes, viewport). */
  readonly prepare: (cy: Core) => void;
  /** Called once every element is in and styled, before the first frame draws them (fitting the view). */
  readonly beforeFirstFrame?: ((cy: Core) => void) | undefined;
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

/** Resolves in a later task, letting the browser handle input and draw in between. */
function yieldTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
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
    setTimeout(finish, 2_000);
  });
}

/** Draws `plan` into `cy`, replacing what is there; cancelling stops it before the add. */
export function replaceDrawing(cy: Core, plan: DrawPlan): Drawing {
  let cancelled = false;
  const isCancelled = (): boolean => cancelled || cy.destroyed();
  const done = (async () => {
    await clearAll(cy, isCancelled);
    if (isCancelled()) return new Promise<void>(() => {});
    plan.prepare(cy);
    // Elements go in over several tasks inside one Cytoscape batch (no style
    // work or drawing until the batch ends), so creating them is not one long task.
    // The batch ends in a task of its own: ending it styles every element, which on the page's
    // first drawing (Cytoscape's code still cold) was a long task together with the adding.
    const all = [...plan.nodes, ...plan.edges];
    cy.startBatch();
    try {
      for (let i = 0; i < all.length; i += ADD_SLICE) {
        if (i > 0) await yieldTask();
        if (isCancelled()) {
          cy.elements().remove();
          return new Promise<void>(() => {});
        }
        cy.add(all.slice(i, i + ADD_SLICE));
      }
      await yieldTask();
    } finally {
      if (!cy.destroyed()) cy.endBatch();
    }
    if (isCancelled()) return new Promise<void>(() => {});
    // Fitted before the first frame, so that frame draws the graph where it stays.
    plan.beforeFirstFrame?.(cy);
    await nextRender(cy);
  })();
  return {
    cancel: () => {
      cancelled = true;
    },
    done,
  };
}
