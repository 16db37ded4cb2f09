/**
 * The level grid (SVG): paint by click and drag (right button erases), the
 * head tool drags the head, hover and keyboard cursor highlight; shows a
 * graph node's state, a playtest or a replay step under the document's
 * ruleset (Longcat's cat and body, paint's ball and painted trail); swipe
 * to move in playtest.
 */
import { tryMovesAt } from '../../core/players/trace';
import { useMemo, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { CELL_GOAL, CELL_WALL } from '../../core/level/level';
import { catAfter, movesTo } from '../adapters/graphData';
import { selectCurrentGraph, selectLevelKey } from '../store/selectors';
import { useActions, useStudioShallow } from '../studioContext';
import { selectRuleset } from '../store/rules';
import { MoverSprite } from '../../ui/MoverSprite';

/** What a cell shows: `body` is Longcat's covered cell (it blocks), `paint` paint's (it does not). */
export type CellKind = 'wall' | 'empty' | 'body' | 'trail' | 'head' | 'goal';

interface GridViewProps {
  readonly cellSize: number;
}

/** Minimum drag, in pixels, that counts as a swipe in playtest. */
const SWIPE_MIN = 24;

export function GridView({ cellSize: cs }: GridViewProps) {
  const getState = useActions();
  const s = useStudioShallow((st) => ({
    level: st.level,
    mode: st.mode,
    play: st.play,
    replay: st.replay,
    selectedNode: st.selectedNode,
    cursor: st.cursor,
    tool: st.tool,
    stroke: st.stroke,
    shape: st.shape,
    selection: st.selection,
    graph: selectCurrentGraph(st),
    levelKey: selectLevelKey(st),
    rules: selectRuleset(st),
  }));
  const { level, mode, play, replay, selectedNode, cursor, tool, graph, rules } = s;
  const swipe = useRef<{ x: number; y: number } | null>(null);

  /** What to draw: the cat's path and which cells it filled, when showing a state. */
  const shown = useMemo(() => {
    let moves: string | null = null;
    if (mode === 'play' && play !== null) moves = play.moves;
    else if (mode === 'replay' && replay !== null) moves = tryMovesAt(replay.moves, replay.step);
    else if (selectedNode !== null && graph !== null && selectedNode < graph.nodeCount) moves = movesTo(graph, selectedNode);
    if (moves === null) return null;
    return catAfter(level, moves, rules);
  }, [level, mode, play, replay, selectedNode, graph, rules]);

  const kinds = useMemo(() => {
    const out: CellKind[] = [];
    const covered: CellKind = rules.glyphs.coveredBlocks ? 'body' : 'trail';
    for (let i = 0; i < level.cells.length; i++) {
      if (level.cells[i] === CELL_WALL) out.push('wall');
      else if (level.cells[i] === CELL_GOAL && (shown === null || i !== shown.state.head)) out.push('goal');
      else if (shown !== null) out.push(i === shown.state.head ? 'head' : shown.state.filled[i] === 1 ? covered : 'empty');
      else out.push(i === level.head ? 'head' : 'empty');
    }
    return out;
  }, [level, shown, rules]);

  const cellAt = (e: ReactPointerEvent<SVGSVGElement>): number | null => {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = Math.floor((e.clientX - rect.left) / cs), y = Math.floor((e.clientY - rect.top) / cs);
    if (x < 0 || y < 0 || x >= level.width || y >= level.height) return null;
    return y * level.width + x;
  };

  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>): void => {
    const st = getState();
    if (st.mode !== 'edit') {
      swipe.current = { x: e.clientX, y: e.clientY };
      return;
    }
    if (st.selectedNode !== null) {
      st.selectNode(null); // the first click leaves the state view, it does not paint
      return;
    }
    const cell = cellAt(e);
    if (cell === null || (e.button !== 0 && e.button !== 2)) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId); // keep the stroke when the pointer leaves the grid
    } catch {
      // Synthetic or already-released pointers cannot be captured; painting works without it.
    }
    // Shape tools (rectangle, line, fill, select) paint walls or empty cells; the head tool always drags the head.
    const kind = e.button === 2 || st.tool === 'empty' ? 'empty' : 'wall';
    if (st.tool !== 'head' && st.tool !== 'goal' && st.shapeDown(cell, kind)) return;
    st.beginStroke(cell, e.button === 2 ? 'empty' : undefined);
  };

  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>): void => {
    const st = getState();
    const cell = cellAt(e);
    st.setCursor(cell);
    if (cell !== null && st.stroke !== null) st.continueStroke(cell);
    if (cell !== null && st.shapeDrag !== null) st.shapeMove(cell);
  };

  const onPointerUp = (e: ReactPointerEvent<SVGSVGElement>): void => {
    const st = getState();
    if (st.stroke !== null) st.endStroke();
    if (st.shapeDrag !== null) st.shapeUp();
    const start = swipe.current;
    swipe.current = null;
    if (start === null || st.mode !== 'play') return;
    const dx = e.clientX - start.x, dy = e.clientY - start.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN) return;
    st.playMove(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 3 : 2) : dy > 0 ? 1 : 0);
  };

  const w = level.width * cs, h = level.height * cs;
  const showCursor = mode === 'edit' && selectedNode === null && cursor !== null && cursor < level.cells.length;
  const catPath = shown !== null ? shown.path : [level.head];
  const lost = mode === 'play' && play?.outcome === 'failed';

  return (
    <svg
      data-shape={s.shape}
      className={`grid grid-${mode}${selectedNode !== null ? ' grid-state' : ''}`}
      data-testid="editor.grid"
      data-width={level.width}
      data-height={level.height}
      data-level-key={s.levelKey}
      data-rules={rules.name}
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      role="application"
      tabIndex={0}
      data-canvas-keys
      aria-label={`${level.width} by ${level.height} level grid`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={() => getState().setCursor(null)}
      onContextMenu={(e) => e.preventDefault()}
    >
      {kinds.map((kind, i) => (
        <rect
          key={i}
          data-testid="editor.cell"
          data-x={i % level.width}
          data-y={Math.floor(i / level.width)}
          data-kind={kind}
          className={`cell cell-${kind === 'head' ? (shown !== null ? (rules.glyphs.coveredBlocks ? 'body' : 'trail') : 'empty') : kind}`}
          x={(i % level.width) * cs + 1}
          y={Math.floor(i / level.width) * cs + 1}
          width={cs - 2}
          height={cs - 2}
          rx={kind === 'wall' ? 3 : 2}
        />
      ))}
      <MoverSprite rules={rules.name} path={catPath} width={level.width} cellSize={cs} faded={lost} />
      {mode === 'edit' && s.shape === 'select' && s.selection !== null && s.selection.x1 < level.width && s.selection.y1 < level.height && (
        <rect
          className="selection"
          data-testid="editor.selection"
          data-rect={`${s.selection.x0},${s.selection.y0},${s.selection.x1},${s.selection.y1}`}
          x={s.selection.x0 * cs + 0.5}
          y={s.selection.y0 * cs + 0.5}
          width={(s.selection.x1 - s.selection.x0 + 1) * cs - 1}
          height={(s.selection.y1 - s.selection.y0 + 1) * cs - 1}
          pointerEvents="none"
        />
      )}
      {showCursor && (
        <rect
          className={`cursor cursor-${tool}`}
          data-testid="editor.cursor"
          x={(cursor % level.width) * cs + 1}
          y={Math.floor(cursor / level.width) * cs + 1}
          width={cs - 2}
          height={cs - 2}
          rx={3}
          pointerEvents="none"
        />
      )}
    </svg>
  );
}
