/**
 * Evaluating a trained Turtle PCGRL agent (thesis §5.4): run episodes with
 * the policy (temperature as for SD-PCGRL: with probability t a random legal
 * action) and report how many finished levels are solvable, beside the
 * SPEC §8 report over the solvable ones.
 */
import type { DifficultyModel } from '../core/difficulty/model';
import { solvableDifficulty } from '../core/difficulty/predict';
import { Evaluation, predictorMeasure, type EvaluationReport } from '../core/generators/evaluate';
import { TurtleEnv } from '../core/rl/turtle';
import { createRng } from '../core/util/rng';
import { maskedArgmax } from './dqn';
import type { QFunction } from './policy';

/** The report's iterations are episodes; `solvable` counts finished levels that are solvable. */
export type TurtleEvaluation = EvaluationReport;

export async function evaluateTurtle(
  q: QFunction,
  o: { width: number; height: number; episodes: number; seed: number; temperature: number; model: DifficultyModel; batch?: number },
): Promise<TurtleEvaluation> {
  const batch = Math.min(o.batch ?? 64, o.episodes);
  const env = new TurtleEnv({ width: o.width, height: o.height, count: batch, seed: o.seed, difficulty: (f) => solvableDifficulty(o.model, f) });
  const rng = createRng((o.seed ^ 0x7a77) >>> 0);
  const { side, channels, extra } = env.observation;
  const grid = new Float32Array(batch * side * side * channels), ex = new Float32Array(batch * extra);
  const mask = new Uint8Array(batch * env.actions), actions = new Int32Array(batch), rewards = new Float32Array(batch), dones = new Uint8Array(batch);
  const evaluation = new Evaluation(predictorMeasure(o.model));
  let finishedCount = 0;
  while (finishedCount < o.episodes) {
    env.observe(grid, ex);
    env.legalMask(mask);
    const values = await q.qValues(grid, ex, batch);
    for (let i = 0; i < batch; i++) {
      if (rng.next() < o.temperature) {
        const legal: number[] = [];
        for (let a = 0; a < env.actions; a++) if (mask[i * env.actions + a] === 1) legal.push(a);
        actions[i] = legal[rng.int(legal.length)] ?? 0;
      } else actions[i] = Math.max(0, maskedArgmax(values, mask, i, env.actions));
    }
    for (const f of env.step(actions, rewards, dones)) {
      if (finishedCount >= o.episodes) break;
      finishedCount++;
      // The environment gives a difficulty only when the finished level is solvable.
      evaluation.add({ index: finishedCount - 1, levels: f.difficulty !== null ? [f.level] : [] });
    }
  }
  return evaluation.report();
}
