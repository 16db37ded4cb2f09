/**
 * The second target of generate at difficulty: a measure (leniency,
 * density, ...) and the value to hold it near, within the measure's default
 * window (docs/range.md). "none" searches on difficulty alone.
 */
import { MEASURES, type MeasureName } from '../../../core/range/measures';
import { defaultSecondTolerance, SECOND_MEASURES } from '../../../core/range/secondTarget';
import { useActions, useStudio } from '../../studioContext';

/** A middle value to start from when a measure is picked. */
const START: Partial<Record<MeasureName, number>> = { leniency: 0.6, density: 0.5, deadShare: 0.3, linearity: 2, openCells: 30, shortestSolution: 15, solutions: 2, states: 100 };

export function SecondTargetField() {
  const get = useActions();
  const also = useStudio((st) => st.atdSettings.also ?? null);
  const set = get().setAtdSettings;
  const share = also !== null && (also.measure === 'leniency' || also.measure === 'density' || also.measure === 'deadShare');
  return (
    <span className="atd-also" title="Hold a second measure near a value too, within its window (±0.05 for a share, else the larger of ±10% and ±1)">
      <label className="field">
        and
        <select
          value={also?.measure ?? ''}
          aria-label="second target measure"
          data-testid="atd.also.measure"
          onChange={(e) => {
            const m = e.target.value as MeasureName | '';
            set({ also: m === '' ? null : { measure: m, target: START[m] ?? 1 } });
          }}
        >
          <option value="">no second target</option>
          {SECOND_MEASURES.map((m) => (
            <option key={m} value={m} title={MEASURES[m].meaning}>{MEASURES[m].label}</option>
          ))}
        </select>
      </label>
      {also !== null && (
        <>
          <input
            type="number"
            min={0}
            max={share ? 1 : undefined}
            step={share ? 0.05 : 1}
            value={also.target}
            aria-label={`${MEASURES[also.measure].label} to aim at`}
            data-testid="atd.also.target"
            style={{ width: '5em' }}
            onChange={(e) => {
              const v = Number(e.target.value);
              if (e.target.value !== '' && Number.isFinite(v) && v >= 0 && (!share || v <= 1)) set({ also: { ...also, target: v } });
            }}
          />
          <span className="muted" data-testid="atd.also.window">±{Number(defaultSecondTolerance(also.measure, also.target).toPrecision(2))}</span>
        </>
      )}
    </span>
  );
}
