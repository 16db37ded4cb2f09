/**
 * Play mode: one pack, levels in the pack's order or, where the pack says
 * shuffle, in this player's own order (core/play/order.ts), no editor. Arrow keys / WASD /
 * swipe move, Z or Backspace undoes, R restarts, Enter or N goes on after a
 * win, L opens the level list. Progress and every finished attempt are kept
 * in localStorage under the pack's identity; the results go back to the
 * designer as a file (or copied text).
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import type { LinkedPack } from '../core/pack/link';
import { elapsedMs } from '../core/play/attempt';
import { playerOrderSeed, presentationOrder } from '../core/play/order';
import { formatResults } from '../core/play/results';
import { rulesetByName } from '../core/rules/registry';
import { packRules } from '../core/pack/packRules';
import { Board } from './Board';
import { initialPlayState, playReducer, type PlayLevel } from './playReducer';
import { playerId, resultsOf, saveProgress, type Progress } from './progress';

const KEY_DIRECTIONS: Record<string, number> = { ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3, w: 0, s: 1, a: 2, d: 3, W: 0, S: 1, A: 2, D: 3 };

interface PlayerProps {
  readonly linked: LinkedPack;
  readonly identity: string;
  readonly progress: Progress;
  readonly note: string | null;
}

const fileSlug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'pack';

function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function Player({ linked, identity, progress: saved, note }: PlayerProps) {
  const rules = useMemo(() => rulesetByName(packRules(linked.pack)), [linked]);
  const player = useMemo(() => playerId(), []);
  // The levels as this player meets them: the pack's order, or their own shuffle (core/play/order.ts).
  const order = useMemo(() => presentationOrder(linked.pack.levels.length, linked.pack.playOrder, playerOrderSeed(identity, player)), [linked, identity, player]);
  const shown = useMemo(() => order.map((i) => linked.pack.levels[i]!), [linked, order]);
  const levels: PlayLevel[] = useMemo(() => order.map((i) => ({ id: linked.pack.levels[i]!.id, level: linked.levels[i]!, rules })), [linked, order, rules]);
  const reducer = useMemo(() => playReducer(levels), [levels]);
  const [state, dispatch] = useReducer(reducer, undefined, () => initialPlayState(levels, saved, Date.now()));
  const [showList, setShowList] = useState(false);
  const [showResults, setShowResults] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [, tick] = useState(0);
  const [storageOk, setStorageOk] = useState(true);

  const { index, attempt, progress } = state;
  const current = shown[index]!;
  const won = attempt.status === 'won';
  const solvedCount = progress.solved.length;
  const allSolved = shown.every((l) => progress.solved.includes(l.id));

  useEffect(() => setStorageOk(saveProgress(identity, progress)), [identity, progress]);

  // The clock on screen; the attempt's own clock is exact whatever the tick.
  useEffect(() => {
    if (attempt.runningSince === null) return;
    const t = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [attempt.runningSince]);

  // Time only counts while the page is visible.
  useEffect(() => {
    const onVisibility = (): void => dispatch({ type: document.hidden ? 'pause' : 'resume', now: Date.now() });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target !== null && (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT')) return;
      const direction = KEY_DIRECTIONS[e.key];
      const now = Date.now();
      if (direction !== undefined) dispatch({ type: 'move', direction, now });
      else if (e.key === 'z' || e.key === 'Z' || e.key === 'Backspace' || e.key === 'u' || e.key === 'U') dispatch({ type: 'undo' });
      else if (e.key === 'r' || e.key === 'R') dispatch({ type: 'restart' });
      else if ((e.key === 'Enter' || e.key === 'n' || e.key === 'N') && won && index + 1 < levels.length) dispatch({ type: 'goTo', index: index + 1, now });
      else if (e.key === 'l' || e.key === 'L') setShowList((v) => !v);
      else if (e.key === 'Escape') {
        setShowList(false);
        setShowResults(false);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [won, index, levels.length]);

  const resultsText = (): string => formatResults(resultsOf(linked.pack, identity, progress, player, new Date(), linked.pack.playOrder?.shuffle === true ? shown.map((l) => l.id) : undefined));
  const attemptsRecorded = Object.values(progress.attempts).reduce((n, list) => n + list.length, 0);
  const seconds = elapsedMs(attempt, Date.now()) / 1000;

  return (
    <div className="play-app" data-testid="play.app" data-level={index} data-solved={solvedCount}>
      <header className="play-header">
        <div className="play-title">
          <b data-testid="play.packName">{linked.pack.name}</b>
          <span className="play-muted" data-testid="play.position">Level {index + 1} of {levels.length}</span>
        </div>
        <span className="play-muted" data-testid="play.solvedCount">{solvedCount} solved</span>
        <button type="button" data-testid="play.levelsButton" onClick={() => setShowList((v) => !v)} aria-expanded={showList}>Levels</button>
        <button type="button" data-testid="play.resultsButton" onClick={() => setShowResults((v) => !v)} aria-expanded={showResults}>Results</button>
      </header>
      {note !== null && <p className="play-note" role="status">{note}</p>}
      {!storageOk && <p className="play-note" role="status">This browser would not save your progress; download your results before you close the page.</p>}
      <main className="play-main">
        <h1 className="play-level-name" data-testid="play.levelName">{current.name || `Level ${index + 1}`}{progress.solved.includes(current.id) && <span className="play-check" title="solved before"> ✓</span>}</h1>
        <Board level={levels[index]!.level} rules={rules} moves={attempt.moves} won={won} stuck={attempt.status === 'stuck'} onSwipe={(direction) => dispatch({ type: 'move', direction, now: Date.now() })} />
        <div className="play-status" data-testid="play.status" aria-live="polite">
          {won ? (
            <span className="play-won" data-testid="play.won">Solved in {seconds.toFixed(1)} s and {attempt.totalMoves} moves{allSolved ? ' · every level solved!' : ''}</span>
          ) : attempt.status === 'stuck' ? (
            <span className="play-stuck">Stuck: undo (Z) or restart (R)</span>
          ) : (
            <span className="play-muted">{attempt.totalMoves} moves · {seconds.toFixed(0)} s</span>
          )}
        </div>
        <div className="play-controls">
          <button type="button" data-testid="play.undo" disabled={attempt.moves === '' || won} onClick={() => dispatch({ type: 'undo' })}>Undo <kbd>Z</kbd></button>
          <button type="button" data-testid="play.restart" disabled={attempt.moves === '' || won} onClick={() => dispatch({ type: 'restart' })}>Restart <kbd>R</kbd></button>
          <button type="button" data-testid="play.giveUp" disabled={won} title="Count this level as given up and go to the next" onClick={() => dispatch({ type: 'giveUp', now: Date.now() })}>Give up</button>
          <button type="button" className="play-primary" data-testid="play.next" disabled={index + 1 >= levels.length || (!won && !progress.solved.includes(current.id))} onClick={() => dispatch({ type: 'goTo', index: index + 1, now: Date.now() })}>Next <kbd>Enter</kbd></button>
        </div>
        <p className="play-help play-muted">Arrow keys or WASD (swipe on a phone) move. {rules.glyphs.summary}</p>
      </main>
      {showList && (
        <nav className="play-overlay" aria-label="levels" data-testid="play.levels">
          <div className="play-overlay-head"><b>Levels</b><button type="button" onClick={() => setShowList(false)} aria-label="close">✕</button></div>
          <ol className="play-level-list">
            {shown.map((l, i) => {
              const solved = progress.solved.includes(l.id);
              return (
                <li key={l.id}>
                  <button type="button" className={i === index ? 'current' : ''} data-testid="play.levelItem" data-solved={solved} onClick={() => { dispatch({ type: 'goTo', index: i, now: Date.now() }); setShowList(false); }}>
                    <span className="play-num">{i + 1}</span> {l.name || `Level ${i + 1}`} {solved ? <span className="play-check">✓</span> : null}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      {showResults && (
        <section className="play-overlay" aria-label="results" data-testid="play.results">
          <div className="play-overlay-head"><b>Your results</b><button type="button" onClick={() => setShowResults(false)} aria-label="close">✕</button></div>
          <p>{solvedCount} of {levels.length} levels solved, {attemptsRecorded} attempt{attemptsRecorded === 1 ? '' : 's'} recorded. Send the file to the designer: it holds your times, moves, restarts and give-ups per level, nothing else.</p>
          <div className="play-controls">
            <button type="button" className="play-primary" data-testid="play.downloadResults" onClick={() => downloadText(resultsText(), `${fileSlug(linked.pack.name)}.results.json`)}>Download results</button>
            <button
              type="button"
              data-testid="play.copyResults"
              onClick={() => {
                const text = resultsText();
                // Clipboard access can be missing (file://, old browsers) or refused: then the text is shown to copy by hand.
                if (navigator.clipboard === undefined) setCopied(text);
                else void navigator.clipboard.writeText(text).then(() => setCopied('Copied.'), () => setCopied(text));
              }}
            >
              Copy
            </button>
          </div>
          {copied === 'Copied.' && <p className="play-muted">Copied to the clipboard.</p>}
          {copied !== null && copied !== 'Copied.' && <textarea readOnly className="play-copy" value={copied} aria-label="results to copy" onFocus={(e) => e.currentTarget.select()} />}
        </section>
      )}
    </div>
  );
}
