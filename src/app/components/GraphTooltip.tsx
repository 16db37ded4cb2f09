/**
 * The hover card of a graph node: its class in plain words and its numbers.
 * Placed beside the node and kept inside the browser window (measured after
 * it renders, then flipped or clamped).
 */
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { CLASS_GLOSSARY, CLASS_NAMES } from '../adapters/graphHighlight';
import type { NodeSummary } from '../adapters/graphData';
import type { RulesetEditorGlyphs } from '../../core/rules/ruleset';
import { moverWord } from '../store/rules';

interface GraphTooltipProps {
  readonly node: NodeSummary;
  /** The node's position in the canvas, px. */
  readonly at: { readonly x: number; readonly y: number };
  /** The canvas's wrapper: `at` is relative to it. */
  readonly box: HTMLElement | null;
  readonly group: { readonly count: number; readonly depths: string } | null;
  /** The open game's words: what the mover and a covered cell are called ("head"/"filled", "ball"/"painted"). */
  readonly glyphs: RulesetEditorGlyphs;
}

const GAP = 14, MARGIN = 6;

export function GraphTooltip({ node, at, box, group, glyphs }: GraphTooltipProps) {
  const card = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden', left: 0, top: 0 });
  useLayoutEffect(() => {
    const el = card.current;
    if (el === null || box === null) return;
    const origin = box.getBoundingClientRect();
    const w = el.offsetWidth, h = el.offsetHeight;
    const px = origin.left + at.x, py = origin.top + at.y;
    // Right of the node unless it would leave the window, then left; same for below/above; then clamp.
    let left = px + GAP + w <= window.innerWidth - MARGIN ? px + GAP : px - GAP - w;
    let top = py + GAP + h <= window.innerHeight - MARGIN ? py + GAP : py - GAP - h;
    left = Math.max(MARGIN, Math.min(left, window.innerWidth - MARGIN - w));
    top = Math.max(MARGIN, Math.min(top, window.innerHeight - MARGIN - h));
    setStyle({ left, top });
  }, [at.x, at.y, box, node.id, group]);
  return (
    <div className="node-card" data-testid="graph.tooltip" ref={card} style={{ position: 'fixed', ...style }} role="tooltip">
      {group !== null && (
        <div className="group-line">
          <span className={`swatch swatch-${node.cls}`} /> <b>{group.count.toLocaleString('en-US')} {CLASS_NAMES[node.cls]}</b> states after {group.depths} moves; the first:
        </div>
      )}
      <div>
        <span className={`swatch swatch-${node.cls}`} /> <b>{CLASS_NAMES[node.cls]}</b> · state #{node.id}
      </div>
      <div className="card-gloss">{CLASS_GLOSSARY[node.cls]}</div>
      <dl>
        <dt>moves</dt><dd>{node.depth}{node.moves !== '' ? ` (${node.moves.length > 24 ? node.moves.slice(0, 24) + '…' : node.moves})` : ''}</dd>
        <dt>legal moves</dt><dd>{node.outdeg}</dd>
        {glyphs.statesCover && (
          <>
            <dt>cells {glyphs.coveredBlocks ? 'filled' : 'painted'}</dt><dd>{node.filled}</dd>
            <dt>{glyphs.coveredBlocks ? 'empty' : 'unpainted'} left</dt><dd>{node.emptyLeft}</dd>
          </>
        )}
        <dt>{moverWord(glyphs.startName).toLowerCase()}</dt><dd>({node.head.x + 1}, {node.head.y + 1})</dd>
        <dt>random win</dt><dd>{(node.winProbability * 100).toFixed(1)}%</dd>
      </dl>
    </div>
  );
}
