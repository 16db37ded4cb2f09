/**
 * An overview of a big drawing in the graph's corner: every node as a dot in
 * its class colour, the visible part as a frame. Click or drag to move the
 * view there. Redrawn at most once per frame when the viewport moves.
 */
import { useEffect, useRef } from 'react';
import type { GraphViewport } from './graphView';
import { CLASS_COLOURS } from '../adapters/graphStyle';
import { NODE_CLASSES } from '../../core/graph/classes';
import { boundsOf } from './canvasGraph/viewport';

const W = 168, H = 104, PAD = 4;

export function GraphMinimap({ viewport, version }: { viewport: GraphViewport | null; /** Changes when the drawing does. */ version: unknown }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (viewport === null || el === null) return;
    const view = viewport;
    const ctx = el.getContext('2d');
    if (ctx === null) return;
    // The model-space box of the drawing, from node positions (no labels, so no text measuring).
    const { x: xs, y: ys, cls } = view.points();
    if (xs.length === 0) return;
    const { x1, y1, x2, y2 } = boundsOf(xs, ys);
    const scale = Math.min((W - 2 * PAD) / Math.max(1, x2 - x1), (H - 2 * PAD) / Math.max(1, y2 - y1));
    const ox = PAD + ((W - 2 * PAD) - scale * (x2 - x1)) / 2 - scale * x1, oy = PAD + ((H - 2 * PAD) - scale * (y2 - y1)) / 2 - scale * y1;
    let frame = 0;
    const paint = (): void => {
      frame = 0;
      ctx.clearRect(0, 0, W, H);
      NODE_CLASSES.forEach((name, c) => {
        ctx.fillStyle = CLASS_COLOURS[name];
        for (let i = 0; i < xs.length; i++) if (cls[i] === c) ctx.fillRect(ox + scale * xs[i]! - 1, oy + scale * ys[i]! - 1, 2, 2);
      });
      const ext = view.extent();
      ctx.strokeStyle = '#fbbf24';
      ctx.lineWidth = 1.5;
      ctx.strokeRect(ox + scale * ext.x1, oy + scale * ext.y1, scale * ext.w, scale * ext.h);
    };
    const onViewport = (): void => {
      if (frame === 0) frame = requestAnimationFrame(paint);
    };
    paint();
    const unsubscribe = view.onChange(onViewport);
    // Click or drag: centre the view on that point.
    let dragging = false;
    const moveTo = (e: PointerEvent): void => {
      const r = el.getBoundingClientRect();
      const mx = (e.clientX - r.left - ox) / scale, my = (e.clientY - r.top - oy) / scale;
      const z = view.zoom();
      view.pan({ x: view.width() / 2 - z * mx, y: view.height() / 2 - z * my });
    };
    const down = (e: PointerEvent): void => {
      dragging = true;
      el.setPointerCapture(e.pointerId);
      moveTo(e);
    };
    const move = (e: PointerEvent): void => void (dragging && moveTo(e));
    const up = (): void => void (dragging = false);
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
    };
  }, [viewport, version]);
  return <canvas className="minimap" width={W} height={H} ref={canvas} data-testid="graph.minimap" aria-label="overview of the graph: click to move the view" />;
}
