/** The live charts: greedy test difficulty, reward, loss, epsilon and episodes per second. */
import { useMemo } from 'react';
import { trainingSeries } from '../../adapters/trainingSeries';
import { useStudio } from '../../studioContext';
import { MetricChart } from './MetricChart';

export function TrainingCharts() {
  const history = useStudio((s) => s.trainingHistory);
  const series = useMemo(() => trainingSeries(history), [history]);
  return (
    <section className="train-charts" data-testid="training.charts">
      {series.map((s) => (
        <MetricChart key={s.key} series={s} />
      ))}
    </section>
  );
}
