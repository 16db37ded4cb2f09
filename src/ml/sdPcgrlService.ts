/**
 * SD-PCGRL generation and per-temperature evaluation, shared by the CLI
 * (`generate`/`evaluate --generator sd-pcgrl`), the training worker (the
 * studio's generator) and the batch worker (the Batch view). Levels are
 * named by {@link sdPcgrlLevelId} everywhere.
 */
import { Analyzer, type LevelAnalysis } from '../core/graph/analyze';
import { sdPcgrlLevelId } from '../core/generators/provenance';
import type { TimedEvaluation } from '../core/generators/evaluate';
import { levelKey, type Level } from '../core/level/level';
import type { SdEncoding } from '../core/rl/sdPcgrl';
import { generateWithPolicy, type QFunction } from './policy';
import { rulesetByName } from '../core/rules/registry';
import type { CellPins } from '../core/generators/pins';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** A policy and the level format it was trained for. */
export interface SdPolicy {
  readonly q: QFunction;
  /** `rules`: the ruleset it was trained for (absent: Longcat). */
  readonly meta: { readonly width: number; readonly height: number; readonly encoding: SdEncoding; readonly rules?: RulesetName | undefined };
}

export interface SdRunOptions {
  readonly temperature: number;
  readonly seed: number;
  /** Level indices [from, to). */
  readonly from: number;
  readonly to: number;
  /** A cell index, `'every'` (every start cell in turn) or absent (a random start cell per level). */
  readonly startCell?: number | 'every';
  /** Cells every level keeps (`core/generators/pins.ts`); levels that find no walk keeping them are left out. */
  readonly pins?: CellPins | undefined;
  /** Called as each level is finished (progress), or left out for its pins. */
  readonly onLevel?: (index: number) => void;
  /** Called for each level left out because its analysis passed the state cap. */
  readonly onCapped?: (index: number) => void;
}

/** A generated SD-PCGRL level, analysed, with its id. */
export interface SdGenerated {
  readonly index: number;
  readonly id: string;
  readonly level: Level;
  readonly key: string;
  readonly solution: string;
  readonly analysis: LevelAnalysis;
  /** The same walls and head as an earlier level of this run. */
  readonly duplicate: boolean;
}

/**
 * Levels `from..to-1` at one temperature, analysed and named, duplicates
 * marked (in index order). A level whose state graph passes the analyser's
 * cap is left out (`onCapped`), as `evaluate` skips it: a trained paint
 * policy carves large open levels whose painted-set states run past 200,000.
 */
export async function generateSdLevels(policy: SdPolicy, o: SdRunOptions): Promise<SdGenerated[]> {
  const { width, height, encoding } = policy.meta;
  const rules = rulesetByName(policy.meta.rules ?? DEFAULT_RULESET_NAME);
  const levels = await generateWithPolicy(policy.q, {
    width, height, encoding, rules, temperature: o.temperature, seed: o.seed, from: o.from, to: o.to,
    ...(o.startCell !== undefined ? { startCell: o.startCell } : {}),
    ...(o.pins !== undefined ? { pins: o.pins } : {}),
    ...(o.onLevel !== undefined ? { onLevel: o.onLevel, onMissed: o.onLevel } : {}),
  });
  const analyzer = new Analyzer();
  const seen = new Set<string>();
  const out: SdGenerated[] = [];
  for (const { index, level, solution } of levels) {
    const key = levelKey(level);
    const a = analyzer.analyze(level, { rules });
    // A finished solution-down walk is solvable by construction; the only way to fail is the state cap.
    if (!a.ok) {
      o.onCapped?.(index);
      continue;
    }
    const duplicate = seen.has(key);
    seen.add(key);
    out.push({ index, id: sdPcgrlLevelId(width, height, o.seed, o.temperature, index), level, key, solution, analysis: a.value, duplicate });
  }
  return out;
}

/**
 * SPEC §8 once per temperature: levels `from..to-1` of each temperature go
 * into a run made by `makeRun` (an evaluation, or one that keeps samples
 * too); `onLevel` sees each level after it was added (progress).
 */
export async function evaluatePerTemperature<R extends TimedEvaluation>(
  policy: SdPolicy,
  o: { readonly temperatures: readonly number[]; readonly seed: number; readonly from: number; readonly to: number },
  makeRun: (temperature: number, position: number) => R,
  onLevel?: (run: R, position: number) => void,
): Promise<R[]> {
  const runs: R[] = [];
  for (let r = 0; r < o.temperatures.length; r++) {
    const t = o.temperatures[r]!;
    const run = makeRun(t, r);
    const { width, height, encoding } = policy.meta;
    await generateWithPolicy(policy.q, {
      width, height, encoding, rules: rulesetByName(policy.meta.rules ?? DEFAULT_RULESET_NAME), temperature: t, seed: o.seed, from: o.from, to: o.to,
      onLevel: (index, level, solution) => {
        run.add({ index, levels: [level], solution });
        onLevel?.(run, r);
      },
    });
    runs.push(run);
  }
  return runs;
}
