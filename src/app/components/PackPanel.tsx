/**
 * The level pack, the designer's document: name, new / duplicate / add,
 * sort and dedupe (undoable), search and tag filter, the list, the
 * difficulty curve, the Export menu (PackExportMenu), the pack for players
 * (a play link, or the standalone player HTML) and import
 * (pack JSON or level text, by file, drop or paste; a pack asks append or
 * replace; a bad file lists every problem and changes nothing).
 */
import { capList } from '../persistence/backups';
import { MoreItems } from './MoreItems';
import { IMPORT_LIMITS, readTextFile } from '../files/readFile';
import { useRef, useState, type DragEvent } from 'react';
import { exportPack } from '../../core/pack/pack';
import { playLink, standalonePlayer } from '../controllers/playExport';
import { downloadText } from '../files/download';
import { slug } from '../store/packEdits';
import { selectAnnotationMismatches, selectExportPack, selectPackPendingCount } from '../store/selectors';
import { useActions, useServices, useStudio, useStudioShallow } from '../studioContext';
import { PackCurve } from './PackCurve';
import { PackDetails } from './PackDetails';
import { PackExportMenu } from './PackExportMenu';
import { PackCompareDialog, PackConflictsDialog } from './pack/RepoDialogs';
import { hasConflictMarkers } from '../../core/repo/conflicts';
import { PackList, type PackFilter } from './PackList';
import { PackFieldsEditor } from './pack/PackFieldsEditor';
import { PackLevelFields } from './pack/PackLevelFields';
import { PackSelectionBar } from './pack/PackSelectionBar';
import { PlayOrderControl } from './pack/PlayOrderControl';
import { allRulesets, rulesetByName } from '../../core/rules/registry';
import { packRules } from '../store/rules';

/** Claims in the pack (features, difficulty) that its rows contradict: reported, never used. */
function AnnotationMismatches() {
  const problems = useStudio((st) => selectAnnotationMismatches(st));
  if (problems.length === 0) return null;
  const { shown, more } = capList(problems);
  const levels = new Set(problems.map((p) => p.path.match(/^levels\[(\d+)\]/)?.[1])).size;
  return (
    <details className="import-report" data-testid="pack.mismatches">
      <summary>
        {problems.length.toLocaleString('en')} saved value{problems.length === 1 ? '' : 's'} in {levels} level{levels === 1 ? '' : 's'} disagree with the rows; the values computed from the rows are shown.
      </summary>
      <ul className="muted">
        {shown.map((p, i) => (
          <li key={i} data-testid="pack.mismatch"><code>{p.path}</code> {p.message}</li>
        ))}
        <MoreItems count={more} />
      </ul>
    </details>
  );
}

