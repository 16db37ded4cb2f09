/**
 * Commands for the solution graph's viewport (zoom, fit, 1:1), sent from the
 * keyboard and the panel's buttons to the Cytoscape view that owns the
 * viewport. The view registers itself while mounted; without one a command
 * does nothing and says so (returns false).
 */
export type GraphCommand = 'zoomIn' | 'zoomOut' | 'fit' | 'actualSize';

let handler: ((command: GraphCommand) => void) | null = null;

/** The view's hook; returns the function that unregisters it. */
export function registerGraphCommands(fn: (command: GraphCommand) => void): () => void {
  handler = fn;
  return () => {
    if (handler === fn) handler = null;
  };
}

/** Runs a command on the mounted graph view; false when there is none. */
export function graphCommand(command: GraphCommand): boolean {
  if (handler === null) return false;
  handler(command);
  return true;
}

/** Zoom factor of one zoom step (a button press, a key, one notch of a mouse wheel), as in most editors. */
export const ZOOM_STEP = 1.2;
