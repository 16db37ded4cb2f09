/**
 * `generate` and `evaluate`: run a generator over an index range (the
 * generation job of `core/jobs/generate.ts`), write a pack or a level
 * stream, or print a report.
 */
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { shardRange, type GeneratedItem, type GeneratorSettings } from '../core/generators/registry';
import { Analyzer } from '../core/graph/analyze';
import type { LevelFeatures } from '../core/graph/features';
import { levelKey, type Level } from '../core/level/level';
import { generatedLevelId } from '../core/generators/provenance';
import { FORGETFUL_KEYS, type UniqueLevel } from '../core/generators/unique';
import { Evaluation, predictorMeasure, type EvaluationReport } from '../core/generators/evaluate';
import type { DifficultyModel } from '../core/difficulty/model';
import { runEvaluateJob } from '../core/jobs/evaluate';
import { ITERATIONS_PER_LEVEL, runGenerateJob } from '../core/jobs/generate';
import { formatShardHeader, formatStreamLine, type ShardHeader } from '../core/jobs/levelStream';
import { pinsToRows } from '../core/generators/pins';
import { annotationsOf } from '../core/pack/annotations';
import { packLevelFromLevel } from '../core/pack/pack';
import { MAX_PACK_LEVELS, type PackLevel } from '../core/pack/schema';
import { CliError } from './args';
import { machineLoad, perSecond, startClock } from './cpuClock';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { Progress } from './progress';
import { LineWriter, RepeatFilter } from './stream';
import { shardOfHeader, shardPackName, writePack } from './writePack';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

/** How much of a generator to run: the first `levels` new levels, or the iteration range (all of it, or a shard). */
export type GenerateAmount = { readonly levels: number } | { readonly iterations: number; readonly shard?: { shard: number; shards: number } | undefined };

export interface RunOptions extends GeneratorSettings {
  readonly count: number;
  readonly shard?: { shard: number; shards: number } | undefined;
  readonly quiet: boolean;
  /** Difficulty model for pack levels and reports. */
  readonly model: DifficultyModel;
}

function range(o: RunOptions): { from: number; to: number } {
  return o.shard ? shardRange(o.count, o.shard.shard, o.shard.shards) : { from: 0, to: o.count };
}

export interface GenerateOptions extends GeneratorSettings {
  readonly amount: GenerateAmount;
  readonly quiet: boolean;
  readonly model: DifficultyModel;
  readonly out: string;
  /** A level stream (NDJSON, no level limit) instead of a pack. */
  readonly stream: boolean;
}

/**
 * Generates the unique solvable levels of the run (or shard) and writes
 * them as a pack or a level stream. A stream's levels carry the annotations
 * `merge` writes ({@link annotationsOf}), so merged shards equal the
 * unsharded stream byte for byte; its repeats are removed with bounded
 * memory ({@link RepeatFilter}).
 */
