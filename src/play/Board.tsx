/**
 * The level as the player sees it: walls, empty cells and the mover of the
 * pack's ruleset (Longcat's cat through the cells it covered, paint's ball
 * and the cells it painted). Swipes on the board are moves (a touch
 * screen has no arrow keys); a short tap does nothing.
 */
import { useRef } from 'react';
import { CELL_GOAL, CELL_WALL, type Level } from '../core/level/level';
import { catAfter } from '../core/rules/replay';
import { MoverSprite } from '../ui/MoverSprite';
import type { Ruleset } from '../core/rules/ruleset';

const CELL = 40;
/** Shortest swipe, in CSS pixels, that counts as a move. */
const SWIPE_MIN = 24;

interface BoardProps {
  readonly level: Level;
  readonly rules: Ruleset;
  readonly moves: string;
  readonly stuck: boolean;
  readonly won: boolean;
  /** A direction index (0..3 = U, D, L, R). */
  readonly onSwipe: (direction: number) => void;
}

/** The direction of a swipe from (dx, dy), or null when it is too short. */
export function swipeDirection(dx: number, dy: number): number | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 2 : 3;
  return dy < 0 ? 0 : 1;
}

export function Board({ level, rules, moves, stuck, won, onSwipe }: BoardProps) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const { path } = catAfter(level, moves, rules);
  const covered = new Set(path);
  const coveredClass = rules.glyphs.coveredBlocks ? 'play-covered' : 'play-painted';
  const cells = [];
  for (let i = 0; i < level.cells.length; i++) {
    const x = (i % level.width) * CELL, y = Math.floor(i / level.width) * CELL;
    const wall = level.cells[i] === CELL_WALL;
    cells.push(<rect key={i} x={x + 1} y={y + 1} width={CELL - 2} height={CELL - 2} rx={5} className={wall ? 'play-wall' : level.cells[i] === CELL_GOAL ? 'play-goal' : covered.has(i) ? coveredClass : 'play-empty'} />);
  }
  return (
    <svg
      className={`play-board${won ? ' won' : ''}${stuck ? ' stuck' : ''}`}
      viewBox={`0 0 ${level.width * CELL} ${level.height * CELL}`}
      style={{ aspectRatio: `${level.width} / ${level.height}` }}
      role="img"
      aria-label={`level ${level.width} by ${level.height}${won ? ', solved' : stuck ? ', stuck' : ''}`}
      data-testid="play.board"
      data-moves={moves}
      data-rules={rules.name}
      data-status={won ? 'won' : stuck ? 'stuck' : 'playing'}
      onPointerDown={(e) => {
        start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerUp={(e) => {
        const s = start.current;
        start.current = null;
        if (s === null || s.id !== e.pointerId) return;
        const d = swipeDirection(e.clientX - s.x, e.clientY - s.y);
        if (d !== null) onSwipe(d);
      }}
      onPointerCancel={() => (start.current = null)}
    >
      {cells}
      <MoverSprite rules={rules.name} path={path} width={level.width} cellSize={CELL} faded={stuck} />
    </svg>
  );
}
