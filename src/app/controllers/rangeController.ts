/**
 * The Batch view's expressive-range map: gathers what to map from the store
 * (each finished run's measures, side by side; the pack's levels and the
 * levels players rated, drawn over them) and asks the range worker
 * (workers/range.*) for the maps. Only the newest request is answered.
 */
import type { MeasureName } from '../../core/range/measures';
import type { MeasureTable } from '../../core/range/table';
import { sweepValueLabel, type SweepParameter, type SweepValue } from '../../core/range/sweep';
import { runSweepValue } from '../adapters/batchSeries';
import { RangeClient } from '../../workers/range.client';
import type { RangeResult } from '../../workers/range.protocol';
import type { Outcome } from '../../workers/outcome';
import { invalid } from '../../workers/outcome';
import type { StudioStore } from '../store/store';
import type { BatchRun } from '../store/batchSlice';
import { packRules } from '../store/rules';

/** One set of levels drawn as its own map. */
export interface RangeGroup {
  readonly label: string;
  readonly table: MeasureTable;
  /** The run's place in a sweep (SD-PCGRL's temperature, a size, a number of pinned cells); null for a lone run. */
  readonly sweep: SweepValue | null;
}

/** The finished runs of the last evaluation that carry measures, labelled as the view shows them ("rsd 7x7", "sd-pcgrl t=0.5"). */
export function rangeGroups(run: BatchRun): RangeGroup[] {
  const generator = run.settings?.generator ?? '';
  return run.runs.flatMap((r) => {
    if (r.measures === undefined || r.measures.levels.length === 0) return [];
    const sweep = runSweepValue(r);
    return [{ label: sweep !== null ? `${generator} ${sweepValueLabel(sweep)}` : generator, table: r.measures, sweep }];
  });
}

/** The sweep the groups make, when there is one: two or more runs, each a value of the same parameter. */
export function groupsSweep(groups: readonly RangeGroup[]): { parameter: SweepParameter; values: number[] } | null {
  const first = groups[0]?.sweep;
  if (groups.length < 2 || first == null || groups.some((g) => g.sweep?.parameter !== first.parameter)) return null;
  return { parameter: first.parameter, values: groups.map((g) => g.sweep!.value) };
}

export class RangeController {
  constructor(
    private readonly store: StudioStore,
    private readonly client: RangeClient = new RangeClient(),
  ) {}

  /**
   * The maps of `groups` on measures x and y, with the pack's and the rated
   * levels over them (each left out, of the drawing and of the axes, when
   * `show` says so).
   */
  map(groups: readonly RangeGroup[], x: MeasureName, y: MeasureName, bins: number, show: { readonly pack: boolean; readonly rated: boolean } = { pack: true, rated: true }): Promise<Outcome<RangeResult>> {
    if (groups.length === 0) return Promise.resolve(invalid('no finished run with levels to map'));
    const s = this.store.getState();
    const rules = packRules(s.pack);
    const rated = !show.rated ? [] : s.playerData?.levels.flatMap((l, i) => (s.playerData!.rows[i]?.rating != null ? [{ rows: [...l.rows] }] : [])) ?? [];
    return this.client.map({
      x,
      y,
      bins,
      groups: groups.map((g) => ({ label: g.label, table: { levels: [...g.table.levels], values: g.table.values } })),
      overlays: [
        { kind: 'pack', rules, levels: show.pack ? s.pack.levels.map((l) => ({ rows: [...l.rows] })) : [] },
        { kind: 'rated', rules, levels: rated },
      ],
      model: s.model,
    });
  }

  dispose(): void {
    this.client.dispose();
  }
}
