/**
 * The DQN training loop, shared by the browser worker and the CLI: batched
 * environments, epsilon-greedy over legal actions, replay, updates, target
 * syncs, a periodic greedy test (one level per start cell, as the thesis),
 * metrics, and pause/stop between lock-steps. Budgets are in minutes,
 * episodes or environment steps; epsilon decays over the budget.
 */
import type { BatchedEnv, FinishedEpisode } from '../core/rl/types';
import { createRng, type Rng } from '../core/util/rng';
import { DqnLearner } from './dqn';
import type { TrainingRecipe } from './recipes';
import { ReplayBuffer } from './replay';

export interface TrainingBudget {
  readonly minutes?: number;
  readonly episodes?: number;
  readonly envSteps?: number;
}

export interface TrainingCounters {
  episodes: number;
  envSteps: number;
  updates: number;
  /** Seconds of training so far (across resumes). */
  elapsed: number;
}

export interface TrainingMetrics extends TrainingCounters {
  readonly epsilon: number;
  /** Mean episode return over the last 200 episodes. */
  readonly meanReturn: number;
  /** Mean difficulty of the last 200 finished levels. */
  readonly meanDifficulty: number;
  readonly meanLoss: number;
  readonly episodesPerSecond: number;
  readonly envStepsPerSecond: number;
  readonly updatesPerSecond: number;
  /** Mean difficulty of the latest greedy test, or null before the first. */
  readonly testDifficulty: number | null;
}

export interface TrainingHooks {
  onProgress?(m: TrainingMetrics): void;
  /**
   * Checked between lock-steps, between updates and between the greedy
   * test's steps: stop (or pause) the run. A stopped run skips the final
   * greedy test (it keeps the last one), so it returns within about one
   * update's time.
   */
  shouldStop?(): boolean;
  onEpisodes?(episodes: readonly FinishedEpisode[]): void;
  /** Called about every `checkpointSeconds`. */
  onCheckpoint?(m: TrainingMetrics): Promise<void> | void;
  /**
   * Awaited once per lock-step, before each update and each greedy-test
   * step. In a worker, tfjs's WASM and CPU backends resolve `data()` as
   * microtasks, so the loop never returns to the event loop and
   * `pause`/`stop` messages would wait until the budget is spent: the worker
   * passes a hook that yields to the event loop now and then.
   */
  onLockStep?(): Promise<void> | void;
}

export interface TrainerOptions {
  readonly recipe: TrainingRecipe;
  readonly seed: number;
  readonly makeEnv: (count: number, seed: number) => BatchedEnv;
  /** The greedy test environment (e.g. one env per start cell); a fresh one per test, so a test's result is a function of the weights. */
  readonly makeTestEnv: () => BatchedEnv;
  readonly testEverySeconds?: number;
  /**
   * Test on a step schedule instead: each time the environment steps pass
   * a multiple of this. A run budgeted in steps then reports the same tests
   * on any machine and under any load (`testEverySeconds` and
   * `maxTestShare` are ignored).
   */
  readonly testEveryEnvSteps?: number;
  /**
   * With a budget in environment steps (and none in minutes), test this
   * many times over the budget, on the step schedule above.
   */
  readonly testsPerStepBudget?: number;
  /** No greedy test at all (benchmarks that time training alone; testDifficulty stays null). */
  readonly noGreedyTest?: boolean;
  /**
   * Largest share of training time the periodic greedy test may take (e.g.
   * 0.1). On a slow backend one test can take longer than `testEverySeconds`
   * (64 batched episodes on WebGL/CPU: tens of seconds), so tests then come
   * less often. Default 1: no limit.
   */
  readonly maxTestShare?: number;
  readonly progressEverySeconds?: number;
  readonly checkpointSeconds?: number;
  /** Resume from these counters (and a learner restored by the caller). */
  readonly counters?: TrainingCounters;
  readonly learner?: DqnLearner;
  /** Clock in seconds (tests inject a fake). */
  readonly now?: () => number;
}

const WINDOW = 200;

/**
 * Mean difficulty of one greedy episode per test environment; null when
 * `hooks.shouldStop` cut the test short.
 */
