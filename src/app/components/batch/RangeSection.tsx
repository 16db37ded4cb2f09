/**
 * The Batch view's expressive range (docs/range.md): pick two measures and
 * the bins; every finished run (each SD-PCGRL temperature) is mapped on the
 * same axes in the range worker, with the pack's and the rated levels drawn
 * over it; occupied bins and holes per map; a picked bin lists its levels
 * (one click opens one in the editor); a sweep (SD-PCGRL's temperatures,
 * RSD's or RPU's sizes or numbers of pinned cells) is drawn as the y
 * measure's median and quartiles per value. The maps and the curve export
 * as CSV, SVG and PNG.
 */
import { useEffect, useMemo, useState } from 'react';
import { parseRows } from '../../../core/level/format';
import { levelsInBin, rangeMapCsv } from '../../../core/range/histogram';
import { MEASURE_NAMES, MEASURES, type MeasureName } from '../../../core/range/measures';
import { measureColumn } from '../../../core/range/table';
import type { RangeResult } from '../../../workers/range.protocol';
import { groupsSweep, rangeGroups } from '../../controllers/rangeController';
import { sweepAxisTitle, sweepCsv, sweepPoints } from '../../../core/range/sweep';
import { downloadText } from '../../files/download';
import { useActions, useServices, useStudioShallow } from '../../studioContext';
import { LevelThumb } from '../LevelThumb';
import { ChartFrame } from './ChartFrame';
import { RangeMapChart, RangeSweepChart, type PickedBin } from './RangeMapChart';

/** Levels a picked bin shows at once. */
const SHOWN_IN_BIN = 24;

function MeasurePicker({ id, value, onChange }: { readonly id: string; readonly value: MeasureName; readonly onChange: (m: MeasureName) => void }) {
  return (
    <select value={value} data-testid={`range.${id}`} aria-label={`${id} measure`} onChange={(e) => onChange(e.target.value as MeasureName)}>
      {MEASURE_NAMES.map((m) => (
        <option key={m} value={m} title={MEASURES[m].meaning}>{MEASURES[m].label}</option>
      ))}
    </select>
  );
}

