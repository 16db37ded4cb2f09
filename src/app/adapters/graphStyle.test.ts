/**
 * One style source for both graph renderers: the Cytoscape stylesheet and
 * the canvas painter take their colours and sizes from `graphStyle.ts`
 * (neither spells a colour of its own), and the canvas sizes a state by its
 * players' traffic as the Cytoscape view does.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paintGraph, type PaintMarks, type Scene } from '../components/canvasGraph/paint';
import { graphStylesheet } from './cytoscapeElements';
import { CLASS_COLOURS, EDGE_STYLE, NODE_RING, NODE_SIZE } from './graphStyle';

const HEX = /#[0-9a-f]{3,8}\b/i;
const source = (path: string): string => readFileSync(resolve(import.meta.dirname, path), 'utf8');

/** A 2D context that records each filled circle (centre, radius, fill colour) and each stroked ring. */
function recordingContext() {
  const circles: { x: number; y: number; r: number; fill: string }[] = [];
  const rings: { x: number; y: number; r: number; stroke: string; width: number }[] = [];
  let pending: { x: number; y: number; r: number }[] = [];
  const ctx = {
    fillStyle: '', strokeStyle: '', lineWidth: 1, globalAlpha: 1, lineCap: '', font: '', textAlign: '', textBaseline: '',
    clearRect() {}, beginPath() { pending = []; }, moveTo() {}, lineTo() {}, closePath() {}, rect() {}, fillRect() {}, fillText() {},
    arc(x: number, y: number, r: number) { pending.push({ x, y, r }); },
    fill() { for (const p of pending) circles.push({ ...p, fill: String(ctx.fillStyle) }); },
    stroke() { for (const p of pending) rings.push({ ...p, stroke: String(ctx.strokeStyle), width: ctx.lineWidth }); },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, circles, rings };
}

const NO_MARKS: PaintMarks = { selected: null, current: null, hovered: null, lit: null, pathNodes: null, pathEdges: null };
// Three states in a row, 100 apart: the start (solution class), a success state, a fail state.
const scene: Scene = {
  x: Float32Array.from([0, 100, 200]), y: new Float32Array(3), cls: Uint8Array.from([2, 0, 1]),
  edgeFrom: Int32Array.from([0, 0]), edgeTo: Int32Array.from([1, 2]), edgeMove: Uint8Array.from([3, 1]), edgeSolution: Uint8Array.from([1, 0]),
};
const view = { zoom: 1, panX: 50, panY: 50 };

describe('one style source for the graph renderers', () => {
  it('neither renderer spells a colour: every colour comes from graphStyle.ts', () => {
    for (const file of ['./cytoscapeElements.ts', '../components/canvasGraph/paint.ts', '../components/CytoscapeView.tsx', '../components/CanvasGraphView.tsx']) {
      expect(source(file), file).not.toMatch(HEX);
    }
  });

  it('the Cytoscape stylesheet has the shared sizes and colours', () => {
    const style = (selector: string): Record<string, unknown> => (graphStylesheet({ large: false }) as { selector: string; style: Record<string, unknown> }[]).find((r) => r.selector === selector)!.style;
    expect(style('node')).toMatchObject({ width: NODE_SIZE.plain, height: NODE_SIZE.plain });
    expect(style('node.start')).toMatchObject({ width: NODE_SIZE.start, 'border-width': NODE_RING.start.width, 'border-color': NODE_RING.start.colour });
    expect(style('node.success')).toMatchObject({ 'background-color': CLASS_COLOURS.success });
    expect(style('edge.solution')).toMatchObject({ 'line-color': EDGE_STYLE.solution.colour, width: EDGE_STYLE.solution.width });
  });

  it('the canvas draws the same sizes and colours at zoom 1', () => {
    const { ctx, circles, rings } = recordingContext();
    paintGraph(ctx, scene, view, 400, 200, NO_MARKS);
    const at = (x: number) => circles.filter((c) => c.x === x + 50);
    // Plain states are NODE_SIZE.plain across, in their class colour; the start gets its ring at the start size.
    expect(at(100)).toEqual([{ x: 150, y: 50, r: NODE_SIZE.plain / 2, fill: CLASS_COLOURS.success }]);
    expect(at(200)).toEqual([{ x: 250, y: 50, r: NODE_SIZE.plain / 2, fill: CLASS_COLOURS.fail }]);
    expect(rings).toEqual([{ x: 50, y: 50, r: NODE_SIZE.start / 2, stroke: NODE_RING.start.colour, width: NODE_RING.start.width }]);
  });

  it("the canvas sizes states by players' traffic as the Cytoscape view does: 12 + 22 * sqrt(attempts / most) across", () => {
    const { ctx, circles, rings } = recordingContext();
    // 4 attempts passed the start, 1 the success state, none the fail state.
    paintGraph(ctx, scene, view, 400, 200, { ...NO_MARKS, traffic: Uint32Array.from([4, 1, 0]) });
    const radius = (x: number) => circles.find((c) => c.x === x + 50)!.r;
    expect(radius(0)).toBeCloseTo((12 + 22) / 2, 9);
    expect(radius(100)).toBeCloseTo((12 + 22 * Math.sqrt(1 / 4)) / 2, 9);
    expect(radius(200)).toBe(NODE_SIZE.plain / 2);
    // The start's ring keeps its traffic size (a size set per node wins over the start's, as in Cytoscape).
    expect(rings[0]!.r).toBeCloseTo(17, 9);
  });
});
