import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadProgress } from './progress';
import { Player } from './Player';
import { readPackSource, type PackSource } from './source';
import './play.css';

/** Reads the pack (again when the link changes) and shows the player, or why it cannot. */
function PlayApp() {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const onHash = (): void => setHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const source = useMemo(() => readPackSource(document, hash), [hash]);
  if (!source.ok) {
    return (
      <div className="play-app">
        <main className="play-main play-error" role="alert" data-testid="play.error">
          <h1>This pack cannot be opened</h1>
          <p data-testid="play.errorMessage">{source.error[0]!.toUpperCase() + source.error.slice(1)}.</p>
          <p className="play-muted">Nothing was changed. Ask the designer for the link again, or for the pack as a file.</p>
        </main>
      </div>
    );
  }
  return <Loaded key={source.value.identity} source={source.value} />;
}

function Loaded({ source }: { source: PackSource }) {
  const [{ progress, note }] = useState(() => loadProgress(source.identity));
  useEffect(() => {
    document.title = `${source.linked.pack.name} · Longcat`;
  }, [source]);
  return <Player linked={source.linked} identity={source.identity} progress={progress} note={note} />;
}
 
const root = document.getElementById('play-root');
if (root === null) throw new Error('play.html has no #play-root element');
createRoot(root).render(
  <StrictMode>
    <PlayApp />
  </StrictMode>,
);
