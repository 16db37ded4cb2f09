/** `generate --target D`: levels at a difficulty (SPEC §7), written as a pack or a level stream with their provenance. */
import type { DifficultyModel } from '../core/difficulty/model';
import type { Tolerance } from '../core/generators/atDifficulty';
import type { CellPins } from '../core/generators/pins';
import type { SecondTarget } from '../core/range/secondTarget';
import { atDifficultyHead, atDifficultyLevelId, atDifficultySource } from '../core/generators/provenance';
import { describeParseError, parseRows } from '../core/level/format';
import { levelKey } from '../core/level/level';
import { RangeCache, runAtDifficultyJob } from '../core/jobs/atDifficulty';
import { importPack, packLevelFromLevel } from '../core/pack/pack';
import { CliError, listProblems, parseNumber } from './args';
import { writeLevels } from './writePack';
import { annotationsOf } from '../core/pack/annotations';
import type { RulesetName } from '../core/rules/ruleset';
import { readInput } from './analyze';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** Reachable-range estimates kept for the life of this process (one per model, ruleset, size and pins): a second request in the same run pays nothing for them. */
const RANGES = new RangeCache();

/** `10%`, `0.1` (relative) or `3` (absolute, when >= 1) into a tolerance; the larger of it and the default's other part applies. */
export function parseTolerance(text: string | undefined): Tolerance {
  if (text === undefined) return { relative: 0.1, absolute: 3 };
  const what = 'a share such as 10% (above 0, at most 100%) or a difference such as 3 (above 0, at most 1000)';
  const bad = new CliError(`--tolerance must be ${what}, got "${text}"`);
  const num = (t: string, max: number): number => {
    let v = 0;
    try {
      v = parseNumber(t, '--tolerance', 0, max);
    } catch {
      throw bad;
    }
    if (v === 0) throw bad;
    return v;
  };
  const pct = /^(.*)%$/.exec(text.trim());
  if (pct) return { relative: num(pct[1]!, 100) / 100, absolute: 0 };
  const v = num(text, 1000);
  return v < 1 ? { relative: v, absolute: 0 } : { relative: 0, absolute: v };
}

/**
 * Runs the at-difficulty job ({@link runAtDifficultyJob}) and writes the
 * levels as a pack, named as the studio names them. The file depends only
 * on the settings and the seed: the search is budgeted in evaluations and
 * wall time appears only in the returned `seconds` (stderr) and as the
 * optional outer cancel `timeLimitMs`.
 */
export function runAtDifficulty(o: {
  rules?: RulesetName | undefined; width: number; height: number; target: number; tolerance: Tolerance; count: number; seed: number; out: string;
  model: DifficultyModel; exclude?: string | undefined; uniqueSolution: boolean; openCells?: { min?: number; max?: number };
  evaluations: number; timeLimitMs: number; pins?: CellPins | undefined;
  /** A level stream (NDJSON, to a file or `-`) instead of a pack. */
  stream?: boolean | undefined;
  also?: SecondTarget | undefined;
}): { written: number; shortfall: string | null; seconds: number; evaluations: number } {
  const rules = o.rules ?? DEFAULT_RULESET_NAME;
  const exclude: string[] = [];
  if (o.exclude !== undefined) {
    const r = importPack(readInput(o.exclude, 'a level pack (--exclude)'));
    if (!r.ok) throw new CliError(`--exclude ${o.exclude} is not a valid level pack: ${listProblems(r.error)}`);
    if (r.value.pack.rules !== rules) throw new CliError(`--exclude ${o.exclude} is a ${r.value.pack.rules} pack but these levels are ${rules}`);
    for (const l of r.value.levels) exclude.push(levelKey(l));
  }
  const r = runAtDifficultyJob(
    {
      rules, width: o.width, height: o.height, target: o.target, tolerance: o.tolerance, count: o.count, seed: o.seed, exclude,
      uniqueSolution: o.uniqueSolution, ...(o.openCells ? { openCells: o.openCells } : {}),
      model: o.model, evaluations: o.evaluations, timeLimitMs: o.timeLimitMs, pins: o.pins,
      ...(o.also !== undefined ? { also: o.also } : {}),
    },
    RANGES,
  );
  if (r.levels.length === 0) throw new CliError(r.message ?? 'no level found', r.cancelled ? 3 : 2);
  const head = atDifficultyHead(o.target);
  const levels = r.levels.map((l, i) => {
    const id = atDifficultyLevelId(head, o.width, o.height, o.seed, i);
    const parsed = parseRows(l.rows);
    if (!parsed.ok) throw new Error(`a generated level did not parse: ${describeParseError(parsed.error)}`);
    const annotations = o.stream === true ? annotationsOf(l.features, o.model) : { difficulty: l.difficulty, features: { ...l.features } };
    return packLevelFromLevel({ ...parsed.value, name: id }, { id, ...annotations, source: atDifficultySource(l, o.seed, o.model.name) });
  });
  writeLevels(o.out, { stream: o.stream === true, name: `difficulty ${o.target} ${o.width}x${o.height} seed ${o.seed}`, rules, tooMany: '' }, levels);
  return { written: levels.length, shortfall: r.message, seconds: r.milliseconds / 1000, evaluations: r.evaluations };
}
