/**
 * Ids and provenance (`source`) of generated levels: one definition each, so
 * the CLI and the studio name the same level the same way. An id is the
 * generator, the size, the seed, then what else reproduces the level
 * (temperature, target) and its index within the run.
 */
import type { PackLevelSource } from '../pack/schema';

/** A temperature as ids and sources write it: at most 3 decimals, no trailing zeros (`0.2`, `1`). */
export function formatTemperature(t: number): string {
  return String(Math.round(t * 1000) / 1000);
}

/**
 * `<generator>-<w>x<h>-s<seed>-<index>` (plus `-<k>` for the k-th of `siblings`
 * levels of one iteration, 1-based): RPU and RSD levels.
 */
export function generatedLevelId(generator: string, width: number, height: number, seed: number, u: { index: number; k: number; siblings: number }): string {
  return `${generator}-${width}x${height}-s${seed}-${u.index}` + (u.siblings > 1 ? `-${u.k + 1}` : '');
}

/** `sd-pcgrl-<w>x<h>-s<seed>-t<temperature>-<index>`. */
export function sdPcgrlLevelId(width: number, height: number, seed: number, temperature: number, index: number): string {
  return `sd-pcgrl-${width}x${height}-s${seed}-t${formatTemperature(temperature)}-${index}`;
}

/** The pack source of an SD-PCGRL level: `model` says which policy (e.g. `sd-pcgrl-8x8 (dqn, seed 1, 40,000 episodes, markov encoding)`). */
export function sdPcgrlSource(seed: number, temperature: number, model: string): PackLevelSource {
  return { generator: 'sd-pcgrl', seed, temperature: Number(formatTemperature(temperature)), model };
}

/** The head of an at-difficulty id: a band's name, or `d<target rounded>`. */
export function atDifficultyHead(target: number, band?: string): string {
  return band ?? `d${Math.round(target)}`;
}

/** `<head>-<w>x<h>-s<seed>-<index>`: `d45-8x8-s1-0`, `medium-8x8-s1-0`. */
export function atDifficultyLevelId(head: string, width: number, height: number, seed: number, index: number): string {
  return `${head}-${width}x${height}-s${seed}-${index}`;
}

/** `curve-<position, 1-based>-d<target>-<w>x<h>-s<seed>`: a level of a difficulty curve. */
export function curveLevelId(position: number, target: number, width: number, height: number, seed: number): string {
  return `curve-${position + 1}-${atDifficultyHead(target)}-${width}x${height}-s${seed}`;
}

/**
 * The pack source of a level generated at a difficulty: the method (the
 * solution-down local search of `atDifficulty.ts`), its target, the
 * evaluations it took, the seed and the difficulty model's name. No wall
 * time: the same seed gives the same bytes on any machine.
 */
export function atDifficultySource(l: { target: number; attempts: number }, seed: number, modelName: string): PackLevelSource {
  return {
    generator: `at-difficulty (target ${Math.round(l.target * 10) / 10}, ${l.attempts} evaluations)`,
    seed,
    temperature: null,
    model: modelName,
  };
}