export function PackPanel() {
  const get = useActions();
  const { store, packImport } = useServices();
  const analysing = useStudio(selectPackPendingCount);
  const s = useStudioShallow((st) => ({ name: st.pack.name, count: st.pack.levels.length, report: st.packImport, pending: st.pendingImport, open: st.openInPack?.id ?? null, model: st.model.name, selected: st.packSelection.length, rules: packRules(st.pack) }));
  const [choosingRules, setChoosingRules] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const [filter, setFilter] = useState<PackFilter>({ text: '', tag: null });
  const tags = useStudioShallow((st) => [...new Set(st.pack.levels.flatMap((l) => l.tags ?? []))].sort());
  const [share, setShare] = useState<{ url: string } | { error: string } | null>(null);

  const makePlayLink = (): void => {
    const link = playLink(window.location.href, selectExportPack(get()));
    if (!link.ok) {
      setShare({ error: link.error });
      return;
    }
    setShare({ url: link.value });
    void navigator.clipboard?.writeText(link.value).then(() => get().notify('info', 'Play link copied: anyone with it plays the pack in their browser.'), () => {});
  };
  const exportStandalone = async (): Promise<void> => {
    const pack = selectExportPack(get());
    const html = await standalonePlayer(pack);
    if (!html.ok) {
      get().notify('error', `No standalone file: ${html.error}.`);
      return;
    }
    downloadText(html.value, `${slug(pack.name)}.play.html`, 'text/html');
    get().notify('info', `Exported a standalone player of ${pack.levels.length} levels: it plays offline from disk.`);
  };

  const importFile = async (file: File): Promise<void> => {
    const text = await readTextFile(file, IMPORT_LIMITS.pack, 'a pack or level file');
    // A pack the merge driver left with conflicts opens in the conflicts dialog (docs/repository.md).
    if (text.ok && hasConflictMarkers(text.value) && get().openConflicts(text.value, file.name)) return;
    if (text.ok) await packImport.importText(text.value, file.name);
    else store.setState({ packImport: { fileName: file.name, ok: false, problems: [{ path: '$', message: text.error }], warnings: [] }, pendingImport: null });
  };
  const compareFiles = async (list: FileList | null): Promise<void> => {
    const files = [...(list ?? [])].slice(0, 2);
    const texts = [];
    for (const f of files) {
      const t = await readTextFile(f, IMPORT_LIMITS.pack, 'a pack');
      if (!t.ok) return get().notify('error', t.error);
      texts.push({ text: t.value, name: f.name });
    }
    if (texts.length === 1) get().comparePacks(texts[0]!, null);
    else if (texts.length === 2) get().comparePacks(texts[1]!, texts[0]!);
  };
  const onDrop = (e: DragEvent): void => {
    const file = e.dataTransfer.files[0];
    if (file === undefined) return; // a drag of a pack row (reorder) is the list's business
    e.preventDefault();
    setDropping(false);
    void importFile(file);
  };

  return (
    <div
      className={`pack-panel${dropping ? ' dropping' : ''}`}
      data-testid="pack.panel"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDropping(true);
        }
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      <div className="pack-head">
        <input className="pack-title" value={s.name} maxLength={200} aria-label="pack name" data-testid="pack.name" onChange={(e) => get().setPackName(e.target.value)} />
        <span className="muted" data-testid="pack.count" data-pending={analysing}>{s.count} level{s.count === 1 ? '' : 's'}</span>
        {analysing > 0 && <span className="muted small-text" data-testid="pack.analysing" title="difficulties still being computed">· {analysing} being analysed</span>}
      </div>
      <div className="pack-rules-row">
        <span className="muted">rules</span>
        <span className={`rules-tag rules-${s.rules}`} data-testid="pack.rules" data-rules={s.rules} title={rulesetByName(s.rules).glyphs.summary}>{rulesetByName(s.rules).title}</span>
        <span className="grow" />
        <label className="small button-like" title="What changed between the open pack and a pack file (pick one), or between two pack files (pick both): levels added, removed, moved, changed cells and what they did to the game">
          Compare…
          <input type="file" accept=".json,application/json" multiple hidden data-testid="pack.compareFile" onChange={(e) => void compareFiles(e.target.files)} />
        </label>
        <button type="button" className="small" data-testid="pack.newPack" aria-expanded={choosingRules} title="Start a new, empty pack under the rules you choose (undoable)" onClick={() => setChoosingRules(!choosingRules)}>New pack…</button>
      </div>
      {choosingRules && (
        <div className="import-report" role="group" aria-label="new pack rules" data-testid="pack.newPackChoice">
          <div className="report-head"><span>A new, empty pack. Which game do its levels play?</span></div>
          <div className="button-row">
            {allRulesets().map((r) => (
              <button
                key={r.name}
                type="button"
                data-testid={`pack.newPack.${r.name}`}
                title={r.glyphs.summary}
                onClick={() => {
                  setChoosingRules(false);
                  get().newPack(r.name);
                }}
              >
                {r.title}
              </button>
            ))}
            <button type="button" data-testid="pack.newPackCancel" onClick={() => setChoosingRules(false)}>Cancel</button>
          </div>
        </div>
      )}
      <div className="button-row">
        <button type="button" data-testid="pack.new" title="A new empty level after the open one, opened in the editor" onClick={() => get().newPackLevel()}>New</button>
        <button type="button" data-testid="pack.duplicate" disabled={s.open === null} title="A copy of the open level, right after it" onClick={() => s.open !== null && get().duplicatePackLevel(s.open)}>Duplicate</button>
        <button type="button" data-testid="pack.addCurrent" disabled={s.open !== null} title={s.open !== null ? 'The level in the editor is already in the pack (edited in place)' : 'Add the level in the editor (A)'} onClick={() => get().addCurrentLevelToPack()}>+ Current</button>
        <button type="button" data-testid="pack.sort" disabled={s.count < 2} title={`Sort easiest first (model “${s.model}”)`} onClick={() => get().sortPackByDifficulty()}>Sort ↑</button>
        <button
          type="button"
          data-testid="pack.dedupe"
          disabled={s.count < 2}
          title="Remove repeated grids"
          onClick={() => {
            if (get().dedupePack() === 0) get().notify('info', 'No duplicates in the pack.');
          }}
        >
          Dedupe
        </button>
      </div>
      <div className="button-row">
        <PackExportMenu />
        <button type="button" data-testid="pack.playLink" disabled={s.count === 0} title="A link that opens the pack in play mode (the whole pack is in the link)" onClick={makePlayLink}>Play link</button>
        <button type="button" data-testid="pack.exportPlayer" disabled={s.count === 0} title="One HTML file that plays the pack offline, for mail or any web host" onClick={() => void exportStandalone()}>Player HTML</button>
        <button type="button" data-testid="pack.openOverview" disabled={s.count === 0} title="All levels as tiles: select several, tag, move, export" onClick={() => get().setView('pack')}>Overview</button>
        <span className="grow" />
        <button type="button" data-testid="pack.import" title="Import a pack (.json) or levels in the text format (.txt); or drop a file here, or paste" onClick={() => fileInput.current?.click()}>Import…</button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.txt,application/json,text/plain"
          hidden
          data-testid="pack.importFile"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file !== undefined) void importFile(file);
          }}
        />
      </div>
      <PlayOrderControl />
      {share !== null && (
        <div className={`import-report${'error' in share ? ' error-box' : ''}`} data-testid="pack.share" role={'error' in share ? 'alert' : 'status'}>
          <div className="report-head">
            {'error' in share ? <span data-testid="pack.shareError">No link: {share.error}.</span> : <span>Play link (copied if the browser allowed it):</span>}
            <button type="button" className="icon" aria-label="dismiss" onClick={() => setShare(null)}>✕</button>
          </div>
          {'url' in share ? (
            <div className="button-row">
              <input className="grow" readOnly value={share.url} aria-label="play link" data-testid="pack.shareUrl" onFocus={(e) => e.currentTarget.select()} />
              <a href={share.url} target="_blank" rel="noreferrer" data-testid="pack.shareOpen">Open</a>
            </div>
          ) : (
            <div className="button-row">
              <button type="button" data-testid="pack.shareFile" onClick={() => void exportStandalone()}>Download the player HTML instead</button>
              <button
                type="button"
                onClick={() => {
                  const pack = selectExportPack(get());
                  downloadText(exportPack(pack), `${slug(pack.name)}.longcat-pack.json`, 'application/json');
                }}
              >
                Pack JSON
              </button>
            </div>
          )}
        </div>
      )}
      <PackCompareDialog />
      <PackConflictsDialog />
      {s.pending !== null && (
        <div className="import-report" role="alertdialog" aria-label="import a pack" data-testid="pack.importChoice">
          <div className="report-head">
            <span>
              <b>{s.pending.fileName}</b>: “{s.pending.pack.name}”, {s.pending.pack.levels.length} level{s.pending.pack.levels.length === 1 ? '' : 's'},{' '}
              <span data-testid="pack.importRules" data-rules={packRules(s.pending.pack)}>{rulesetByName(packRules(s.pending.pack)).title} rules</span>.
              {packRules(s.pending.pack) !== s.rules && <> This pack is {rulesetByName(s.rules).title}: a pack has one ruleset, so its levels can only replace this pack.</>}
            </span>
          </div>
          <div className="button-row">
            <button
              type="button"
              className="primary"
              data-testid="pack.importAppend"
              disabled={packRules(s.pending.pack) !== s.rules}
              title={packRules(s.pending.pack) !== s.rules ? `Its levels play under ${rulesetByName(packRules(s.pending.pack)).title} rules, this pack under ${rulesetByName(s.rules).title}` : undefined}
              onClick={() => get().resolveImport('append')}
            >
              Append to this pack
            </button>
            <button type="button" data-testid="pack.importReplace" onClick={() => get().resolveImport('replace')}>Replace this pack</button>
            <button type="button" data-testid="pack.importCancel" onClick={() => get().resolveImport('cancel')}>Cancel</button>
          </div>
        </div>
      )}
      {s.report !== null && !s.report.ok && (
        <div className="import-report error-box" role="alert" data-testid="pack.errors">
          <div className="report-head">
            <span>
              <b>{s.report.fileName}</b> was not imported: {s.report.problems.length} problem{s.report.problems.length === 1 ? '' : 's'}; the pack was not changed.
            </span>
            <button type="button" className="icon" aria-label="dismiss" onClick={() => get().dismissImportReport()}>✕</button>
          </div>
          <ul>
            {capList(s.report.problems).shown.map((p, i) => (
              <li key={i} data-testid="pack.error">
                <code>{p.path}</code> {p.message}
              </li>
            ))}
            <MoreItems count={capList(s.report.problems).more} testId="pack.errorsMore" />
          </ul>
        </div>
      )}
      {s.report !== null && s.report.ok && s.report.warnings.length > 0 && (
        <div className="import-report" data-testid="pack.imported">
          <div className="report-head">
            <span>Imported {s.report.fileName}, with warnings:</span>
            <button type="button" className="icon" aria-label="dismiss" onClick={() => get().dismissImportReport()}>✕</button>
          </div>
          <ul className="muted">
            {capList(s.report.warnings).shown.map((p, i) => (
              <li key={i}><code>{p.path}</code> {p.message}</li>
            ))}
            <MoreItems count={capList(s.report.warnings).more} />
          </ul>
        </div>
      )}
      <AnnotationMismatches />
      <PackCurve />
      <PackDetails />
      <PackLevelFields />
      <PackFieldsEditor />
      {s.selected > 1 && <PackSelectionBar />}
      {s.count > 0 && (
        <div className="button-row pack-filter">
          <input type="search" placeholder="Search names, notes, tags" aria-label="search the pack" data-testid="pack.search" value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} />
          <select aria-label="filter by tag" data-testid="pack.tagFilter" value={filter.tag ?? ''} onChange={(e) => setFilter({ ...filter, tag: e.target.value === '' ? null : e.target.value })}>
            <option value="">all tags</option>
            {tags.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </div>
      )}
      <PackList filter={filter} />
    </div>
  );
}
