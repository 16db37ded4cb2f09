/**
 * The pack's Export menu: every format of `core/export/formats.ts` (the
 * pack JSON to reopen here, levels JSON for game code, text, the Arduboy C
 * header, the features CSV) and the PNG sheet of thumbnails. What is
 * exported is the pack as the studio derives it now (difficulties by the
 * active model, features, playtests). A format that cannot hold the pack
 * (the Arduboy header with levels that are not 8x8) says why and downloads
 * nothing, and offers "only the levels it can hold" with the count left
 * out and why.
 */
import { useEffect, useRef, useState } from 'react';
import { EXPORT_FORMAT_INFO, fitForFormat, type TextExportFormat } from '../../core/export/formats';
import { rulesetByName } from '../../core/rules/registry';
import { downloadThumbnailSheets } from '../files/thumbnailSheet';
import { slug } from '../store/packEdits';
import { packRules } from '../store/rules';
import { selectExportPack, selectPackLevelStatus } from '../store/selectors';
import { useActions, useStudio, useStudioShallow } from '../studioContext';
import { exportPackFile } from './pack/exportPackFile';

/** Menu items in order, with the test ids the e2e specs (and older specs) use. */
const ITEMS: readonly { format: TextExportFormat; testId: string }[] = [
  { format: 'pack', testId: 'pack.export' },
  { format: 'json', testId: 'pack.export.json' },
  { format: 'text', testId: 'pack.exportText' },
  { format: 'arduboy', testId: 'pack.export.arduboy' },
  { format: 'csv', testId: 'pack.export.csv' },
];

export function PackExportMenu() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ count: st.pack.levels.length, model: st.model.name, rules: packRules(st.pack) }));
  // The ruleset says which formats can hold its levels (the Arduboy header plays Longcat only).
  const ruleset = rulesetByName(s.rules);
  const holds = (format: TextExportFormat): boolean => ruleset.assets.exports.includes(format);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // What each format cannot hold (only the Arduboy header refuses levels), recomputed when the pack changes.
  const levels = useStudio((st) => st.pack);
  const fits = open ? ITEMS.filter(({ format }) => holds(format)).map(({ format }) => ({ format, fit: fitForFormat(levels, format) })).filter((x) => x.fit.leftOut > 0 && x.fit.pack.levels.length > 0) : [];

  const list = useRef<HTMLDivElement>(null);

  // Keys stay with the menu while it is open: focus its first item, arrows move between items.
  useEffect(() => {
    if (open) list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [open]);
  const moveFocus = (step: 1 | -1): void => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + step + items.length) % items.length]!.focus();
  };
  /** A note for the message when some levels are still being analysed (their difficulty is empty). */
  const pendingNote = (): string => {
    const st = get();
    const pending = st.pack.levels.filter((l) => selectPackLevelStatus(st, l) === 'pending').length;
    return pending === 0 ? '' : ` ${pending} level${pending === 1 ? ' was' : 's were'} still being analysed and went out without difficulty; export again when the list shows them all.`;
  };

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent): void => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const exportAs = (format: TextExportFormat, onlyFitting = false, hints = false): void => {
    setOpen(false);
    exportPackFile(get(), selectExportPack(get()), format, { onlyFitting, hints });
  };

  const exportSheet = async (): Promise<void> => {
    setOpen(false);
    const pack = selectExportPack(get());
    try {
      const files = await downloadThumbnailSheets(pack, `${slug(pack.name)}-sheet`);
      get().notify('info', `Exported ${pack.levels.length} thumbnails as ${files === 1 ? 'a PNG sheet' : `${files} PNG sheets`}.${pendingNote()}`);
    } catch (e) {
      get().notify('error', `No PNG sheet written: ${(e as Error).message}.`);
    }
  };

  return (
    <div
      className="menu-wrap"
      ref={root}
      onKeyDown={(e) => {
        if (!open) return;
        if (e.key === 'Escape') {
          e.stopPropagation();
          setOpen(false);
          root.current?.querySelector<HTMLButtonElement>('[data-testid="pack.exportMenu"]')?.focus();
        } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          e.stopPropagation();
          moveFocus(e.key === 'ArrowDown' ? 1 : -1);
        }
      }}
    >
      <button type="button" data-testid="pack.exportMenu" aria-haspopup="menu" aria-expanded={open} title={`Download the pack in a format of your choice (difficulties by “${s.model}”)`} onClick={() => setOpen(!open)}>
        Export ▾
      </button>
      {open && (
        <div className="menu" role="menu" aria-label="export the pack" data-testid="pack.exportList" ref={list}>
          {ITEMS.map(({ format, testId }) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              data-testid={testId}
              disabled={(s.count === 0 && format !== 'pack') || !holds(format)}
              title={holds(format) ? undefined : `${ruleset.title} levels do not fit this format`}
              onClick={() => exportAs(format)}
            >
              <b>{EXPORT_FORMAT_INFO[format].label}</b>
              <span className="muted small-text">{EXPORT_FORMAT_INFO[format].description}</span>
            </button>
          ))}
          <button type="button" role="menuitem" data-testid="pack.export.jsonHints" disabled={s.count === 0} onClick={() => exportAs('json', false, true)}>
            <b>Levels JSON with hints</b>
            <span className="muted small-text">Also, per level, a shortest solution and the next move from every position that can still be won</span>
          </button>
          {fits.map(({ format, fit }) => (
            <button key={`fit-${format}`} type="button" role="menuitem" data-testid={`pack.export.${format}.fitting`} onClick={() => exportAs(format, true)}>
              <b>{EXPORT_FORMAT_INFO[format].label}: only the {fit.pack.levels.length} level{fit.pack.levels.length === 1 ? '' : 's'} it can hold</b>
              <span className="muted small-text">{fit.leftOut} left out: {fit.reason}</span>
            </button>
          ))}
          <button type="button" role="menuitem" data-testid="pack.export.png" disabled={s.count === 0} onClick={() => void exportSheet()}>
            <b>PNG sheet</b>
            <span className="muted small-text">Thumbnails with numbers, names and difficulty, to share</span>
          </button>
        </div>
      )}
    </div>
  );
}
