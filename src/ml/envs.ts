/** Environment factories by name, wired to a difficulty model: shared by CLI, worker and tests. */
import type { DifficultyModel } from '../core/difficulty/model';
import { solvableDifficulty } from '../core/difficulty/predict';
import { SdPcgrlEnv, type SdEncoding } from '../core/rl/sdPcgrl';
import { TurtleEnv } from '../core/rl/turtle';
import type { BatchedEnv } from '../core/rl/types';

export type EnvName = 'sd-pcgrl' | 'turtle';

export interface EnvSettings {
  readonly env: EnvName;
  readonly width: number;
  readonly height: number;
  readonly encoding: SdEncoding;
  readonly model: DifficultyModel;
}

export function makeEnv(s: EnvSettings, count: number, seed: number): BatchedEnv {
  const difficulty = (f: Parameters<typeof solvableDifficulty>[1]) => solvableDifficulty(s.model, f);
  return s.env === 'sd-pcgrl'
    ? new SdPcgrlEnv({ width: s.width, height: s.height, count, seed, difficulty, encoding: s.encoding })
    : new TurtleEnv({ width: s.width, height: s.height, count, seed, difficulty });
}

/** The thesis's greedy test: SD-PCGRL gets one episode per start cell; Turtle gets 8 random starts. */
export function makeTestEnv(s: EnvSettings, seed: number): BatchedEnv {
  const difficulty = (f: Parameters<typeof solvableDifficulty>[1]) => solvableDifficulty(s.model, f);
  if (s.env === 'turtle') return new TurtleEnv({ width: s.width, height: s.height, count: 8, seed, difficulty });
  return new SdPcgrlEnv({ width: s.width, height: s.height, count: s.width * s.height, seed, difficulty, encoding: s.encoding, startCell: (env) => env });
}
