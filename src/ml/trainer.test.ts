/**
 * Pause and stop answer at once (issue: Stop stayed "Stopping..." for ~35 s):
 * counted, not timed where possible. After the request no further lock-step,
 * update or greedy-test step runs, and no closing greedy test; one run on the
 * real SD-PCGRL environment checks the wall-clock answer against a second.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_MODEL } from '../core/difficulty/defaultModel';
import { emptyLevel } from '../core/level/level';
import type { BatchedEnv, FinishedEpisode, ObservationSpec } from '../core/rl/types';
import { createRng } from '../core/util/rng';
import { chooseBackend } from './backend';
import { makeEnv, makeTestEnv, type EnvSettings } from './envs';
import { FAST_RECIPE, type TrainingRecipe } from './recipes';
import { TRAINING_SCHEDULE } from './jobs/train';
import { greedyTest, Trainer } from './trainer';

beforeAll(async () => {
  await chooseBackend('wasm');
});

/** Two-action episodes of `length` steps on a 3x3 random grid; `onStep` sees every batched step. */
class CountingEnv implements BatchedEnv {
  readonly actions = 2;
  readonly actionNames = ['a0', 'a1'];
  readonly observation: ObservationSpec = { side: 3, channels: 1, extra: 0, channelNames: ['c'] };
  steps = 0;
  private readonly t: Int32Array;
  private readonly rng = createRng(1);
  constructor(readonly count: number, private readonly length: number, private readonly onStep: () => void = () => {}) {
    this.t = new Int32Array(count);
  }
  observe(grid: Float32Array): void {
    for (let i = 0; i < grid.length; i++) grid[i] = this.rng.int(2);
  }
  legalMask(mask: Uint8Array): void {
    mask.fill(1, 0, this.count * 2);
  }
  step(_actions: Int32Array, rewards: Float32Array, dones: Uint8Array): FinishedEpisode[] {
    this.steps++;
    this.onStep();
    const out: FinishedEpisode[] = [];
    for (let i = 0; i < this.count; i++) {
      this.t[i]!++;
      rewards[i] = 1;
      dones[i] = this.t[i]! >= this.length ? 1 : 0;
      if (dones[i] === 1) {
        this.t[i] = 0;
        out.push({ env: i, level: emptyLevel(3, 3), difficulty: 1, episodeReturn: this.length, steps: this.length });
      }
    }
    return out;
  }
}

const recipe = (updateEveryEnvSteps: number): TrainingRecipe => ({
  name: 'fast',
  envCount: 8,
  replayCapacity: 2000,
  batchSize: 8,
  learningStarts: 16,
  updateEveryEnvSteps,
  updateEveryEpisodes: 0,
  targetSync: { every: 50, unit: 'updates' },
  epsilonStart: 1,
  epsilonEnd: 0.1,
  epsilonDecayFraction: 0.5,
  learner: { network: { blocks: [[4]], dense: 8 }, learningRate: 1e-3, gamma: 0.9, doubleDqn: true, loss: 'huber', rewardScale: 1 },
});