export function RangeSection({ stem }: { readonly stem: string }) {
  const services = useServices();
  const get = useActions();
  const s = useStudioShallow((st) => ({ run: st.batchRun, pack: st.pack, ratings: st.playerData, model: st.model, view: st.rangeView }));
  // Axes, bins and overlays live in the store and are saved with the workspace.
  const { x, y, bins, showPack, showRated } = s.view;
  const setView = get().setRangeView;
  const setX = (m: MeasureName): void => setView({ x: m });
  const setY = (m: MeasureName): void => setView({ y: m });
  const [result, setResult] = useState<RangeResult | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedBin | null>(null);
  const groups = useMemo(() => rangeGroups(s.run), [s.run]);
  const done = s.run.status === 'done';

  useEffect(() => {
    if (!done || groups.length === 0) {
      setResult(null);
      return;
    }
    let live = true;
    void services.range.map(groups, x, y, bins, { pack: showPack, rated: showRated }).then((o) => {
      if (!live) return;
      if (o.kind === 'ok') {
        setResult(o.value);
        setMessage(null);
      } else if (o.kind !== 'cancelled') setMessage(o.message);
    });
    setPicked(null);
    return () => {
      live = false;
    };
  }, [services.range, groups, x, y, bins, showPack, showRated, done, s.pack, s.ratings, s.model]);

  if (!done) return null;
  if (groups.length === 0) {
    return (
      <section className="batch-section" data-testid="range.section">
        <h2>Expressive range</h2>
        <p className="muted batch-note" data-testid="range.none">The levels' measures are kept only for a run finished in this session: run the evaluation again to map it.</p>
      </section>
    );
  }
  const labels = groups.map((g) => g.label);
  const binLevels = (): { total: number; rows: string[][] } => {
    if (picked === null || result === null) return { total: 0, rows: [] };
    const t = groups[picked.group]!.table;
    const idx = levelsInBin(measureColumn(t, x), measureColumn(t, y), result.x, result.y, picked.xi, picked.yi);
    return { total: idx.length, rows: idx.slice(0, SHOWN_IN_BIN).map((i) => t.levels[i]!.split('/')) };
  };
  const inBin = binLevels();
  const open = (rows: string[], k: number): void => {
    const p = parseRows(rows);
    if (!p.ok) return;
    get().openLevel(p.value, `${labels[picked!.group]!.replace(/\s+/g, '-')}-bin-${picked!.xi}-${picked!.yi}-${k}`);
    get().setView('studio');
  };
  const csv = (): void => {
    if (result === null) return;
    downloadText(result.maps.map((m, g) => rangeMapCsv(m, labels[g]!, g === 0)).join(''), `${stem}-range-${x}-${y}.csv`, 'text/csv');
  };
  const sweep = groupsSweep(groups);
  const points = sweep === null || result === null ? [] : sweepPoints(sweep.values, result.summaries.map((m) => m.y));
  const sweepTitle = sweep === null ? '' : sweepAxisTitle(sweep.parameter);
  const curveCsv = (): void => {
    if (sweep !== null) downloadText(sweepCsv(sweep.parameter, y, points), `${stem}-sweep-${sweep.parameter}-${y}.csv`, 'text/csv');
  };
  const controls = (
    <span className="range-controls">
      <MeasurePicker id="x" value={x} onChange={setX} />
      <span className="muted">against</span>
      <MeasurePicker id="y" value={y} onChange={setY} />
      <label className="muted">
        bins <input type="number" min={2} max={60} value={bins} data-testid="range.bins" style={{ width: '4em' }} onChange={(e) => { const b = Math.round(Number(e.target.value)); if (b >= 2 && b <= 60) setView({ bins: b }); }} />
      </label>
      <label className="muted" title="Draw the pack's levels over the maps as rings">
        <input type="checkbox" checked={showPack} data-testid="range.showPack" onChange={(e) => setView({ showPack: e.target.checked })} /> pack
      </label>
      <label className="muted" title="Draw the levels players rated over the maps as diamonds">
        <input type="checkbox" checked={showRated} data-testid="range.showRated" onChange={(e) => setView({ showRated: e.target.checked })} /> rated
      </label>
      <button type="button" className="small" data-testid="range.csv" disabled={result === null} onClick={csv}>CSV</button>
    </span>
  );
  return (
    <section className="batch-section" data-testid="range.section">
      <div className="batch-charts range-charts">
        <ChartFrame
          id="range"
          title="Expressive range"
          fileName={`${stem}-range-${x}-${y}`}
          controls={controls}
          note={
            <>
              Unique levels of each run on shared axes, shaded by count (log).{showPack && s.pack.levels.length > 0 ? <> Rings: the pack&apos;s {s.pack.levels.length} levels.</> : null}
              {showRated && result !== null && result.overlays[1]!.points.length > 0 ? <> Diamonds: {result.overlays[1]!.points.length} levels players rated.</> : null} A hole is an empty bin with levels on both sides along its row and its column. Click a bin to see its levels.
            </>
          }
        >
          {result === null ? <p className="muted" data-testid="range.pending">{message ?? 'Mapping…'}</p> : <RangeMapChart result={result} labels={labels} picked={picked} onPick={setPicked} />}
        </ChartFrame>
        {sweep !== null && result !== null && (
          <ChartFrame
            id="range-sweep"
            title={`${MEASURES[y].label} per ${sweepTitle === 'size' ? 'size' : sweepTitle === 'temperature' ? 'temperature' : 'number of pinned cells'}`}
            fileName={`${stem}-sweep-${sweep.parameter}-${y}`}
            controls={<button type="button" className="small" data-testid="range.sweep.csv" onClick={curveCsv}>CSV</button>}
            note={`The ${sweepTitle} sweep: the median of the y measure over each run's unique levels, the band between its quartiles; each run is one of the maps.`}
          >
            <RangeSweepChart points={points} parameter={sweep.parameter} measure={y} />
          </ChartFrame>
        )}
      </div>
      {message !== null && <p className="batch-message batch-error" role="alert">{message}</p>}
      {picked !== null && result !== null && (
        <div className="range-bin" data-testid="range.bin" data-count={inBin.total}>
          <p className="muted batch-note">
            {labels[picked.group]}: {inBin.total} level{inBin.total === 1 ? '' : 's'} with {MEASURES[x].label} {result.x.edges[picked.xi]!.toPrecision(3)}–{result.x.edges[picked.xi + 1]!.toPrecision(3)} and {MEASURES[y].label} {result.y.edges[picked.yi]!.toPrecision(3)}–{result.y.edges[picked.yi + 1]!.toPrecision(3)}
            {inBin.total > SHOWN_IN_BIN ? ` (the first ${SHOWN_IN_BIN} shown)` : ''}. Click one to open it in the editor.
          </p>
          <div className="batch-sample-row">
            {inBin.rows.map((rows, k) => (
              <button key={k} type="button" className="batch-thumb-button" data-testid="range.bin.level" title="Open in the editor" onClick={() => open(rows, k)}>
                <LevelThumb rows={rows} size={58} />
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
