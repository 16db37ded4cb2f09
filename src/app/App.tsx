/**
 * The studio: one page with the level pack and generators docked left,
 * the editor in the centre, the difficulty gauge and solution graph right.
 * Gets the store and controllers built once (`createServices`), restores
 * saved work, then starts autosave and share-link handling.
 */
import { useEffect } from 'react';
import { ColumnSplitter } from './components/ColumnSplitter';
import { DockPanel } from './components/DockPanel';
import { EditorPanel } from './components/EditorPanel';
import { GaugePanel } from './components/GaugePanel';
import { GraphPanel } from './components/GraphPanel';
import { Header } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { LevelTextDialog } from './components/LevelTextDialog';
import { Messages } from './components/Messages';
import { PartBoundary } from './components/PartBoundary';
import { WorkspaceNotices } from './components/WorkspaceNotices';
import { connectShareLinks } from './controllers/shareController';
import { connectClipboard } from './clipboard';
import { openProject, saveProject } from './files/projectIo';
import { focusedControl, handleShortcut, isTypingTarget, shortcutAllowed } from './keyboard';
import { StudioContext, useStudio, type StudioServices } from './studioContext';
import { WORKSPACE_VIEWS } from './views';

export function App({ services }: { services: StudioServices }) {
  const { store } = services;

  useEffect(() => {
    let stopped = false;
    let stopShare: (() => void) | null = null;
    void services.workspace.start().then(() => {
      if (!stopped) stopShare = connectShareLinks(store);
    });
    return () => {
      stopped = true;
      stopShare?.();
    };
  }, [store, services.workspace]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // Ctrl+S / Ctrl+O work from anywhere, text fields included (the browser's own would save or open a web page).
      if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 's' || e.key === 'o')) {
        e.preventDefault();
        void (e.key === 's' ? saveProject(store) : openProject(store));
        return;
      }
      if (e.defaultPrevented || isTypingTarget(e.target)) {
        if (e.key === 'Escape' && e.target instanceof HTMLElement) e.target.blur();
        return;
      }
      if (!shortcutAllowed(e.target, e.key, store.getState().mode)) return;
      if (handleShortcut(store, e)) e.preventDefault();
      // Escape hands the canvas keys back from a focused control.
      else if (e.key === 'Escape' && focusedControl(e.target) !== null && e.target instanceof HTMLElement) e.target.blur();
    };
    // Copy, cut and paste (cells, level text, pack files): one handler per clipboard event.
    const stopClipboard = connectClipboard(store, window, (text, fileName) => services.packImport.importText(text, fileName));
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      stopClipboard();
    };
  }, [store, services.packImport]);

  return (
    <StudioContext.Provider value={services}>
      <div className="app">
        <Header />
        <WorkspaceNotices />
        <MainView />
        <Messages />
        <HelpOverlay />
        <LevelTextDialog />
      </div>
    </StudioContext.Provider>
  );
}

/** The studio page, or the chosen workspace view (the studio stays mounted so its state and workers live on). */
function MainView() {
  const view = useStudio((s) => s.view);
  const workspace = WORKSPACE_VIEWS.find((v) => v.id === view);
  return (
    <>
      <main className="studio" hidden={workspace !== undefined}>
        <PartBoundary title="The dock" part="view" id="dock"><DockPanel /></PartBoundary>
        <PartBoundary title="The editor" part="level" id="editor"><EditorPanel /></PartBoundary>
        <div className="right-column" id="studio-right-column">
          <ColumnSplitter controls="studio-right-column" />
          <PartBoundary title="The difficulty gauge" part="view" id="gauge"><GaugePanel /></PartBoundary>
          <PartBoundary title="The solution graph" part="view" id="graph"><GraphPanel /></PartBoundary>
        </div>
      </main>
      {workspace !== undefined && (
        <main className="workspace" data-testid={`view.${workspace.id}`}>
          <PartBoundary key={workspace.id} title={workspace.title} part={workspace.id === 'players' ? 'view' : workspace.id} id={workspace.id}>
            {workspace.render()}
          </PartBoundary>
        </main>
      )}
    </>
  );
}
