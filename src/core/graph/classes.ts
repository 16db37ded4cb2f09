/**
 * Node classes (SPEC §3), checked in this order: success, fail, solution,
 * dead, indeterminate. The codes index {@link NODE_CLASSES}.
 */
/** Class code: no empty cell left. */
export const SUCCESS = 0;
/** Class code: not won and no legal move. */
export const FAIL = 1;
/** Class code: a success node is reachable. */
export const SOLUTION = 2;
/** Class code: the empty cells form two or more 4-connected regions. */
export const DEAD = 3;
/** Class code: lost, but not obviously so. */
export const INDETERMINATE = 4;

/** Class names, indexed by class code. */
export const NODE_CLASSES = ['success', 'fail', 'solution', 'dead', 'indeterminate'] as const;
/** One of {@link NODE_CLASSES}. */
export type NodeClassName = (typeof NODE_CLASSES)[number];
/** Number of graph nodes per class; the counts sum to the state count. */
export type ClassCounts = Record<NodeClassName, number>;
