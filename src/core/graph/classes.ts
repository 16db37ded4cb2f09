/**
 * Node classes (SPEC §3), checked in this order: success, fail, solution,
 * dead, indeterminate.
 */
export const SUCCESS = 0;
export const FAIL = 1;
export const SOLUTION = 2;
export const DEAD = 3;
export const INDETERMINATE = 4;

export const NODE_CLASSES = ['success', 'fail', 'solution', 'dead', 'indeterminate'] as const;
export type NodeClassName = (typeof NODE_CLASSES)[number];
export type ClassCounts = Record<NodeClassName, number>;