export function runGenerate(o: GenerateOptions): { written: number; iterations: number; duplicates: number; shortfall: string | null } {
  const a = o.amount;
  const shard = 'iterations' in a ? a.shard : undefined;
  const { from, to } = 'levels' in a ? { from: 0, to: a.levels * ITERATIONS_PER_LEVEL } : shard ? shardRange(a.iterations, shard.shard, shard.shards) : { from: 0, to: a.iterations };
  const progress = new Progress(`generate ${o.generator}`, to - from, !o.quiet && to - from >= 2000);
  const id = (u: UniqueLevel): string => generatedLevelId(o.generator, o.width, o.height, o.seed, u);
  const source = { generator: o.generator, seed: o.seed, temperature: null, model: null };
  const rules = o.rules ?? DEFAULT_RULESET_NAME;
  const job = { generator: o.generator, width: o.width, height: o.height, seed: o.seed, rules, from, to, ...('levels' in a ? { levels: a.levels } : {}), ...(o.pins !== undefined ? { pins: o.pins } : {}) };
  if (o.stream) {
    const writer = new LineWriter(o.out);
    const filter = new RepeatFilter();
    try {
      if (shard && 'iterations' in a) writer.write(formatShardHeader({ shard: { index: shard.shard + 1, count: shard.shards }, run: generatorRun(o, a.iterations) }));
      // With a level count the job must drop repeats itself to know when to stop (memory grows with the count).
      const r = runGenerateJob(job, {
        onLevel: (u) => filter.add(u.key, streamLine(o, u, u.analysis.features)),
        onProgress: (p) => progress.tick(p.done),
        ...('levels' in a ? {} : { seen: FORGETFUL_KEYS }),
      });
      const kept = filter.finish(writer);
      writer.commit();
      return { written: kept.kept, iterations: r.iterations, duplicates: r.duplicates + kept.repeats, shortfall: r.shortfall };
    } catch (e) {
      writer.abort();
      throw e;
    } finally {
      filter.dispose();
    }
  }
  const levels: PackLevel[] = [];
  const r = runGenerateJob(job, {
    onLevel: (u) => {
      if (levels.length === MAX_PACK_LEVELS) {
        const shards = Math.ceil((MAX_PACK_LEVELS + 1) / MAX_PACK_LEVELS) * (shard?.shards ?? 1);
        throw new CliError(
          `the run gives more than ${MAX_PACK_LEVELS} unique levels but a pack holds at most ${MAX_PACK_LEVELS}; nothing written. ` +
            `Write a level stream instead (--out levels.ndjson), or split it with --shard i/${Math.max(2, shards)} and keep one pack per shard`,
        );
      }
      levels.push(
        packLevelFromLevel({ ...u.level, name: id(u) }, {
          id: id(u),
          // The annotations a stream line and `merge` write, so merged shard packs equal the unsharded pack byte for byte.
          ...annotationsOf(u.analysis.features, o.model),
          source,
        }),
      );
    },
    onProgress: (p) => progress.tick(p.done),
  });
  const packShard = shard && 'iterations' in a ? shardOfHeader({ shard: { index: shard.shard + 1, count: shard.shards }, run: generatorRun(o, a.iterations) }) : undefined;
  const runName = `${o.generator} ${o.width}x${o.height} seed ${o.seed}`;
  writePack(o.out, packShard !== undefined ? shardPackName(runName, packShard) : runName, levels, rules, packShard);
  return { written: levels.length, iterations: r.iterations, duplicates: r.duplicates, shortfall: r.shortfall };
}

export interface EvaluateResult extends EvaluationReport {
  readonly generator: string;
  /** Present when not Longcat. */
  readonly rules?: RulesetName;
  readonly size: string;
  readonly seed: number;
  readonly shard: string | null;
  /** Wall time of the run. */
  readonly seconds: number;
  /** Levels per wall second (moves with the machine's load). */
  readonly levelsPerSecond: number;
  /** CPU time (user + system) of this process over the run. */
  readonly cpuSeconds: number;
  /** Levels per CPU-second: the figure to compare across runs on a shared machine. */
  readonly levelsPerCpuSecond: number;
  /** 1-minute load average at the end of the run, and the machine's cores. */
  readonly loadAverage1m: number;
  readonly cores: number;
}

/**
 * The run a shard is part of, as its stream's header names it: what makes
 * its levels. `evaluate --out` and `generate --iterations` of the same
 * settings write the same levels, so their shards name the same run.
 */
export function generatorRun(o: GeneratorSettings, iterations: number): ShardHeader['run'] {
  return {
    generator: o.generator, rules: o.rules ?? DEFAULT_RULESET_NAME, size: `${o.width}x${o.height}`, seed: o.seed, iterations,
    ...(o.pins !== undefined ? { pins: pinsToRows(o.pins).join('/') } : {}),
  };
}

/** A generated level's stream line: the id the studio gives it, annotations as `merge` writes them, its provenance. */
function streamLine(o: GeneratorSettings & { readonly model: DifficultyModel }, u: { index: number; k: number; siblings: number; level: Level }, features: LevelFeatures): string {
  const id = generatedLevelId(o.generator, o.width, o.height, o.seed, u);
  return formatStreamLine(
    packLevelFromLevel({ ...u.level, name: id }, { id, ...annotationsOf(features, o.model), source: { generator: o.generator, seed: o.seed, temperature: null, model: null } }),
    o.rules ?? DEFAULT_RULESET_NAME,
  );
}

/**
 * The evaluation report of the run (or shard). With `out`, the run's
 * unique solvable levels are also written there as a level stream, the same
 * bytes `generate --iterations` writes for the same run, so an evaluation's
 * levels can be kept and merged.
 */
