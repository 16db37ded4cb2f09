/** The running lab job: what it is, a progress bar, and Cancel. */
import type { LabJob } from '../../store/labSlice';

const LABEL: Record<LabJob['kind'], string> = {
  data: 'Analysing levels',
  evaluate: 'Evaluating: split',
  ablation: 'Ablation: subset',
  fit: 'Fitting (picking the shrink strength on held-out fifths)',
};

export function LabProgress({ job, onCancel }: { readonly job: LabJob; readonly onCancel: () => void }) {
  const known = job.total > 0;
  const share = known ? job.done / job.total : 0;
  return (
    <div className="lab-progress" data-testid="lab.progress" data-kind={job.kind} data-done={job.done} data-total={job.total}>
      <div className="lab-progress-text">
        <span>
          {LABEL[job.kind]}
          {known && job.kind !== 'fit' ? ` ${job.done.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')}` : '…'}
        </span>
        <button type="button" className="small" data-testid="lab.cancel" onClick={onCancel}>Cancel</button>
      </div>
      <div className={`lab-bar${known ? '' : ' lab-bar-busy'}`} role="progressbar" aria-valuemin={0} aria-valuemax={known ? job.total : undefined} aria-valuenow={known ? job.done : undefined}>
        <div className="lab-bar-fill" style={{ width: known ? `${(share * 100).toFixed(1)}%` : '35%' }} />
      </div>
    </div>
  );
}
