/** `generate` and `evaluate`: run a generator over an index range, write a pack or a report. */
import { machineLoad, perSecond, startClock } from './cpuClock';
import { createLevelSource, shardRange, type GeneratorSettings } from '../core/generators/registry';
import { generatedLevelId } from '../core/generators/provenance';
import { UniqueLevels } from '../core/generators/unique';
import { Evaluation, predictorMeasure, type EvaluationReport } from '../core/generators/evaluate';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { packLevelFromLevel } from '../core/pack/pack';
import { MAX_PACK_LEVELS, type PackLevel } from '../core/pack/schema';
import { CliError } from './args';
import { Progress } from './progress';
import { writePack } from './writePack';

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

/** Generates the unique solvable levels of the run (or shard) and writes them as a pack. */
export function runGenerate(o: RunOptions & { out: string }): { written: number; iterations: number; duplicates: number } {
  const source = createLevelSource(o);
  const { from, to } = range(o);
  const progress = new Progress(`generate ${o.generator}`, to - from, !o.quiet && to - from >= 2000);
  const unique = new UniqueLevels();
  const levels: PackLevel[] = [];
  for (let i = from; i < to; i++) {
    const item = source.generate(i);
    progress.tick(i - from + 1);
    for (const u of unique.take(item)) {
      const id = generatedLevelId(o.generator, o.width, o.height, o.seed, u);
      levels.push(
        packLevelFromLevel({ ...u.level, name: id }, {
          id,
          difficulty: predictDifficulty(o.model, u.analysis.features),
          features: { ...u.analysis.features },
          source: { generator: o.generator, seed: o.seed, temperature: null, model: null },
        }),
      );
    }
  }
  const duplicates = unique.duplicates;
  if (levels.length > MAX_PACK_LEVELS) {
    const shards = Math.ceil(levels.length / MAX_PACK_LEVELS) * (o.shard?.shards ?? 1);
    throw new CliError(
      `the run gives ${levels.length} unique levels but a pack holds at most ${MAX_PACK_LEVELS}; nothing written. ` +
        `Split it with --shard i/${shards} and keep one pack per shard`,
    );
  }
  const shardNote = o.shard ? ` shard ${o.shard.shard + 1}/${o.shard.shards}` : '';
  writePack(o.out, `${o.generator} ${o.width}x${o.height} seed ${o.seed}${shardNote}`, levels);
  return { written: levels.length, iterations: to - from, duplicates };
}

export interface EvaluateResult extends EvaluationReport {
  readonly generator: string;
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

export function runEvaluate(o: RunOptions): EvaluateResult {
  const source = createLevelSource(o);
  const evaluation = new Evaluation(predictorMeasure(o.model));
  const { from, to } = range(o);
  const progress = new Progress(`evaluate ${o.generator}`, to - from, !o.quiet && to - from >= 2000);
  const clock = startClock();
  for (let i = from; i < to; i++) {
    evaluation.add(source.generate(i));
    progress.tick(i - from + 1);
  }
  const seconds = progress.seconds();
  const cpuSeconds = clock.cpuSeconds();
  return {
    generator: o.generator,
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
    `generator ${r.generator}  size ${r.size}  seed ${r.seed}${r.shard ? `  shard ${r.shard}` : ''}`,
    `iterations        ${r.generated}`,
    `solvable          ${r.solvableIterations} iterations (${f1(r.solvablePercent)}%) gave ${r.solvable} solvable levels`,
    `duplicates        ${r.duplicates} (${f1(r.duplicatesPercent)}% of solvable levels)`,
    `unique solvable   ${r.unique}`,
    `non-trivial       ${r.nonTrivial} (${f1(r.nonTrivialPercent)}% of iterations, difficulty >= 20)`,
    `max difficulty    ${f1(r.maxDifficulty)}   mean ${f1(r.meanDifficulty)}`,
    `diversity         ${r.diversity.toFixed(3)} (mean pairwise Hamming distance, fraction of cells)`,
    `spans             ` + r.spans.map((s) => `${s.from}-${s.to}: ${s.count}`).join('   '),
    r.cpuSeconds > 0
      ? `speed             ${Math.round(r.levelsPerCpuSecond)} levels per CPU-second (${f1(r.cpuSeconds)} CPU-s); ${Math.round(r.levelsPerSecond)} levels/s wall (${f1(r.seconds)} s) at load ${r.loadAverage1m.toFixed(1)} on ${r.cores} cores`
      : `speed             not measured`,
    `difficulty        ${r.difficultyMeasure.name}: ${r.difficultyMeasure.note}`,
  ];
  if (r.stateCapped > 0) lines.push(`state cap         ${r.stateCapped} levels hit the state cap and were skipped`);
  return lines.join('\n') + '\n';
}
