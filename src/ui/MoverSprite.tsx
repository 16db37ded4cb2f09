/**
 * The mover of a ruleset on the grid: Longcat's cat (a body through the
 * cells it covered) or paint's ball (a ball on its cell; the painted trail
 * is the cells' colour, drawn by the grid; ice's slider too). The ruleset
 * names its kind of mover (`glyphs.mover`), so a new ruleset adds no entry.
 */
import type { ReactElement } from 'react';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetEditorGlyphs, RulesetName } from '../core/rules/ruleset';
import { CatSprite } from './CatSprite';

interface MoverSpriteProps {
  readonly rules: RulesetName;
  /** Cells the mover passed, from the start to its cell now. */
  readonly path: readonly number[];
  readonly width: number;
  readonly cellSize: number;
  /** Dim the mover (a lost attempt). */
  readonly faded?: boolean;
}

const BALL = '#f8fafc';
const BALL_OUTLINE = '#0f172a';

/** Paint's ball: a shaded ball with an outline on the mover's cell. */
export function BallSprite({ cell, width, cellSize: cs, faded = false }: { cell: number; width: number; cellSize: number; faded?: boolean }) {
  const x = ((cell % width) + 0.5) * cs, y = (Math.floor(cell / width) + 0.5) * cs;
  const r = cs * 0.34;
  return (
    <g className="ball" opacity={faded ? 0.55 : 1} pointerEvents="none" data-testid="editor.ball" data-cell={cell}>
      <circle cx={x} cy={y} r={r} fill={BALL} stroke={BALL_OUTLINE} strokeWidth={1.5} />
      <circle cx={x - r * 0.35} cy={y - r * 0.35} r={r * 0.28} fill="#ffffff" opacity={0.9} />
    </g>
  );
}

/** One drawing per kind of mover a ruleset names (`glyphs.mover`). */
const SPRITES: Record<RulesetEditorGlyphs['mover'], (p: MoverSpriteProps) => ReactElement | null> = {
  cat: (p) => <CatSprite path={p.path} width={p.width} cellSize={p.cellSize} faded={p.faded ?? false} />,
  ball: (p) => (p.path.length === 0 ? null : <BallSprite cell={p.path[p.path.length - 1]!} width={p.width} cellSize={p.cellSize} faded={p.faded ?? false} />),
};

export function MoverSprite(props: MoverSpriteProps) {
  return SPRITES[rulesetByName(props.rules).glyphs.mover](props);
}
