/**
 * Every level of the two real level sets under both shipped models (the
 * table at the end of docs/difficulty.md), for evaluation only:
 *   npx tsx bench/difficultyLevels.ts
 * Reads ../shared/data (public fan ports of the original game; not shipped).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_DIFFICULTY_MODEL, ITERATION_7_MODEL } from '../src/core/difficulty/defaultModel';
import { bandOf, predictDifficulty } from '../src/core/difficulty/predict';
import { analyzeLevel } from '../src/core/graph/analyze';
import { parseLevels } from '../src/core/level/format';

const show = (d: number | null): string => (d === null ? 'unsolvable | -' : `${d.toFixed(1)} | ${bandOf(d)}`);
const bands = new Map<string, number>();
console.log('| level | size | states | expectedMoves | default | band | iteration 7 | band |\n|---|---|---|---|---|---|---|---|');
for (const file of ['longcat-arduboy.txt', 'longcat-binswing-52.txt']) {
  const levels = parseLevels(readFileSync(resolve(import.meta.dirname, '../../shared/data', file), 'utf8'));
  if (!levels.ok) throw new Error(file);
  for (const l of levels.value) {
    const r = analyzeLevel(l);
    if (!r.ok) throw new Error(`${l.name}: ${r.error.message}`);
    const f = r.value.features;
    const d = predictDifficulty(DEFAULT_DIFFICULTY_MODEL, f);
    const band = d === null ? 'unsolvable' : bandOf(d);
    bands.set(band, (bands.get(band) ?? 0) + 1);
    console.log(`| ${l.name} | ${l.width}x${l.height} | ${f.nStates} | ${f.expectedMoves.toFixed(1)} | ${show(d)} | ${show(predictDifficulty(ITERATION_7_MODEL, f))} |`);
  }
}
console.log(`\nDefault model, levels per band: ${[...bands].map(([b, n]) => `${b} ${n}`).join(', ')}`);
