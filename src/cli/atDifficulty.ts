/** `generate --target D`: levels at a difficulty (SPEC §7), written as a pack with their provenance. */
import { writeFileSync } from 'node:fs';
import type { DifficultyModel } from '../core/difficulty/model';
import { predictDifficulty } from '../core/difficulty/predict';
import { generateAtDifficulty, type Tolerance } from '../core/generators/atDifficulty';
import { levelKey } from '../core/level/level';
import { createPack, exportPack, importPack, packLevelFromLevel } from '../core/pack/pack';
import { CliError } from './args';
import { readInput } from './analyze';

/** `10%`, `0.1` (relative) or `3` (absolute, when >= 1) into a tolerance; the larger of it and the default's other part applies. */
export function parseTolerance(text: string | undefined): Tolerance {
  if (text === undefined) return { relative: 0.1, absolute: 3 };
  const pct = /^(\d+(\.\d+)?)%$/.exec(text.trim());
  if (pct) return { relative: Number(pct[1]) / 100, absolute: 0 };
  const v = Number(text);
  if (!(v > 0) || text.trim() === '') throw new CliError(`--tolerance must look like 10% or 3, got "${text}"`);
  return v < 1 ? { relative: v, absolute: 0 } : { relative: 0, absolute: v };
}

export function runAtDifficulty(o: {
  width: number; height: number; target: number; tolerance: Tolerance; count: number; seed: number; out: string;
  model: DifficultyModel; exclude?: string | undefined; uniqueSolution: boolean; openCells?: { min?: number; max?: number };
}): { written: number; shortfall: string | null; seconds: number } {
  const exclude = new Set<string>();
  if (o.exclude !== undefined) {
    const r = importPack(readInput(o.exclude));
    if (!r.ok) throw new CliError(`${o.exclude} is not a valid level pack: ${r.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    for (const l of r.value.levels) exclude.add(levelKey(l));
  }
  const t0 = performance.now();
  const r = generateAtDifficulty(
    {
      width: o.width, height: o.height, target: o.target, tolerance: o.tolerance, count: o.count, seed: o.seed, exclude,
      uniqueSolution: o.uniqueSolution, ...(o.openCells ? { openCells: o.openCells } : {}),
      difficulty: (f) => predictDifficulty(o.model, f), timeLimitMs: Math.max(5000, o.count * 1000),
    },
    `${o.model.name}@${o.model.provenance.createdAt}`,
  );
  const seconds = (performance.now() - t0) / 1000;
  if (r.levels.length === 0) throw new CliError(r.shortfall ?? 'no level found');
  const levels = r.levels.map((l, i) => {
    const id = `target${o.target}-${o.width}x${o.height}-s${o.seed}-${i}`;
    return packLevelFromLevel({ ...l.level, name: id }, {
      id,
      difficulty: l.difficulty,
      features: { ...l.features },
      source: { generator: `at-difficulty (solution-down local search, ${l.attempts} evaluations, ${l.milliseconds.toFixed(0)} ms)`, seed: o.seed, temperature: null, model: o.model.name },
    });
  });
  writeFileSync(o.out, exportPack(createPack(`difficulty ${o.target} ${o.width}x${o.height} seed ${o.seed}`, levels)));
  return { written: levels.length, shortfall: r.shortfall, seconds };
}
