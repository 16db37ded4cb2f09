import type { Level } from '../../core/level/level';
import { CELL_WALL } from '../../core/level/level';

/** A small picture of a level: walls dark, empty light, the head marked. */
export function LevelPreview({ level, cellSize = 22 }: { level: Level; cellSize?: number }) {
  const cells = [];
  for (let i = 0; i < level.cells.length; i++) {
    const x = i % level.width, y = Math.floor(i / level.width);
    const kind = i === level.head ? 'head' : level.cells[i] === CELL_WALL ? 'wall' : 'empty';
    cells.push(<rect key={i} x={x * cellSize} y={y * cellSize} width={cellSize - 1} height={cellSize - 1} className={`cell cell-${kind}`} rx={kind === 'head' ? 5 : 2} />);
  }
  return (
    <svg
      className="level-preview"
      data-testid="analyzer.preview"
      width={level.width * cellSize}
      height={level.height * cellSize}
      role="img"
      aria-label={`${level.width} by ${level.height} level`}
    >
      {cells}
    </svg>
  );
}
