/**
 * Where a CPU training run's time goes, by part of the lock-step: the
 * learner's update, the greedy actions of the lock-step, the environment
 * step and the rest (observations, replay, bookkeeping), in CPU time
 * (process.cpuUsage), WASM backend, no greedy tests. It says whether
 * stepping the environments in parallel could pay: only the environment's
 * share could shrink.
 *
 * `npm run bench:train-split -- [rules] [recipe] [env steps]`
 * (default: paint small 6400; learning starts after 1,000 steps).
 */
import { defaultModelFor } from '../src/core/difficulty/defaultModel';
import type { RulesetName } from '../src/core/rules/ruleset';
import { chooseBackend } from '../src/ml/backend';
import { makeEnv, makeTestEnv, type EnvSettings } from '../src/ml/envs';
import { RECIPES, type RecipeName } from '../src/ml/recipes';
import { Trainer } from '../src/ml/trainer';

const rules = (process.argv[2] ?? 'paint') as RulesetName;
const recipeName = (process.argv[3] ?? 'small') as RecipeName;
const envSteps = Number(process.argv[4] ?? 6400);
await chooseBackend('wasm');
const settings: EnvSettings = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', model: defaultModelFor(rules), rules };
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const spent = { update: 0, greedy: 0, env: 0 };
const calls = { update: 0, greedy: 0, env: 0 };
function timed<A extends unknown[], R>(part: keyof typeof spent, f: (...a: A) => R): (...a: A) => R {
  return (...a) => {
    const t = cpu();
    const r = f(...a);
    spent[part] += cpu() - t;
    calls[part]++;
    return r;
  };
}
const trainer = new Trainer({
  recipe: { ...RECIPES[recipeName], learningStarts: 1000 },
  seed: 1,
  makeEnv: (count, seed) => {
    const env = makeEnv(settings, count, seed);
    env.step = timed('env', env.step.bind(env));
    return env;
  },
  makeTestEnv: () => makeTestEnv(settings, 2),
  noGreedyTest: true,
});
const learner = trainer.learner;
learner.update = timed('update', learner.update.bind(learner));
const greedy = learner.greedyActions.bind(learner);
learner.greedyActions = async (...a) => {
  const t = cpu();
  const r = await greedy(...a);
  spent.greedy += cpu() - t;
  calls.greedy++;
  return r;
};
const t0 = cpu();
await trainer.run({ envSteps });
const total = cpu() - t0;
const rest = total - spent.update - spent.greedy - spent.env;
const row = (name: string, ms: number, n: number): string => `${name.padEnd(14)} ${(ms / 1000).toFixed(2).padStart(7)} CPU-s  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${n > 0 ? `${(ms / n).toFixed(2)} ms x ${n}` : ''}`;
console.log(`${rules}, recipe ${recipeName}, ${envSteps} env steps (${RECIPES[recipeName].envCount} envs in lock-step): ${(total / 1000).toFixed(2)} CPU-s, ${Math.round(envSteps / (total / 1000))} env steps per CPU-second`);
console.log(row('update', spent.update, calls.update));
console.log(row('greedy actions', spent.greedy, calls.greedy));
console.log(row('env step', spent.env, calls.env));
console.log(row('rest', rest, 0));
