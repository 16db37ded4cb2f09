/**
 * End-to-end training rate of a recipe on one backend, in Node: env steps/s,
 * updates/s and CPU milliseconds per lock-step while training SD-PCGRL 8x8
 * (`npx tsx bench/trainRate.ts [backend] [recipe] [seconds]`). Updates start
 * after 1,000 transitions so the measured window is mostly training.
 */
import { DEFAULT_DIFFICULTY_MODEL } from '../src/core/difficulty/defaultModel';
import { chooseBackend, type BackendName } from '../src/ml/backend';
import { makeEnv, makeTestEnv, type EnvSettings } from '../src/ml/envs';
import { RECIPES, type RecipeName } from '../src/ml/recipes';
import { Trainer } from '../src/ml/trainer';

export interface TrainRate {
  readonly backend: string;
  readonly recipe: string;
  readonly seconds: number;
  readonly envSteps: number;
  readonly updates: number;
  readonly envStepsPerSecond: number;
  readonly updatesPerSecond: number;
  /** Process CPU milliseconds (user + system) per update over the run. */
  readonly cpuMsPerUpdate: number;
}

const SETTINGS: EnvSettings = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };

export async function trainRate(backend: BackendName, recipeName: RecipeName, seconds: number, seed = 1): Promise<TrainRate> {
  const choice = await chooseBackend(backend);
  const recipe = { ...RECIPES[recipeName], learningStarts: Math.min(RECIPES[recipeName].learningStarts, 1000) };
  const trainer = new Trainer({
    recipe,
    seed,
    makeEnv: (count, s) => makeEnv(SETTINGS, count, s),
    makeTestEnv: () => makeTestEnv(SETTINGS, seed + 1),
    testEverySeconds: 1e9,
    progressEverySeconds: 1e9,
  });
  const cpu0 = process.cpuUsage();
  const m = await trainer.run({ minutes: seconds / 60 });
  const cpu = process.cpuUsage(cpu0);
  trainer.learner.dispose();
  return {
    backend: choice.backend,
    recipe: recipeName,
    seconds: m.elapsed,
    envSteps: m.envSteps,
    updates: m.updates,
    envStepsPerSecond: m.envSteps / m.elapsed,
    updatesPerSecond: m.updates / m.elapsed,
    cpuMsPerUpdate: (cpu.user + cpu.system) / 1000 / Math.max(1, m.updates),
  };
}

if (process.argv[1]?.endsWith('trainRate.ts')) {
  const [backend = 'wasm', recipe = 'fast', seconds = '60'] = process.argv.slice(2);
  console.log(JSON.stringify(await trainRate(backend as BackendName, recipe as RecipeName, Number(seconds))));
}
