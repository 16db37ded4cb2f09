/**
 * The Batch view's expressive-range map: gathers what to map from the store
 * (each finished run's measures, side by side; the pack's levels and the
 * levels players rated, drawn over them) and asks the range worker
 * (workers/range.*) for the maps. Only the newest request is answered.
 */
import type { MeasureName } from '../../core/range/measures';
import type { MeasureTable } from '../../core/range/table';
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
  /** The run's SD-PCGRL temperature (the sweep's parameter), null for RSD and RPU. */
  readonly temperature: number | null;
}

/** The finished runs of the last evaluation that carry measures, labelled as the view shows them. */
export function rangeGroups(run: BatchRun): RangeGroup[] {
  const generator = run.settings?.generator ?? '';
  return run.runs.flatMap((r) => (r.measures === undefined || r.measures.levels.length === 0 ? [] : [{ label: r.temperature !== null ? `${generator} t=${r.temperature}` : generator, table: r.measures, temperature: r.temperature }]));
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
