/**
 * The generators the CLI, the evaluation and the studio can run by name.
 * Iteration `i` of a run seeded `s` draws from its own random stream
 * (`streamSeed(s, i)`), so any index range (a shard) reproduces exactly the
 * levels of the full run.
 */
import type { Level } from '../level/level';
import { rulesetByName } from '../rules/registry';
import type { RulesetName } from '../rules/ruleset';
import { createRng, streamSeed } from '../util/rng';
import { pinsSizeProblem, withPins, type CellPins } from './pins';
import { runRpuIteration } from './rpu';
import { runRandomWalkKeepingPins } from './rsd';
import { DEFAULT_RULESET_NAME } from '../rules/ruleset';

/** The generators that need no trained model, by name. */
export const GENERATOR_NAMES = ['rpu', 'rsd'] as const;
/** One of {@link GENERATOR_NAMES}. */
export type GeneratorName = (typeof GENERATOR_NAMES)[number];

/** A generator run: which generator, the size, the run seed and the ruleset (default Longcat). */
export interface GeneratorSettings {
  readonly generator: GeneratorName;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly rules?: RulesetName;
  /** Cells every level keeps (`pins.ts`); same size as the levels. */
  readonly pins?: CellPins | undefined;
}

/**
 * The generators a ruleset supports. Random solution-down works for every
 * ruleset (each has a solution-down process); RPU's stop rules (segregation,
 * dead ends) are Longcat's, so it is Longcat only.
 */
export function generatorsFor(rules: RulesetName): readonly GeneratorName[] {
  const names = rulesetByName(rules).assets.generators;
  return GENERATOR_NAMES.filter((g) => names.includes(g));
}

/** What iteration `index` of a run produced. */
export interface GeneratedItem {
  readonly index: number;
  /** The levels of this iteration: one for solution-down, zero or more for puzzle-up. */
  readonly levels: readonly Level[];
  /** A solution of `levels[0]`, when the generator builds one (solution-down). */
  readonly solution?: string;
  /** True when the iteration found no walk that keeps the pins within its tries (its `levels` are then empty). */
  readonly pinsMissed?: boolean;
}

/** Produces iteration after iteration of one generator, reusing its buffers. */
export interface LevelSource {
  readonly settings: GeneratorSettings;
  generate(index: number): GeneratedItem;
}

/** True when `name` is one of {@link GENERATOR_NAMES} (narrows the type). */
export function isGeneratorName(name: string): name is GeneratorName {
  return (GENERATOR_NAMES as readonly string[]).includes(name);
}

/** A source for the settings. Throws for a generator the ruleset does not support (check {@link generatorsFor} first). */
export function createLevelSource(settings: GeneratorSettings): LevelSource {
  const { width, height, seed } = settings;
  const rules = settings.rules ?? DEFAULT_RULESET_NAME;
  if (!generatorsFor(rules).includes(settings.generator)) throw new Error(`${settings.generator} does not support the ${rules} rules`);
  const pins = settings.pins;
  const sizeProblem = pins === undefined ? null : pinsSizeProblem(pins, width, height);
  if (sizeProblem !== null) throw new Error(sizeProblem);
  switch (settings.generator) {
    case 'rsd': {
      const walk = withPins(rulesetByName(rules).solutionDown(width, height), pins);
      return {
        settings,
        generate(index) {
          // With pins, an iteration that finds no walk keeping them within its tries yields no level.
          if (!runRandomWalkKeepingPins(walk, createRng(streamSeed(seed, index)))) return { index, levels: [], pinsMissed: true };
          return { index, levels: [walk.toLevel()], solution: walk.moves };
        },
      };
    }
    case 'rpu':
      return {
        settings,
        generate(index) {
          return { index, levels: runRpuIteration(width, height, createRng(streamSeed(seed, index)), pins !== undefined ? { pins } : {}).levels };
        },
      };
  }
}

/** The index range `[from, to)` of shard `i` of `n` (0-based i) over `count` iterations. */
export function shardRange(count: number, shard: number, shards: number): { from: number; to: number } {
  const from = Math.floor((count * shard) / shards);
  const to = Math.floor((count * (shard + 1)) / shards);
  return { from, to };
}
