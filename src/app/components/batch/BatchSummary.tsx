/** The SPEC §8 numbers of one run, each with its raw value for tests and a line of thesis reference. */
import type { EvaluationRun } from '../../../workers/batch.api';
import type { BatchSettings } from '../../store/batchSlice';

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const pct = (n: number): string => `${n.toFixed(n > 0 && n < 1 ? 2 : 1)}%`;

/** What the thesis measured for the same generator on 8x8 (SPEC §8, docs/evaluation.md). */
export function thesisReference(generator: BatchSettings['generator'], width: number, height: number): string | null {
  if (width !== 8 || height !== 8) return null;
  switch (generator) {
    case 'rsd':
      return 'Thesis, 8x8 RSD over 20,000: 18,570 unique (7.2% duplicates), 91.1% of unique below 20, 8.24% non-trivial, max about 85.';
    case 'rpu':
      return 'Thesis, 8x8 RPU over 20,000 iterations: 1,107 solvable (5.54%), 759 duplicates, 421 unique.';
    case 'sd-pcgrl':
      return 'Thesis, 8x8 SD-PCGRL: best non-trivial share 28.64% at t = 0.3; 24x RSD’s count in 80–200 at t = 0.2.';
  }
}

export function BatchSummary({ run, settings }: { readonly run: EvaluationRun; readonly settings: BatchSettings }) {
  const r = run.report;
  const stats: { key: string; label: string; value: number; text: string; sub?: string; title?: string }[] = [
    { key: 'generated', label: 'Generated', value: r.generated, text: int(r.generated), sub: settings.generator === 'rpu' ? 'iterations' : 'levels' },
    { key: 'solvablePercent', label: 'Solvable', value: r.solvablePercent, text: pct(r.solvablePercent), sub: `${int(r.solvableIterations)} iterations`, title: `${int(r.solvableIterations)} iterations gave a solvable level, ${int(r.generated - r.solvableIterations - r.cappedIterations)} none, ${int(r.cappedIterations)} only levels past the state cap` },
    // Levels past the state cap were not analysed: counted apart, neither solvable nor unsolvable.
    {
      key: 'capped',
      label: 'Capped',
      value: r.cappedIterations,
      text: int(r.cappedIterations),
      sub: `state cap ${int(r.stateCap)}`,
      title: `${int(r.cappedIterations)} iterations gave only levels past the state cap (${int(r.stateCapped)} levels in all reached ${int(r.stateCap)} states): not analysed, counted as neither solvable nor unsolvable`,
    },
    { key: 'duplicates', label: 'Duplicates', value: r.duplicates, text: int(r.duplicates), sub: `${pct(r.duplicatesPercent)} of solvable` },
    { key: 'unique', label: 'Unique solvable', value: r.unique, text: int(r.unique) },
    { key: 'nonTrivial', label: 'Non-trivial (≥ 20)', value: r.nonTrivial, text: int(r.nonTrivial), sub: `${pct(r.nonTrivialPercent)} of generated` },
    { key: 'maxDifficulty', label: 'Max difficulty', value: r.maxDifficulty, text: r.maxDifficulty.toFixed(1), sub: `mean ${r.meanDifficulty.toFixed(1)}` },
    { key: 'diversity', label: 'Diversity', value: r.diversity, text: r.diversity.toFixed(3), sub: 'Hamming, 300 levels' },
    { key: 'levelsPerSecond', label: 'Speed', value: run.levelsPerSecond, text: `${int(run.levelsPerSecond)}/s`, sub: `${run.seconds.toFixed(1)} s` },
  ];
  return (
    <dl className="batch-stats" data-testid="batch.summary">
      {stats.map((s) => (
        <div key={s.key} className="batch-stat" data-testid={`batch.stat.${s.key}`} data-value={s.value} title={s.title}>
          <dt>{s.label}</dt>
          <dd>{s.text}</dd>
          {s.sub !== undefined && <dd className="batch-stat-sub">{s.sub}</dd>}
        </div>
      ))}
    </dl>
  );
}