describe('pause and stop', () => {
  it('a stop asked during a lock-step ends the run there: no further env step, update or greedy test', async () => {
    let stop = false, stepsAtStop = -1;
    const env = new CountingEnv(8, 5, () => {
      if (env.steps === 40) {
        stop = true;
        stepsAtStop = env.steps;
      }
    });
    const test = new CountingEnv(2, 3);
    const trainer = new Trainer({ recipe: recipe(8), seed: 1, makeEnv: () => env, makeTestEnv: () => test, testEverySeconds: 1e9 });
    let updatesAtStop = -1;
    const m = await trainer.run({ envSteps: 1e9 }, { shouldStop: () => stop, onEpisodes: () => stop && updatesAtStop < 0 && (updatesAtStop = trainer.counters.updates) });
    expect(stepsAtStop).toBe(40);
    expect(env.steps).toBe(40);
    expect(m.envSteps).toBe(40 * 8);
    // Updates ran up to the stop (one per lock-step after learning starts), none after it.
    expect(m.updates).toBeGreaterThan(30);
    expect(m.updates).toBe(updatesAtStop);
    // The periodic test ran once at the start (3 steps per episode); no closing test after the stop.
    expect(test.steps).toBe(3);
    trainer.learner.dispose();
  });

  it('a budget that runs out still ends with a greedy test (only a pause or stop skips it)', async () => {
    const env = new CountingEnv(8, 5), test = new CountingEnv(2, 3);
    const trainer = new Trainer({ recipe: recipe(8), seed: 1, makeEnv: () => env, makeTestEnv: () => test, testEverySeconds: 1e9 });
    await trainer.run({ envSteps: 80 });
    expect(test.steps).toBe(6);
    trainer.learner.dispose();
  });

  it('with several updates per lock-step, a pause is answered between updates', async () => {
    const env = new CountingEnv(8, 5), test = new CountingEnv(2, 3);
    // One update per env step: 8 updates per lock-step once learning starts.
    const trainer = new Trainer({ recipe: recipe(1), seed: 1, makeEnv: () => env, makeTestEnv: () => test, testEverySeconds: 1e9 });
    let yields = 0, pauseAtUpdate = -1;
    const m = await trainer.run(
      { envSteps: 1e9 },
      {
        shouldStop: () => pauseAtUpdate >= 0,
        onLockStep: () => {
          yields++;
          if (trainer.counters.updates === 19 && pauseAtUpdate < 0) pauseAtUpdate = 19;
        },
      },
    );
    // 19 is not a multiple of 8: the pause came in the middle of a lock-step's updates and no update followed it.
    expect(m.updates).toBe(19);
    expect(yields).toBeGreaterThan(env.steps);
    trainer.learner.dispose();
  });

  it('a stop during the periodic greedy test ends the test and the run at the next test step', async () => {
    let stop = false;
    const env = new CountingEnv(8, 5);
    const test = new CountingEnv(2, 50, () => {
      if (test.steps === 7) stop = true;
    });
    const trainer = new Trainer({ recipe: recipe(8), seed: 1, makeEnv: () => env, makeTestEnv: () => test, testEverySeconds: 0 });
    const m = await trainer.run({ envSteps: 1e9 }, { shouldStop: () => stop });
    expect(test.steps).toBe(7);
    expect(env.steps).toBe(1); // the test came after the first lock-step
    expect(m.testDifficulty).toBeNull(); // the cut test left no result
    trainer.learner.dispose();
  });

  it('on SD-PCGRL 8x8 with the fast recipe, run() returns within a CPU-second of a stop (a greedy test alone takes seconds)', async () => {
    const s: EnvSettings = { env: 'sd-pcgrl', width: 8, height: 8, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };
    const trainer = new Trainer({ recipe: { ...FAST_RECIPE, learningStarts: 256 }, seed: 2, makeEnv: (c, seed) => makeEnv(s, c, seed), makeTestEnv: () => makeTestEnv(s, 3), testEverySeconds: 1e9 });
    // The work after the request in CPU time (wall time here depends on the machine's load).
    let askedAt: NodeJS.CpuUsage | null = null;
    const m = await trainer.run(
      { envSteps: 1e9 },
      {
        shouldStop: () => {
          if (askedAt === null && trainer.counters.updates >= 3) askedAt = process.cpuUsage();
          return askedAt !== null;
        },
      },
    );
    const after = process.cpuUsage(askedAt ?? undefined);
    expect(m.updates).toBe(3);
    expect((after.user + after.system) / 1000).toBeLessThan(1000);
    trainer.learner.dispose();
  });

  it('an env-step budget makes a run reproducible: the same seed gives the same weights, another seed different ones', async () => {
    const settings: EnvSettings = { env: 'sd-pcgrl', width: 6, height: 6, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };
    const small: TrainingRecipe = { ...FAST_RECIPE, envCount: 8, replayCapacity: 2000, batchSize: 16, learningStarts: 64, updateEveryEnvSteps: 16 };
    const weights = async (seed: number): Promise<Float32Array[]> => {
      const trainer = new Trainer({ recipe: small, seed, makeEnv: (count, s) => makeEnv(settings, count, s), makeTestEnv: () => makeTestEnv(settings, seed + 1), testEverySeconds: 1e9 });
      const m = await trainer.run({ envSteps: 400 });
      expect(m.updates).toBeGreaterThan(10);
      const w = trainer.learner.online.getWeights().map((t) => t.dataSync() as Float32Array);
      trainer.learner.dispose();
      return w;
    };
    const same = (a: Float32Array[], b: Float32Array[]): boolean => a.length === b.length && a.every((x, i) => x.length === b[i]!.length && x.every((v, j) => Object.is(v, b[i]![j])));
    const a = await weights(7);
    const b = await weights(7);
    const c = await weights(8);
    expect(same(a, b)).toBe(true);
    expect(same(a, c)).toBe(false);
  });
});

