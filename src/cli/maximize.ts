/**
 * `generate --maximize <feature> --walls <k>`: the longest-puzzle search
 * (`core/generators/maximize.ts`) from the command line. Writes a pack of the
 * one best level, priced by the difficulty model; the report (value, when it
 * was found, CPU seconds, load) goes to stderr, so the file is the same for
 * the same seed on any machine.
 */
import { predictDifficulty } from '../core/difficulty/predict';
import type { DifficultyModel } from '../core/difficulty/model';
import { MAXIMIZABLE_FEATURES, maximizedLevelId, maximizeFeature, maximizeProblem, type MaximizableFeature } from '../core/generators/maximize';
import { packLevelFromLevel } from '../core/pack/pack';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { CliError } from './args';
import { machineLoad, startClock } from './cpuClock';
import { writePack } from './writePack';

/** The feature names `--maximize` takes. */
export const MAXIMIZABLE: readonly MaximizableFeature[] = MAXIMIZABLE_FEATURES;

/** `--maximize` checked: a feature name, one line otherwise. */
export function parseMaximize(text: string): MaximizableFeature {
  if (!(MAXIMIZABLE as readonly string[]).includes(text)) throw new CliError(`--maximize must be one of ${MAXIMIZABLE.join(', ')}, got "${text}"`);
  return text as MaximizableFeature;
}

export interface MaximizeOptions {
  readonly rules: RulesetName;
  readonly width: number;
  readonly height: number;
  readonly walls: number;
  readonly feature: MaximizableFeature;
  readonly seed: number;
  readonly evaluations: number;
  readonly restarts: number;
  readonly model: DifficultyModel;
  readonly out: string;
}

/** What a search reached, for stderr and tests. */
export interface MaximizeReport {
  readonly value: number | null;
  readonly rows: string[] | null;
  readonly evaluations: number;
  readonly foundAt: number;
  readonly cpuSeconds: number;
}

/** Checks the request (one line for a bad one), runs it, writes the pack. */
export function runMaximize(o: MaximizeOptions, write: (line: string) => void): MaximizeReport {
  const rules = rulesetByName(o.rules);
  const problem = maximizeProblem({ rules, width: o.width, height: o.height, walls: o.walls, feature: o.feature });
  if (problem !== null) throw new CliError(problem);
  const clock = startClock();
  const r = maximizeFeature({ rules, width: o.width, height: o.height, walls: o.walls, feature: o.feature, seed: o.seed, evaluations: o.evaluations, restarts: o.restarts });
  const cpuSeconds = clock.cpuSeconds();
  const load = machineLoad();
  if (r.level === null || r.features === null) {
    write(`no solvable ${o.width}x${o.height} ${rules.title} level with ${o.walls} walls met in ${r.evaluations} evaluations (${cpuSeconds.toFixed(1)} s CPU); nothing written`);
    return { value: null, rows: null, evaluations: r.evaluations, foundAt: 0, cpuSeconds };
  }
  const id = maximizedLevelId(o);
  const level = packLevelFromLevel(r.level, {
    id,
    difficulty: predictDifficulty(o.model, r.features),
    features: { ...r.features },
    source: { generator: 'maximize', seed: o.seed, temperature: null, model: null },
  });
  writePack(o.out, `${o.feature} maximised, ${o.width}x${o.height}, ${o.walls} walls, seed ${o.seed}`, [level], o.rules);
  write(
    `${o.feature} ${r.value} (${rules.title} ${o.width}x${o.height}, ${o.walls} walls), found at evaluation ${r.foundAt} of ${r.evaluations}; ` +
      `${cpuSeconds.toFixed(1)} s CPU, load ${load.loadAverage1m} on ${load.cores} cores; wrote ${o.out}\n${level.rows.join('\n')}`,
  );
  return { value: r.value, rows: level.rows, evaluations: r.evaluations, foundAt: r.foundAt, cpuSeconds };
}
