/**
 * The difficulty gauge panel: the structural estimate (or, with players'
 * attempts loaded, the level's rating, saying which it is), band,
 * per-feature contributions in plain words (none for an unsolvable level),
 * the model's provenance, every graph feature, and a short glossary.
 */
import { NODE_CLASSES } from '../../core/graph/classes';
import { FEATURE_NAMES, featureNumber } from '../../core/graph/features';
import { modelInfoLine, modelRulesNote } from '../adapters/difficulty';
import { CLASS_GLOSSARY, CLASS_NAMES, FEATURE_GLOSSARY, featureLabel } from '../adapters/graphHighlight';
import { selectRuleset } from '../store/rules';
import { selectCurrentGraph, selectReading } from '../store/selectors';
import { useActions, useStudioShallow } from '../studioContext';
import { Contributions, formatNumber } from './Contributions';
import { Gauge } from './Gauge';
import { GaugeSource } from './GaugeSource';
import { LintPanel } from './LintPanel';
import { levelPlayerData } from '../adapters/playerData';
import { bandOf } from '../../core/difficulty/predict';
import { BAND_MEANING, DIFFICULTY_UNIT } from '../../core/difficulty/scale';

/** Why a feature can be null for a ruleset (SPEC §12), shown on its "n/a". */
const NOT_APPLICABLE: Partial<Record<string, string>> = {
  solutionPaths: 'Not applicable: under this ruleset the graph can have cycles, so winning move sequences are not a finite count (see “shortest solutions”).',
};

export function GaugePanel() {
  const get = useActions();
  const s = useStudioShallow((st) => ({ reading: selectReading(st), model: st.model, graph: st.analysis.graph, current: selectCurrentGraph(st), status: st.analysis.status, highlight: st.graphHighlight, players: st.playerData, pack: st.pack, level: st.level, paints: !selectRuleset(st).glyphs.coveredBlocks, rulesNote: modelRulesNote(st.model, selectRuleset(st).name) }));
  const { reading, graph } = s;
  const capped = s.status === 'capped';
  const solved = capped || reading === null || !reading.solvable ? null : reading;
  const rated = levelPlayerData(s.players, s.pack, s.level)?.row ?? null;
  const ratedValue = rated?.rating ?? null;
  const estimate = solved === null ? null : solved.value;
  const value = ratedValue ?? estimate;
  const emptyText = capped ? 'too big' : reading === null ? '…' : 'unsolvable';
  const band = ratedValue !== null ? bandOf(ratedValue) : solved === null ? null : solved.band;
  return (
    <section className={`panel gauge-panel${graph !== null && s.current === null ? ' stale' : ''}`} aria-label="Difficulty" data-testid="gauge.panel" data-key={graph?.levelKey ?? ''}>
      <header className="panel-header">
        <h2>Difficulty</h2>
        <span className="grow" />
        <span className={`band-tag band-${band ?? 'none'}`} data-testid="gauge.band" title={band !== null ? `${band}: ${BAND_MEANING[band]}` : undefined}>
          {band ?? (capped ? 'state cap' : reading !== null && !reading.solvable ? 'no solution' : '—')}
        </span>
      </header>
      <div className="gauge-row">
        <Gauge
          value={value}
          band={band}
          emptyText={emptyText}
          unit={ratedValue !== null ? "seconds, players' rating" : DIFFICULTY_UNIT}
          second={ratedValue !== null && estimate !== null ? { value: estimate, label: 'structural estimate' } : null}
        />
        {solved !== null && (
          <Contributions
            items={solved.contributions}
            base={solved.base}
            units={solved.units}
            lit={s.highlight?.kind === 'feature' ? s.highlight.feature : null}
            onLight={(feature) => get().toggleGraphHighlight({ kind: 'feature', feature })}
          />
        )}
        {reading !== null && !capped && !reading.solvable && (
          <p className="unsolvable-note" data-testid="gauge.unsolvable">
            <b>Unsolvable:</b> no sequence of moves {s.paints ? 'paints' : 'fills'} every cell, so the level has no difficulty.
          </p>
        )}
      </div>
      <GaugeSource rated={rated} interval={s.players?.fit.interval ?? 0.9} estimate={estimate} />
      <LintPanel />
      {/* The provenance is long: its first words, and the whole of it on a click (never cut off). */}
      <details className="model-line" data-testid="gauge.model">
        <summary>
          model: {s.model.name} <span className="muted-more">· where it comes from</span>
          {s.rulesNote !== null && <span className="muted-more" data-testid="gauge.rulesNote"> · {s.rulesNote}</span>}
        </summary>
        {modelInfoLine(s.model)}
      </details>
      <details className="features" open>
        <summary>Graph features</summary>
        <table data-testid="features.table">
          <tbody>
            {FEATURE_NAMES.map((f) => {
              // null is "not applicable" (paint's solution paths: its graph has cycles), never 0 or infinite.
              const na = graph !== null && !capped && graph.features[f] === null;
              return (
                <tr key={f} data-testid={`feature.${f}`} data-na={na || undefined}>
                  <th title={`${f}: ${FEATURE_GLOSSARY[f]?.means ?? ''}`}>{featureLabel(f)}</th>
                  <td title={na ? NOT_APPLICABLE[f] : undefined}>{graph === null || capped ? '–' : na ? 'n/a' : formatNumber(featureNumber(graph.features, f))}</td>
                </tr>
              );
            })}
            <tr data-testid="feature.shortestSolutionCount">
              <th title="shortestSolutionCount: different move sequences of the fewest moves that win">shortest solutions</th>
              <td>{graph === null || capped || graph.features.shortestSolutionCount === undefined ? '–' : formatNumber(graph.features.shortestSolutionCount)}</td>
            </tr>
          </tbody>
        </table>
      </details>
      <details className="features glossary" data-testid="gauge.glossary">
        <summary>What these mean</summary>
        <p>
          The <b>structural estimate</b> comes from the solution graph alone: a random player model&apos;s expected effort, in <b>estimated
          seconds</b>, on a scale set so that about 91% of randomly generated 8x8 levels read under 20 (trivial) on every ruleset. No player&apos;s
          time is behind it. The dial is the same for every level, ruleset and size, and bends (about logarithmically) so the hardest levels fit:
          60 at the top, 1,000 near the right end. With players&apos; attempts imported, the gauge shows the level&apos;s <b>rating</b> instead (the
          median seconds an average player needs, with its interval) and marks the estimate on the same dial with a dot. The rows above show
          what each feature adds to the estimate; click one to light its states on the graph.
        </p>
        <dl>
          {NODE_CLASSES.map((c) => (
            <div key={c}>
              <dt><span className={`swatch swatch-${c}`} /> {CLASS_NAMES[c]} <code>{c}</code></dt>
              <dd>{CLASS_GLOSSARY[c]}</dd>
            </div>
          ))}
          {FEATURE_NAMES.map((f) => (
            <div key={f}>
              <dt>{featureLabel(f)} <code>{f}</code></dt>
              <dd>{FEATURE_GLOSSARY[f]?.means}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
