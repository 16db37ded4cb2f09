/** A difficulty number coloured by its band. */
import { bandOf } from '../../core/difficulty/predict';
import { formatDifficulty } from '../../core/difficulty/scale';

export function DifficultyBadge({ value, testId }: { value: number | null; testId?: string }) {
  const band = value === null ? null : bandOf(value);
  return (
    <span className={`badge band-${band ?? 'none'}`} data-testid={testId} data-value={value ?? ''} title={band ?? 'no difficulty (unsolvable or not analysed)'}>
      {value === null ? '—' : formatDifficulty(value)}
    </span>
  );
}
