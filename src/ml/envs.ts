/** Environment factories by name, wired to a difficulty model: shared by CLI, worker and tests. */
import type { DifficultyModel } from '../core/difficulty/model';
import { solvableDifficulty } from '../core/difficulty/predict';
import { SdPcgrlEnv, type SdEncoding } from '../core/rl/sdPcgrl';
import { TurtleEnv } from '../core/rl/turtle';
import type { BatchedEnv } from '../core/rl/types';
import { rulesetByName } from '../core/rules/registry';
import type { RulesetName } from '../core/rules/ruleset';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

export type EnvName = 'sd-pcgrl' | 'turtle';

export interface EnvSettings {
  readonly env: EnvName;
  readonly width: number;
  readonly height: number;
  readonly encoding: SdEncoding;
  readonly model: DifficultyModel;
  /** The ruleset SD-PCGRL carves under (absent: Longcat); Turtle is Longcat's only. */
  readonly rules?: RulesetName | undefined;
}

/** Why an environment cannot run under a ruleset, as a sentence, or null. */
export function envRulesProblem(env: EnvName, rules: RulesetName = DEFAULT_RULESET_NAME): string | null {
  return env === 'turtle' && !rulesetByName(rules).assets.turtle ? `the Turtle environment is Longcat's only; train sd-pcgrl for ${rules}` : null;
}

function sdRules(s: EnvSettings) {
  const problem = envRulesProblem(s.env, s.rules);
  if (problem !== null) throw new Error(problem);
  return rulesetByName(s.rules ?? DEFAULT_RULESET_NAME);
}

export function makeEnv(s: EnvSettings, count: number, seed: number): BatchedEnv {
  const difficulty = (f: Parameters<typeof solvableDifficulty>[1]) => solvableDifficulty(s.model, f);
  return s.env === 'sd-pcgrl'
    ? new SdPcgrlEnv({ width: s.width, height: s.height, count, seed, difficulty, encoding: s.encoding, rules: sdRules(s) })
    : (sdRules(s), new TurtleEnv({ width: s.width, height: s.height, count, seed, difficulty }));
}

/** The thesis's greedy test: SD-PCGRL gets one episode per start cell; Turtle gets 8 random starts. */
export function makeTestEnv(s: EnvSettings, seed: number): BatchedEnv {
  const difficulty = (f: Parameters<typeof solvableDifficulty>[1]) => solvableDifficulty(s.model, f);
  const rules = sdRules(s);
  if (s.env === 'turtle') return new TurtleEnv({ width: s.width, height: s.height, count: 8, seed, difficulty });
  return new SdPcgrlEnv({ width: s.width, height: s.height, count: s.width * s.height, seed, difficulty, encoding: s.encoding, rules, startCell: (env) => env });
}
