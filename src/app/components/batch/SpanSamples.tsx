/** A few levels from each difficulty span (thesis Figs. 5.3 and 5.5), each one click from the editor or the pack. */
import { parseRows } from '../../../core/level/format';
import { shippedModelFolder } from '../../controllers/modelFilesIo';
import { samplesBySpan } from '../../adapters/batchSeries';
import type { SpanSample } from '../../../workers/batch.api';
import type { BatchSettings } from '../../store/batchSlice';
import type { RulesetName } from '../../../core/rules/ruleset';
import { useActions } from '../../studioContext';
import { packRules, rulesMismatch } from '../../store/rules';
import { DifficultyBadge } from '../DifficultyBadge';
import { LevelThumb } from '../LevelThumb';

// SD-PCGRL samples come from the shipped model of the run's ruleset (the Batch view loads no other).
export function SpanSamples({ samples, settings, temperature, rules }: { readonly samples: readonly SpanSample[]; readonly settings: BatchSettings; readonly temperature: number | null; readonly rules: RulesetName }) {
  const get = useActions();
  const name = (s: SpanSample): string =>
    `${settings.generator}-${settings.width}x${settings.height}-s${settings.seed}${temperature !== null ? `-t${temperature}` : ''}-${s.index}`;
  const open = (s: SpanSample): void => {
    const p = parseRows(s.rows);
    if (!p.ok) return;
    get().openLevel(p.value, name(s));
    get().setView('studio');
  };
  const add = (s: SpanSample): void => {
    const p = parseRows(s.rows);
    if (!p.ok) return;
    const into = packRules(get().pack);
    if (rules !== into) {
      get().notify('error', rulesMismatch(rules, into));
      return;
    }
    const id = get().addToPack({ level: p.value, name: name(s), id: name(s), features: s.features, rules, source: { generator: settings.generator, seed: settings.seed, temperature, model: temperature !== null ? `models/${shippedModelFolder(rules)}` : null } });
    get().notify(id === null ? 'error' : 'info', id === null ? 'The pack is full.' : `Added ${name(s)} to the pack.`);
  };
  return (
    <div className="batch-samples" data-testid="batch.samples">
      {samplesBySpan(samples).map((g) => (
        <div key={g.index} className="batch-sample-row" data-testid="batch.samples.span" data-span={g.label}>
          <span className="batch-span-chip" style={{ borderColor: g.colour, color: g.colour }}>{g.label}</span>
          {g.samples.length === 0 ? (
            <span className="muted batch-none">none</span>
          ) : (
            g.samples.map((s) => (
              <div key={s.index} className="batch-sample" data-testid="batch.sample" data-difficulty={s.difficulty}>
                <button type="button" className="batch-thumb-button" title={`Open #${s.index} in the editor`} onClick={() => open(s)}>
                  <LevelThumb rows={s.rows} size={58} />
                </button>
                <div className="batch-sample-meta">
                  <DifficultyBadge value={Math.round(s.difficulty * 10) / 10} />
                  <button type="button" className="small" title="Add to the pack" onClick={() => add(s)}>+ Pack</button>
                </div>
              </div>
            ))
          )}
        </div>
      ))}
    </div>
  );
}
