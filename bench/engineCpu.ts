/**
 * CPU time per level of the Longcat engine (search + classes + features) on a
 * fixed corpus of RSD 8x8 levels: process.cpuUsage (user + system) around
 * each round, the median of the rounds. CPU time rather than wall time
 * because the machine is shared. Uses only APIs that predate rulesets, so the
 * same file runs on an older checkout for a before/after comparison:
 * `npx tsx bench/engineCpu.ts [levels] [rounds]`.
 */
import { Analyzer } from '../src/core/graph/analyze';
import { generateRsd } from '../src/core/generators/rsd';
import type { Level } from '../src/core/level/level';
import { createRng, streamSeed } from '../src/core/util/rng';

/** Median CPU microseconds per level of `analyze` over `rounds` passes of `levels` (after one warm-up pass). */
export function cpuPerLevel(levels: readonly Level[], rounds: number, analyze: (l: Level) => unknown): { median: number; all: number[] } {
  for (const l of levels) analyze(l);
  const all: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const before = process.cpuUsage();
    for (const l of levels) analyze(l);
    const used = process.cpuUsage(before);
    all.push((used.user + used.system) / levels.length);
  }
  return { median: [...all].sort((a, b) => a - b)[Math.floor(all.length / 2)]!, all };
}

/** The fixed Longcat corpus: `n` RSD 8x8 levels, seed 11. */
export function longcatCorpus(n: number): Level[] {
  return Array.from({ length: n }, (_, i) => generateRsd(8, 8, createRng(streamSeed(11, i))).level);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 3000), rounds = Number(process.argv[3] ?? 7);
  const corpus = longcatCorpus(n);
  const analyzer = new Analyzer();
  const { median, all } = cpuPerLevel(corpus, rounds, (l) => analyzer.analyze(l));
  console.log(`longcat rsd 8x8, ${n} levels x ${rounds} rounds: median ${median.toFixed(2)} us CPU per level (rounds: ${all.map((v) => v.toFixed(1)).join(', ')})`);
}