describe('greedy tests on a step schedule (the training job\'s schedule for env-step budgets)', () => {
  it('a loaded machine and an idle one report the same tests at the same steps, and the same final test', async () => {
    const settings: EnvSettings = { env: 'sd-pcgrl', width: 6, height: 6, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };
    const small: TrainingRecipe = { ...FAST_RECIPE, envCount: 8, replayCapacity: 2000, batchSize: 16, learningStarts: 64, updateEveryEnvSteps: 16 };
    /** A run whose clock advances `tick` seconds per reading: 5 s is a machine under heavy load, 1e-6 s an idle one. */
    const run = async (tick: number): Promise<{ tests: string[]; final: number | null; testEnvs: number }> => {
      let t = 0, testEnvs = 0;
      const trainer = new Trainer({
        recipe: small,
        seed: 3,
        makeEnv: (count, s) => makeEnv(settings, count, s),
        makeTestEnv: () => (testEnvs++, makeTestEnv(settings, 4)),
        testsPerStepBudget: TRAINING_SCHEDULE.testsPerStepBudget,
        testEverySeconds: TRAINING_SCHEDULE.testEverySeconds,
        maxTestShare: TRAINING_SCHEDULE.maxTestShare,
        progressEverySeconds: 0,
        now: () => (t += tick),
      });
      const tests: string[] = [];
      const m = await trainer.run({ envSteps: 320 }, { onProgress: (p) => tests.push(`${p.envSteps}:${p.testDifficulty}`) });
      trainer.learner.dispose();
      return { tests, final: m.testDifficulty, testEnvs };
    };
    const loaded = await run(5);
    const idle = await run(1e-6);
    expect(loaded.tests).toEqual(idle.tests);
    expect(loaded.final).toBe(idle.final);
    // 320 steps in lock-steps of 8, a test due every 16 steps: 20 periodic tests and the closing one.
    // Updates start in the lock-step that fills the warm-up (64 steps) and come every lock-step after;
    // a test with no update since the last one played is not played again (the same network on the
    // same test levels): 32 and 48 reuse 16's, the closing test reuses 320's; 16, and 64 to 320 (17), play.
    expect(idle.testEnvs).toBe(1 + 17);
    expect(loaded.testEnvs).toBe(idle.testEnvs);
  });

  it('a test with no update since the last one reports what a fresh greedy test of the network gives, without playing it again', async () => {
    const settings: EnvSettings = { env: 'sd-pcgrl', width: 6, height: 6, encoding: 'markov', model: DEFAULT_DIFFICULTY_MODEL };
    // The warm-up outlasts the budget: no update at all, 20 periodic tests and the closing one due.
    const warmUp: TrainingRecipe = { ...FAST_RECIPE, envCount: 8, replayCapacity: 2000, batchSize: 16, learningStarts: 10_000, updateEveryEnvSteps: 16 };
    let testEnvs = 0;
    const trainer = new Trainer({
      recipe: warmUp,
      seed: 5,
      makeEnv: (count, s) => makeEnv(settings, count, s),
      makeTestEnv: () => (testEnvs++, makeTestEnv(settings, 6)),
      testsPerStepBudget: TRAINING_SCHEDULE.testsPerStepBudget,
      progressEverySeconds: 0,
    });
    const reported: (number | null)[] = [];
    const m = await trainer.run({ envSteps: 320 }, { onProgress: (p) => reported.push(p.testDifficulty) });
    expect(m.updates).toBe(0);
    expect(testEnvs).toBe(1);
    // The same number a greedy test played now gives, and the one every report after the first test carried.
    const fresh = await greedyTest(trainer.learner, makeTestEnv(settings, 6));
    expect(fresh).not.toBeNull();
    expect(m.testDifficulty).toBe(fresh!.mean);
    const afterFirst = reported.slice(reported.findIndex((d) => d !== null));
    expect(afterFirst.length).toBeGreaterThan(1);
    expect(new Set(afterFirst)).toEqual(new Set([fresh!.mean]));
    trainer.learner.dispose();
  });
});
