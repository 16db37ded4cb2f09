/** Actions on the whole level in edit mode: playtest, solution replay, add to pack, share link, text. */
import { useState } from 'react';
import { shareUrl } from '../adapters/shareLink';
import { packRules } from '../store/rules';
import { selectCurrentGraph, selectShortestSolution } from '../store/selectors';
import { useActions, useStudioShallow } from '../studioContext';

export function EditActions() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ solution: selectShortestSolution(st), analysed: selectCurrentGraph(st) !== null, inPack: st.openInPack !== null }));
  const [link, setLink] = useState<string | null>(null);
  const share = (): void => {
    const st = get();
    const url = shareUrl(window.location.href, st.level, st.levelName, packRules(st.pack));
    setLink(url);
    void navigator.clipboard?.writeText(url).catch(() => undefined);
  };
  return (
    <div className="modebar editbar">
      <button type="button" className="primary" data-testid="playtest.start" title="Playtest (P)" onClick={() => get().startPlaytest()}>
        ▶ Playtest <kbd>P</kbd>
      </button>
      <button
        type="button"
        data-testid="replay.start"
        disabled={s.solution === null}
        title={s.analysed ? (s.solution === null ? 'This level has no solution' : 'Step through the shortest solution (V)') : 'Waiting for the analysis'}
        onClick={() => s.solution !== null && get().startReplay(s.solution)}
      >
        Solution{s.solution !== null ? ` (${s.solution.length} moves)` : ''}
      </button>
      <button
        type="button"
        data-testid="pack.add"
        disabled={s.inPack}
        title={s.inPack ? 'This level is in the pack and edited in place (Duplicate in the pack makes a copy)' : 'Add this level to the pack (A)'}
        onClick={() => {
          const id = get().addCurrentLevelToPack();
          get().notify(id === null ? 'error' : 'info', id === null ? 'The pack is full.' : `Added “${get().levelName || id}” to the pack.`);
        }}
      >
        {s.inPack ? 'In the pack' : '+ Pack'}
      </button>
      <button type="button" data-testid="editor.share" title="Copy a link that opens this level" onClick={share}>
        Share
      </button>
      <button type="button" data-testid="editor.textOpen" title="Edit the level as text" onClick={() => get().setTextOpen(true)}>
        Text…
      </button>
      {link !== null && (
        <div className="share-pop" role="dialog" aria-label="Share link">
          <input readOnly value={link} data-testid="editor.shareUrl" onFocus={(e) => e.currentTarget.select()} autoFocus />
          <button type="button" onClick={() => setLink(null)} aria-label="close">✕</button>
        </div>
      )}
    </div>
  );
}
