/**
 * Generating levels with a trained SD-PCGRL policy (SPEC §6): the RSD
 * process with the network choosing each direction. Temperature t: with
 * probability t a uniformly random legal direction, else the best legal one
 * (t = 1 is RSD). Inference is batched over many walks; level i draws from
 * its own random stream (start cell and temperature coin), so the same seed
 * gives the same levels whatever the batch size or shard.
 */
import type { Level } from '../core/level/level';
import { encodeWalk, sdObservationSpec, type SdEncoding } from '../core/rl/sdPcgrl';
import { createRng, streamSeed, type Rng } from '../core/util/rng';
import { longcat } from '../core/rules/registry';
import type { Ruleset } from '../core/rules/ruleset';
import { maskedArgmax } from './dqn';
import { drawStart, PIN_TRIES, walkKeepsPins, withPins, type CellPins } from '../core/generators/pins';

/** Anything that gives Q-values for a batch of observations (a DqnLearner, or a loaded model wrapper). */
export interface QFunction {
  qValues(grid: Float32Array, extra: Float32Array, n: number): Promise<Float32Array>;
}

export interface PolicyGenerationOptions {
  readonly width: number;
  readonly height: number;
  readonly encoding: SdEncoding;
  /** The ruleset whose solution-down process the policy drives (default Longcat). */
  readonly rules?: Ruleset | undefined;
  readonly temperature: number;
  readonly seed: number;
  /** Level indices to generate: [from, to). */
  readonly from: number;
  readonly to: number;
  /**
   * Start every walk at this cell instead of a random one; `'every'` starts
   * level i at cell i mod (width * height), every start cell in turn.
   */
  readonly startCell?: number | 'every';
  /**
   * Cells every level keeps (`core/generators/pins.ts`): the walk's open mask
   * (the policy's action mask) leaves out steps that break a pin, and a walk
   * that misses a pinned open cell is walked again from its own random
   * stream, at most {@link PIN_TRIES} times; a level that never keeps them
   * is left out (`onMissed`).
   */
  readonly pins?: CellPins | undefined;
  readonly batch?: number;
  readonly onLevel?: (index: number, level: Level, solution: string) => void;
  /** Level `index` found no walk keeping the pins. */
  readonly onMissed?: (index: number) => void;
  readonly shouldStop?: () => boolean;
}

export interface PolicyLevel {
  readonly index: number;
  readonly level: Level;
  readonly solution: string;
}

/** Generates levels `from..to-1` with the policy at a temperature. */
export async function generateWithPolicy(q: QFunction, o: PolicyGenerationOptions): Promise<PolicyLevel[]> {
  if (!(o.temperature >= 0 && o.temperature <= 1)) throw new Error(`temperature must be between 0 and 1, got ${o.temperature}`);
  const spec = sdObservationSpec(o.width, o.height, o.encoding);
  const B = Math.max(1, Math.min(o.batch ?? 256, o.to - o.from));
  const rules = o.rules ?? longcat;
  if (o.pins !== undefined && o.startCell !== undefined) throw new Error('generateWithPolicy: pins and a fixed start cell do not go together (pin the start instead)');
  const walks = Array.from({ length: B }, () => withPins(rules.solutionDown(o.width, o.height), o.pins));
  const rngs: (Rng | null)[] = new Array(B).fill(null);
  const tries = new Int32Array(B);
  const slotIndex = new Int32Array(B).fill(-1);
  const grid = new Float32Array(B * spec.side * spec.side * spec.channels), extra = new Float32Array(B * spec.extra);
  const mask = new Uint8Array(B * 4);
  const out: PolicyLevel[] = [];
  let next = o.from;
  const cells = o.width * o.height;
  const assign = (b: number): void => {
    if (next >= o.to) {
      slotIndex[b] = -1;
      return;
    }
    const rng = createRng(streamSeed(o.seed, next));
    rngs[b] = rng;
    slotIndex[b] = next++;
    tries[b] = 1;
    const w = walks[b]!;
    w.reset(o.startCell === 'every' ? (next - 1) % cells : (o.startCell ?? (w.startCells === undefined ? rng.int(cells) : drawStart(w, rng))));
  };
  for (let b = 0; b < B; b++) assign(b);
  for (;;) {
    if (o.shouldStop?.()) break;
    let active = 0;
    for (let b = 0; b < B; b++) {
      if (slotIndex[b]! < 0) continue;
      const w = walks[b]!;
      // The ruleset's own end (paint's walk may cross open cells until its idle limit).
      if (w.done()) {
        if (!walkKeepsPins(w)) {
          if (tries[b]! < PIN_TRIES) {
            tries[b]!++;
            w.reset(drawStart(w, rngs[b]!));
            active++;
            continue;
          }
          o.onMissed?.(slotIndex[b]!);
          assign(b);
          if (slotIndex[b]! >= 0) active++;
          continue;
        }
        const level = w.toLevel();
        out.push({ index: slotIndex[b]!, level, solution: w.moves });
        o.onLevel?.(slotIndex[b]!, level, w.moves);
        assign(b);
        if (slotIndex[b]! < 0) continue;
      }
      active++;
    }
    if (active === 0) break;
    for (let b = 0; b < B; b++) {
      if (slotIndex[b]! < 0) {
        mask.fill(0, b * 4, b * 4 + 4);
        continue;
      }
      encodeWalk(walks[b]!, spec, grid, extra, b);
      const m = walks[b]!.openMask();
      for (let d = 0; d < 4; d++) mask[b * 4 + d] = (m >> d) & 1;
    }
    // Only ask the network when some walk will follow it this step.
    const coins = new Float64Array(B);
    let needQ = false;
    for (let b = 0; b < B; b++) {
      if (slotIndex[b]! < 0) continue;
      coins[b] = rngs[b]!.next();
      if (coins[b]! >= o.temperature) needQ = true;
    }
    const values = needQ ? await q.qValues(grid, extra, B) : null;
    for (let b = 0; b < B; b++) {
      if (slotIndex[b]! < 0) continue;
      const w = walks[b]!;
      // A walk walked again for its pins may have no step at all (every neighbour of its start pinned): the next round finishes it.
      if (w.done()) continue;
      let dir: number;
      if (values === null || coins[b]! < o.temperature) {
        let legal = 0;
        for (let d = 0; d < 4; d++) legal += mask[b * 4 + d]!;
        let pick = rngs[b]!.int(legal);
        dir = 0;
        for (let d = 0; d < 4; d++) if (mask[b * 4 + d] === 1 && pick-- === 0) dir = d;
      } else dir = maskedArgmax(values, mask, b, 4);
      w.step(dir);
    }
  }
  return out.sort((a, b) => a.index - b.index);
}
