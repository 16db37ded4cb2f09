/** The level pack: name, add/sort/dedupe, the list, the difficulty curve, export and import with every problem listed. */
import { useRef } from 'react';
import { exportPack } from '../../core/pack/pack';
import { slug } from '../store/packSlice';
import { useActions, useStudioShallow } from '../studioContext';
import { PackCurve } from './PackCurve';
import { PackList } from './PackList';

export function PackPanel() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ name: st.pack.name, count: st.pack.levels.length, report: st.packImport, canUndo: st.packBackup !== null }));
  const fileInput = useRef<HTMLInputElement>(null);

  const download = (): void => {
    const { pack } = get();
    const blob = new Blob([exportPack(pack)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${slug(pack.name)}.longcat-pack.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const importFile = async (file: File): Promise<void> => {
    const text = await file.text();
    const ok = get().importPackText(text, file.name);
    if (ok) get().notify('info', `Imported “${get().pack.name}” (${get().pack.levels.length} levels).`);
  };

  return (
    <div className="pack-panel" data-testid="pack.panel">
      <div className="pack-head">
        <input className="pack-title" value={s.name} maxLength={200} aria-label="pack name" data-testid="pack.name" onChange={(e) => get().setPackName(e.target.value)} />
        <span className="muted" data-testid="pack.count">{s.count} level{s.count === 1 ? '' : 's'}</span>
      </div>
      <div className="button-row">
        <button type="button" data-testid="pack.addCurrent" title="Add the level in the editor (A)" onClick={() => get().addCurrentLevelToPack()}>+ Current</button>
        <button type="button" data-testid="pack.sort" disabled={s.count < 2} title="Sort easiest first" onClick={() => get().sortPackByDifficulty()}>Sort ↑</button>
        <button
          type="button"
          data-testid="pack.dedupe"
          disabled={s.count < 2}
          title="Remove repeated grids"
          onClick={() => {
            const removed = get().dedupePack();
            get().notify('info', removed === 0 ? 'No duplicates in the pack.' : `Removed ${removed} duplicate level${removed === 1 ? '' : 's'}.`);
          }}
        >
          Dedupe
        </button>
        <span className="grow" />
        <button type="button" data-testid="pack.export" title="Download the pack as JSON" onClick={download}>Export</button>
        <button type="button" data-testid="pack.import" title="Replace the pack with a pack file" onClick={() => fileInput.current?.click()}>Import</button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="pack.importFile"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file !== undefined) void importFile(file);
          }}
        />
      </div>
      {s.report !== null && !s.report.ok && (
        <div className="import-report error-box" role="alert" data-testid="pack.errors">
          <div className="report-head">
            <span>
              <b>{s.report.fileName}</b> was not imported: {s.report.problems.length} problem{s.report.problems.length === 1 ? '' : 's'}; the pack was not changed.
            </span>
            <button type="button" className="icon" aria-label="dismiss" onClick={() => get().dismissImportReport()}>✕</button>
          </div>
          <ul>
            {s.report.problems.map((p, i) => (
              <li key={i} data-testid="pack.error">
                <code>{p.path}</code> {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {s.report !== null && s.report.ok && (
        <div className="import-report" data-testid="pack.imported">
          <div className="report-head">
            <span>Imported {s.report.fileName}.</span>
            {s.canUndo && <button type="button" className="link" data-testid="pack.undoImport" onClick={() => get().undoImport()}>undo import</button>}
            <button type="button" className="icon" aria-label="dismiss" onClick={() => get().dismissImportReport()}>✕</button>
          </div>
          {s.report.warnings.length > 0 && (
            <ul className="muted">
              {s.report.warnings.map((p, i) => (
                <li key={i}><code>{p.path}</code> {p.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <PackCurve />
      <PackList />
    </div>
  );
}
