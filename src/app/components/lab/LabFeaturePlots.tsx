/** Every feature against the label with Pearson's r (thesis Figs. 3.6-3.7); the chosen features are emphasised. */
import { useMemo } from 'react';
import { featuresFor } from '../../store/rules';
import { featureScatter } from '../../adapters/labSeries';
import { useStudioShallow } from '../../studioContext';
import { LabScatter } from './LabScatter';

export function LabFeaturePlots() {
  const s = useStudioShallow((st) => ({ data: st.labData, chosen: st.labFeatures }));
  const series = useMemo(() => (s.data === null ? [] : featuresFor(s.data.rules).map((f) => ({ feature: f, series: featureScatter(s.data!.samples, f) }))), [s.data]);
  return (
    <section className="panel lab-section" aria-label="Features against seconds" data-testid="lab.features">
      <header className="panel-header">
        <h2>Each feature against seconds</h2>
        <span className="grow" />
        <span className="lab-small muted">Pearson&apos;s r per feature; chosen features outlined</span>
      </header>
      <div className="lab-body">
        {s.data === null ? (
          <p className="empty-note">Load data to see how each feature relates to completion time.</p>
        ) : (
          <div className="lab-small-multiples">
            {series.map(({ feature, series: sr }) => (
              <LabScatter key={feature} series={sr} width={228} height={168} xLabel={feature} yLabel="seconds" highlight={s.chosen.includes(feature)} testId="lab.featurePlot" feature={feature} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
