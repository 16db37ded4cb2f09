/**
 * Expressive-range maps off the page's thread (STYLE habit 7): shared axes
 * over every set and the levels drawn over them, one 2-D histogram per set
 * (`core/range/histogram.ts`), each set's quartiles of both measures, and
 * the pack's and the rated levels' places (analysed here). Never throws on
 * a bad request.
 */
import { Analyzer } from '../core/graph/analyze';
import { predictDifficulty } from '../core/difficulty/predict';
import { parseRows } from '../core/level/format';
import { rulesetByName } from '../core/rules/registry';
import { rangeMap, sharedAxis } from '../core/range/histogram';
import { levelMeasures, measureIndex } from '../core/range/measures';
import { measureColumn } from '../core/range/table';
import { ok, parseRequest, type Outcome } from './outcome';
import { RangeRequestSchema, type RangeResult } from './range.protocol';
import { measureSummary } from '../core/range/sweep';

export type { RangeRequest, RangeResult, RangeSummary, RangePoint } from './range.protocol';

export async function expressiveRange(request: unknown): Promise<Outcome<RangeResult>> {
  const started = performance.now();
  const parsed = parseRequest(RangeRequestSchema, request);
  if (parsed.kind !== 'ok') return parsed;
  const { x, y, bins, groups, overlays, model } = parsed.value;
  const analyzer = new Analyzer();
  const xi = measureIndex(x), yi = measureIndex(y);
  // Levels drawn over the maps: measured here (a rated level's difficulty is its rating).
  const drawn = overlays.map((o) => {
    const ruleset = rulesetByName(o.rules);
    const xs: number[] = [], ys: number[] = [], index: number[] = [];
    o.levels.forEach((l, i) => {
      const grid = parseRows(l.rows);
      if (!grid.ok) return;
      const a = analyzer.analyze(grid.value, { rules: ruleset });
      if (!a.ok) return;
      const difficulty = l.difficulty !== undefined && l.difficulty !== null ? l.difficulty : predictDifficulty(model, a.value.features);
      const m = levelMeasures({ level: grid.value, counts: a.value.counts, features: a.value.features, difficulty });
      xs.push(m[xi]!);
      ys.push(m[yi]!);
      index.push(i);
    });
    return { kind: o.kind, xs, ys, index, total: o.levels.length };
  });
  const xColumns = groups.map((g) => measureColumn(g.table, x)), yColumns = groups.map((g) => measureColumn(g.table, y));
  const xAxis = sharedAxis(x, [...xColumns, ...drawn.map((d) => d.xs)], bins);
  const yAxis = sharedAxis(y, [...yColumns, ...drawn.map((d) => d.ys)], bins);
  const maps = groups.map((_, i) => rangeMap(xColumns[i]!, yColumns[i]!, xAxis, yAxis));
  return ok({
    x: xAxis,
    y: yAxis,
    maps,
    summaries: groups.map((_, i) => ({ x: measureSummary(xColumns[i]!), y: measureSummary(yColumns[i]!) })),
    overlays: drawn.map((d) => {
      const points = d.xs.flatMap((vx, k) => (Number.isFinite(vx) && Number.isFinite(d.ys[k]!) ? [{ x: vx, y: d.ys[k]!, index: d.index[k]! }] : []));
      return { kind: d.kind, points, missing: d.total - points.length };
    }),
    milliseconds: performance.now() - started,
  });
}
