/**
 * The one place a model's `meta.json` is built: the CLI's `train`, the
 * training worker's checkpoints and downloads all describe a network the
 * same way (observation and action counts from the environment itself).
 */
import type { TrainingCounters } from './trainer';
import { makeEnv, type EnvSettings } from './envs';
import { META_FORMAT, type ModelMeta } from './modelFiles';
import { rulesetByName } from '../core/rules/registry';
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';

export interface MetaInput extends EnvSettings {
  readonly recipe: string;
  readonly seed: number;
  readonly counters: TrainingCounters;
  /** The tfjs backend the network was trained on. */
  readonly backend: string;
  readonly testDifficulty: number | null;
  /** The command line that trained it (CLI only). */
  readonly command?: string;
}

/** The observation shape and action count of an environment, as the network sees them. */
export function networkShape(s: EnvSettings): { side: number; channels: number; extra: number; actions: number } {
  const probe = makeEnv(s, 1, 0);
  const o = probe.observation;
  return { side: o.side, channels: o.channels, extra: o.extra, actions: probe.actions };
}

/** `meta.json` for a network trained with these settings, now. */
export function buildModelMeta(m: MetaInput): ModelMeta {
  const { actions, ...observation } = networkShape(m);
  return {
    format: META_FORMAT,
    version: 1,
    env: m.env,
    width: m.width,
    height: m.height,
    encoding: m.encoding,
    ...(m.rules !== undefined && m.rules !== DEFAULT_RULESET_NAME ? { rules: m.rules } : {}),
    observation,
    actions,
    recipe: m.recipe,
    seed: m.seed,
    episodes: m.counters.episodes,
    envSteps: m.counters.envSteps,
    updates: m.counters.updates,
    wallSeconds: m.counters.elapsed,
    backend: m.backend,
    predictor: { name: m.model.name, createdAt: m.model.provenance.createdAt },
    testDifficulty: m.testDifficulty,
    createdAt: new Date().toISOString(),
    ...(m.command !== undefined ? { command: m.command } : {}),
  };
}

/** The training counters a meta.json records (to resume from). */
export function countersOf(meta: ModelMeta): TrainingCounters {
  return { episodes: meta.episodes, envSteps: meta.envSteps, updates: meta.updates, elapsed: meta.wallSeconds };
}

/** One line saying what a policy is: recipe, seed, episodes, encoding. */
export function describePolicy(meta: ModelMeta): string {
  const rules = meta.rules !== undefined && meta.rules !== DEFAULT_RULESET_NAME ? `, trained for ${rulesetByName(meta.rules).title}` : '';
  return `${meta.recipe}, seed ${meta.seed}, ${meta.episodes.toLocaleString('en-US')} episodes, ${meta.encoding} encoding${rules}`;
}