export async function greedyTest(learner: DqnLearner, env: BatchedEnv, hooks: Pick<TrainingHooks, 'shouldStop' | 'onLockStep'> = {}): Promise<{ mean: number; episodes: FinishedEpisode[] } | null> {
  const { side, channels, extra } = env.observation;
  const grid = new Float32Array(env.count * side * side * channels), ex = new Float32Array(env.count * extra);
  const mask = new Uint8Array(env.count * env.actions), actions = new Int32Array(env.count);
  const rewards = new Float32Array(env.count), dones = new Uint8Array(env.count);
  const first: (FinishedEpisode | undefined)[] = new Array(env.count);
  let left = env.count;
  for (let guard = 0; left > 0 && guard < 10_000; guard++) {
    await hooks.onLockStep?.();
    if (hooks.shouldStop?.() ?? false) return null;
    env.observe(grid, ex);
    env.legalMask(mask);
    actions.set(await learner.greedyActions(grid, ex, mask, env.count));
    for (const f of env.step(actions, rewards, dones)) {
      if (first[f.env] === undefined) {
        first[f.env] = f;
        left--;
      }
    }
  }
  const episodes = first.filter((f): f is FinishedEpisode => f !== undefined);
  const mean = episodes.reduce((a, f) => a + (f.difficulty ?? 0), 0) / Math.max(1, episodes.length);
  return { mean, episodes };
}

export class Trainer {
  readonly learner: DqnLearner;
  readonly counters: TrainingCounters;
  private readonly env: BatchedEnv;
  private readonly replay: ReplayBuffer;
  private readonly rng: Rng;
  private readonly returns: number[] = [];
  private readonly difficulties: number[] = [];
  /** Mean losses read back per progress report, with their update counts (about the last WINDOW updates). */
  private readonly losses: { mean: number; count: number }[] = [];
  private testDifficulty: number | null = null;
  /**
   * The update count at this trainer's last greedy test. A test plays the
   * online network greedily on a test environment made from the same seed
   * each time, and only an update changes that network, so a test with no
   * update since the last one would give the same mean: it is not played
   * again (during the replay warm-up, most of a short run's tests).
   */
  private testedAtUpdates: number | null = null;
  private readonly now: () => number;

  constructor(private readonly options: TrainerOptions) {
    const { recipe, seed } = options;
    this.env = options.makeEnv(recipe.envCount, seed);
    const o = this.env.observation;
    this.learner = options.learner ?? new DqnLearner({ side: o.side, channels: o.channels, extra: o.extra, actions: this.env.actions }, recipe.learner, seed);
    this.replay = new ReplayBuffer(recipe.replayCapacity, o.side * o.side * o.channels, o.extra, this.env.actions);
    this.rng = createRng(seed ^ 0x5eed);
    this.counters = { ...(options.counters ?? { episodes: 0, envSteps: 0, updates: 0, elapsed: 0 }) };
    this.now = options.now ?? (() => performance.now() / 1000);
  }

  /** Fraction of the budget used, for the epsilon schedule. */
  private progress(budget: TrainingBudget): number {
    const parts: number[] = [];
    if (budget.minutes !== undefined) parts.push(this.counters.elapsed / (budget.minutes * 60));
    if (budget.episodes !== undefined) parts.push(this.counters.episodes / budget.episodes);
    if (budget.envSteps !== undefined) parts.push(this.counters.envSteps / budget.envSteps);
    return parts.length === 0 ? 0 : Math.min(1, Math.max(...parts));
  }

  epsilon(budget: TrainingBudget): number {
    const r = this.options.recipe;
    const f = Math.min(1, this.progress(budget) / Math.max(1e-9, r.epsilonDecayFraction));
    return r.epsilonStart + (r.epsilonEnd - r.epsilonStart) * f;
  }

  metrics(budget: TrainingBudget, sinceStart: { t: number; episodes: number; envSteps: number; updates: number }): TrainingMetrics {
    const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
    const dt = Math.max(1e-9, this.now() - sinceStart.t);
    return {
      ...this.counters,
      epsilon: this.epsilon(budget),
      meanReturn: mean(this.returns),
      meanDifficulty: mean(this.difficulties),
      meanLoss: this.meanLoss(),
      episodesPerSecond: (this.counters.episodes - sinceStart.episodes) / dt,
      envStepsPerSecond: (this.counters.envSteps - sinceStart.envSteps) / dt,
      updatesPerSecond: (this.counters.updates - sinceStart.updates) / dt,
      testDifficulty: this.testDifficulty,
    };
  }

