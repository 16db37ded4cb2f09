/** The left dock: the level pack and the generators, as tabs. */
import { useActions, useStudio } from '../studioContext';
import { GeneratorsPanel } from './GeneratorsPanel';
import { PackPanel } from './PackPanel';

export function DockPanel() {
  const get = useActions();
  const tab = useStudio((s) => s.dockTab);
  return (
    <aside className="panel dock" aria-label="Pack and generators">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'pack'} className={tab === 'pack' ? 'active' : ''} data-testid="dock.tab.pack" onClick={() => get().setDockTab('pack')}>
          Level pack
        </button>
        <button type="button" role="tab" aria-selected={tab === 'generators'} className={tab === 'generators' ? 'active' : ''} data-testid="dock.tab.generators" onClick={() => get().setDockTab('generators')}>
          Generators
        </button>
      </div>
      <div className="dock-body" role="tabpanel">{tab === 'pack' ? <PackPanel /> : <GeneratorsPanel />}</div>
    </aside>
  );
}