export function runEvaluate(o: RunOptions, out?: string, maxStates: number = DEFAULT_STATE_CAP): EvaluateResult {
  const rules = o.rules ?? DEFAULT_RULESET_NAME;
  const ruleset = rulesetByName(rules);
  const evaluation = new Evaluation(predictorMeasure(o.model), ruleset, maxStates);
  const { from, to } = range(o);
  const progress = new Progress(`evaluate ${o.generator}`, to - from, !o.quiet && to - from >= 2000);
  const job = { generator: o.generator, width: o.width, height: o.height, seed: o.seed, rules, from, to };
  const clock = startClock();
  if (out === undefined) runEvaluateJob(job, evaluation, { onProgress: (p) => progress.tick(p.done) });
  else {
    const writer = new LineWriter(out);
    const filter = new RepeatFilter();
    const analyzer = new Analyzer();
    try {
      const both = {
        add(item: GeneratedItem): void {
          evaluation.add(item);
          item.levels.forEach((level, k) => {
            const a = analyzer.analyze(level, { rules: ruleset, maxStates });
            if (a.ok && a.value.features.nSolutions > 0) filter.add(levelKey(level), streamLine(o, { index: item.index, k, siblings: item.levels.length, level }, a.value.features));
          });
        },
      };
      runEvaluateJob(job, both, { onProgress: (p) => progress.tick(p.done) });
      if (o.shard) writer.write(formatShardHeader({ shard: { index: o.shard.shard + 1, count: o.shard.shards }, run: generatorRun(o, o.count) }));
      filter.finish(writer);
      writer.commit();
    } catch (e) {
      writer.abort();
      throw e;
    } finally {
      filter.dispose();
    }
  }
  const seconds = progress.seconds();
  const cpuSeconds = clock.cpuSeconds();
  return {
    generator: o.generator,
    ...(rules !== DEFAULT_RULESET_NAME ? { rules } : {}),
    size: `${o.width}x${o.height}`,
    seed: o.seed,
    shard: o.shard ? `${o.shard.shard + 1}/${o.shard.shards}` : null,
    ...evaluation.report(),
    seconds,
    levelsPerSecond: (to - from) / Math.max(seconds, 1e-9),
    cpuSeconds,
    levelsPerCpuSecond: perSecond(to - from, cpuSeconds),
    ...machineLoad(),
  };
}

const f1 = (x: number): string => x.toFixed(1);

/** The report as a short human-readable table. */
export function formatReport(r: EvaluateResult): string {
  const lines = [
    `generator ${r.generator}${r.rules !== undefined ? `  rules ${r.rules}` : ''}  size ${r.size}  seed ${r.seed}${r.shard ? `  shard ${r.shard}` : ''}`,
    `iterations        ${r.generated}`,
    `solvable          ${r.solvableIterations} iterations (${f1(r.solvablePercent)}%) gave ${r.solvable} solvable levels`,
    `unsolvable        ${r.generated - r.solvableIterations - r.cappedIterations} iterations`,
    `capped            ${r.cappedIterations} iterations, state cap ${r.stateCap}: ${r.stateCapped} levels reached it, not analysed, counted as neither solvable nor unsolvable`,
    `duplicates        ${r.duplicates} (${f1(r.duplicatesPercent)}% of solvable levels)`,
    `unique solvable   ${r.unique}`,
    `non-trivial       ${r.nonTrivial} (${f1(r.nonTrivialPercent)}% of iterations, difficulty >= 20)`,
    `max difficulty    ${f1(r.maxDifficulty)}   mean ${f1(r.meanDifficulty)}`,
    `diversity         ${r.diversity.toFixed(3)} (mean pairwise Hamming distance, fraction of cells)`,
    `spans             ` + r.spans.map((s) => `${s.to === null ? `${s.from}+` : `${s.from}-${s.to}`}: ${s.count}`).join('   '),
    r.cpuSeconds > 0
      ? `speed             ${Math.round(r.levelsPerCpuSecond)} levels per CPU-second (${f1(r.cpuSeconds)} CPU-s); ${Math.round(r.levelsPerSecond)} levels/s wall (${f1(r.seconds)} s) at load ${r.loadAverage1m.toFixed(1)} on ${r.cores} cores`
      : `speed             not measured`,
    `difficulty        ${r.difficultyMeasure.name}: ${r.difficultyMeasure.note}`,
  ];
  return lines.join('\n') + '\n';
}
