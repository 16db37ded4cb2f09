/**
 * `npm run bench`: every benchmark, printed as a table (and as JSON with
 * --json; `--at-difficulty` runs only bench/atDifficulty.ts). Single-threaded: figures are per core. Record results in
 * docs/BENCHMARKS.md with the command that produced them.
 */
import { cpus } from 'node:os';
import { runRandomWalk, SolutionDownWalk } from '../src/core/generators/rsd';
import { createRng, streamSeed } from '../src/core/util/rng';
import type { Level } from '../src/core/level/level';
import { Analyzer } from '../src/core/graph/analyze';
import { generateRsd } from '../src/core/generators/rsd';
import { paint } from '../src/core/rules/registry';
import { benchLargest, benchRsdPipeline, benchStatesPerSecond, largestRsd8x8, type BenchRow } from './engine';
import { cpuPerLevel, longcatCorpus } from './engineCpu';
import { atDifficultyTable, benchAtDifficulty } from './atDifficulty';

const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const rows: BenchRow[] = [];
const log = (r: BenchRow): void => {
  rows.push(r);
  if (!json) {
    const v = r.value >= 100 ? Math.round(r.value).toLocaleString('en-US') : r.value.toFixed(3);
    console.log(`${r.name.padEnd(48)} ${v.padStart(12)} ${r.unit}${r.detail && r.detail.length < 60 ? `  (${r.detail})` : ''}`);
  }
};

if (!json) console.log(`node ${process.version}, ${cpus()[0]?.model ?? 'unknown cpu'}, one thread\n`);

// `--at-difficulty`: only the generate-at-difficulty benchmark (about a minute; not part of the default run).
if (process.argv.includes('--at-difficulty')) {
  const r = benchAtDifficulty(quick ? 5 : undefined);
  if (json) console.log(JSON.stringify(r, null, 2));
  else {
    console.log(`generate at difficulty, 8x8, ${quick ? 5 : 20} requests per target; reachable range ${r.reachable.min.toFixed(0)}-${r.reachable.max.toFixed(1)} (estimated in ${r.reachable.ms.toFixed(0)} ms)\n`);
    console.log(atDifficultyTable(r));
  }
  process.exit(0);
}
const n = quick ? 5000 : 50_000;
for (const side of [8, 10, 12]) log(benchRsdPipeline(side, side === 8 ? n : Math.floor(n / 2)));
// Paint's graphs are larger (paint never blocks, so more slides stay open): fewer levels per round.
for (const side of [8, 10]) log(benchRsdPipeline(side, Math.floor(n / (side === 8 ? 100 : 1000)), 5, paint));

// CPU time per level (process.cpuUsage: robust on a shared machine), each ruleset on a fixed RSD 8x8 corpus.
{
  const analyzer = new Analyzer();
  const longcatLevels = longcatCorpus(quick ? 1000 : 3000);
  const paintLevels = Array.from({ length: quick ? 100 : 300 }, (_, i) => generateRsd(8, 8, createRng(streamSeed(11, i)), paint).level);
  let paintStates = 0;
  for (const l of paintLevels) {
    const r = analyzer.analyze(l, { rules: paint });
    if (r.ok) paintStates += r.value.features.nStates;
  }
  const lc = cpuPerLevel(longcatLevels, 7, (l) => analyzer.analyze(l)).median;
  const pc = cpuPerLevel(paintLevels, 7, (l) => analyzer.analyze(l, { rules: paint })).median;
  log({ name: 'longcat graph + features, CPU per RSD 8x8 level', value: lc, unit: 'us', detail: `${longcatLevels.length} levels, median of 7` });
  log({ name: 'paint graph + features, CPU per RSD 8x8 level', value: pc, unit: 'us', detail: `${paintLevels.length} levels, ${(paintStates / paintLevels.length).toFixed(0)} states each` });
}

const corpus: Level[] = [];
const walk = new SolutionDownWalk(8, 8);
for (let i = 0; i < 5000; i++) {
  runRandomWalk(walk, createRng(streamSeed(9, i)));
  corpus.push(walk.toLevel());
}
log(benchStatesPerSecond(corpus));
for (const r of benchLargest(largestRsd8x8(quick ? 20_000 : 200_000, 3))) log(r);

if (json) console.log(JSON.stringify(rows, null, 2));