  private meanLoss(): number {
    let sum = 0, count = 0;
    for (const l of this.losses) {
      sum += l.mean * l.count;
      count += l.count;
    }
    return count === 0 ? 0 : sum / count;
  }

  /** Reads the learner's loss since the last report (one readback), keeping about the last WINDOW updates. */
  private async collectLoss(): Promise<void> {
    const count = this.learner.lossUpdates;
    const mean = await this.learner.takeMeanLoss();
    if (mean === null) return;
    this.losses.push({ mean, count });
    let total = this.losses.reduce((a, l) => a + l.count, 0);
    while (this.losses.length > 1 && total - this.losses[0]!.count >= WINDOW) total -= this.losses.shift()!.count;
  }

  private push(list: number[], v: number): void {
    list.push(v);
    if (list.length > WINDOW) list.shift();
  }

  /** Trains until the budget is spent or `shouldStop`; resumable by calling again. */
  async run(budget: TrainingBudget, hooks: TrainingHooks = {}): Promise<TrainingMetrics> {
    const { recipe } = this.options;
    const env = this.env;
    const n = env.count, A = env.actions;
    const { side, channels, extra } = env.observation;
    const grid = new Float32Array(n * side * side * channels), ex = new Float32Array(n * extra);
    const nextGrid = new Float32Array(grid.length), nextEx = new Float32Array(ex.length);
    const mask = new Uint8Array(n * A), nextMask = new Uint8Array(n * A);
    const actions = new Int32Array(n), rewards = new Float32Array(n), dones = new Uint8Array(n);
    const start = { t: this.now(), episodes: this.counters.episodes, envSteps: this.counters.envSteps, updates: this.counters.updates };
    let last = this.now();
    let lastProgress = last, lastTest = last - (this.testDifficulty === null ? Infinity : 0), lastCheckpoint = last;
    let stepsSinceUpdate = 0, episodesSinceUpdate = 0, episodesSinceSync = 0;
    let testGap = this.options.testEverySeconds ?? 60;
    const perBudget = this.options.testsPerStepBudget;
    const stepGap =
      this.options.testEveryEnvSteps ??
      (perBudget !== undefined && budget.envSteps !== undefined && budget.minutes === undefined ? Math.max(1, Math.ceil(budget.envSteps / perBudget)) : undefined);
    let lastTestStep = stepGap === undefined ? 0 : Math.floor(this.counters.envSteps / stepGap);
    const testDue = (t: number): boolean => {
      if (this.options.noGreedyTest === true) return false;
      if (stepGap === undefined) return t - lastTest >= testGap;
      const k = Math.floor(this.counters.envSteps / stepGap);
      if (k === lastTestStep) return false;
      lastTestStep = k;
      return true;
    };
    env.observe(grid, ex);
    env.legalMask(mask);

    const spent = (): boolean => this.progress(budget) >= 1;
    const stopping = (): boolean => hooks.shouldStop?.() ?? false;
    const testHooks = { shouldStop: stopping, ...(hooks.onLockStep !== undefined ? { onLockStep: hooks.onLockStep } : {}) };
    while (!spent() && !stopping()) {
      await hooks.onLockStep?.();
      if (stopping()) break;
      const eps = this.epsilon(budget);
      // The lock-step's one readback: the greedy actions (argmax on the device).
      const greedy = eps < 1 ? await this.learner.greedyActions(grid, ex, mask, n) : null;
      for (let i = 0; i < n; i++) {
        let legal = 0;
        for (let a = 0; a < A; a++) legal += mask[i * A + a]!;
        if (legal === 0) actions[i] = 0;
        else if (greedy === null || this.rng.next() < eps) {
          let pick = this.rng.int(legal);
          for (let a = 0; a < A; a++) if (mask[i * A + a] === 1 && pick-- === 0) actions[i] = a;
        } else actions[i] = greedy[i]!;
      }
      const finished = env.step(actions, rewards, dones);
      env.observe(nextGrid, nextEx);
      env.legalMask(nextMask);
      for (let i = 0; i < n; i++) {
        // After a reset the "next" observation is a new episode's start; done transitions never bootstrap from it.
        this.replay.add(i, grid, ex, actions[i]!, rewards[i]!, dones[i] === 1, nextGrid, nextEx, nextMask);
      }
      grid.set(nextGrid);
      ex.set(nextEx);
      mask.set(nextMask);
      this.counters.envSteps += n;
      stepsSinceUpdate += n;
      for (const f of finished) {
        this.push(this.returns, f.episodeReturn);
        if (f.difficulty !== null) this.push(this.difficulties, f.difficulty);
      }
      this.counters.episodes += finished.length;
      episodesSinceUpdate += finished.length;
      episodesSinceSync += finished.length;
      if (finished.length > 0) hooks.onEpisodes?.(finished);

      if (this.replay.size >= Math.max(recipe.learningStarts, recipe.batchSize)) {
        let due = 0;
        if (recipe.updateEveryEnvSteps > 0) {
          due += Math.floor(stepsSinceUpdate / recipe.updateEveryEnvSteps);
          stepsSinceUpdate %= recipe.updateEveryEnvSteps;
        }
        if (recipe.updateEveryEpisodes > 0) {
          due += Math.floor(episodesSinceUpdate / recipe.updateEveryEpisodes);
          episodesSinceUpdate %= recipe.updateEveryEpisodes;
        }
        for (let u = 0; u < due; u++) {
          // Several updates per lock-step (large replay ratios): pause and stop are answered between them.
          if (u > 0) await hooks.onLockStep?.();
          if (stopping()) break;
          // Same draws either way; the fused WebGPU update uploads the stored bytes as they are.
          this.learner.update(this.learner.takesPackedBatches ? this.replay.samplePacked(recipe.batchSize, this.rng) : this.replay.sample(recipe.batchSize, this.rng));
          this.counters.updates++;
          if (recipe.targetSync.unit === 'updates' && this.counters.updates % recipe.targetSync.every === 0) this.learner.syncTarget();
        }
      }
      if (recipe.targetSync.unit === 'episodes' && episodesSinceSync >= recipe.targetSync.every) {
        this.learner.syncTarget();
        episodesSinceSync = 0;
      }

      const t = this.now();
      this.counters.elapsed += t - last;
      last = t;
      if (testDue(t)) {
        const t0 = this.now();
        const tested = await this.greedyTestMean(testHooks);
        if (!tested) break; // stopped mid-test: keep the last result
        lastTest = this.now();
        const share = Math.min(1, Math.max(1e-3, this.options.maxTestShare ?? 1));
        testGap = Math.max(this.options.testEverySeconds ?? 60, ((lastTest - t0) * (1 - share)) / share);
      }
      if (t - lastProgress >= (this.options.progressEverySeconds ?? 1)) {
        await this.collectLoss();
        hooks.onProgress?.(this.metrics(budget, start));
        lastProgress = t;
      }
      if (hooks.onCheckpoint !== undefined && t - lastCheckpoint >= (this.options.checkpointSeconds ?? 60)) {
        await hooks.onCheckpoint(this.metrics(budget, start));
        lastCheckpoint = this.now();
      }
    }
    // The closing greedy test only when the budget is spent: a pause or stop answers at once.
    if (!stopping() && this.options.noGreedyTest !== true) await this.greedyTestMean();
    await this.collectLoss();
    const m = this.metrics(budget, start);
    hooks.onProgress?.(m);
    return m;
  }

  /** A greedy test into {@link testDifficulty}, unless no update came since the last one (the same mean); false when stopped mid-test. */
  private async greedyTestMean(hooks?: Pick<TrainingHooks, 'shouldStop' | 'onLockStep'>): Promise<boolean> {
    if (this.testedAtUpdates === this.counters.updates) return true;
    const test = await greedyTest(this.learner, this.options.makeTestEnv(), hooks);
    if (test === null) return false;
    this.testDifficulty = test.mean;
    this.testedAtUpdates = this.counters.updates;
    return true;
  }
}
