/**
 * `npm run bench:lint`: what the live lint adds to the gauge's update on
 * 8x8 (SPEC §15 asks at most 5 ms): `selectLintViolations`, the selector
 * the studio's rules panel reads, on RSD levels (seed 1) with every rule
 * of docs/repository.md loaded and a pack of 100 other 8x8 levels to find
 * duplicates in. Each update is a new graph (a drawn edit), so nothing is
 * served from the selector's memo; the pack's keys are cached per rows
 * array as in the studio (the first call pays for them and is reported
 * apart). Prints the median, p95 and max of CPU time (process.cpuUsage)
 * and wall time. `--quick`: fewer levels.
 */
import { cpus, loadavg } from 'node:os';
import { createStudioStore } from '../src/app/store/store';
import { selectLintViolations } from '../src/app/store/lintSelectors';
import { DEFAULT_DIFFICULTY_MODEL } from '../src/core/difficulty/defaultModel';
import { createLevelSource } from '../src/core/generators/registry';
import { Analyzer } from '../src/core/graph/analyze';
import { toGraphData } from '../src/core/graph/graphData';
import { toRows, type Level } from '../src/core/level/level';
import { createPack, packLevelFromLevel } from '../src/core/pack/pack';
import { parseLintRules } from '../src/core/repo/lint';

const quick = process.argv.includes('--quick');
const count = quick ? 50 : 400;
const source = createLevelSource({ generator: 'rsd', width: 8, height: 8, seed: 1 });
const levels: Level[] = Array.from({ length: count + 100 }, (_, i) => source.generate(i).levels[0]!);
const pack = createPack('bench', levels.slice(count).map((l, i) => packLevelFromLevel(l, { id: `p${i}` })));
const rules = parseLintRules(JSON.stringify({ format: 'longcat-lint-rules', version: 1, solvable: true, uniqueSolution: true, minShortestSolution: 6, maxShortestSolution: 40, difficulty: { min: 10, max: 80 }, maxDeadShare: 0.5, noSymmetricDuplicates: true }));
if (!rules.ok) throw new Error(rules.error.join('; '));

const analyzer = new Analyzer();
const graphs = levels.slice(0, count).map((level) => {
  const r = analyzer.run(level);
  if (!r.ok) throw new Error('state cap');
  return { level, graph: toGraphData(level, r.value.graph, r.value.classification, 0) };
});

const store = createStudioStore();
store.setState({ pack, model: DEFAULT_DIFFICULTY_MODEL, lintRules: rules.value, lintRulesSource: 'bench', openInPack: null });
const cpu: number[] = [], wall: number[] = [];
let broken = 0, first = 0;
graphs.forEach(({ level, graph }, i) => {
  store.setState({ level, analysis: { ...store.getState().analysis, status: 'done', key: graph.levelKey, graph } });
  const c0 = process.cpuUsage(), t0 = performance.now();
  const out = selectLintViolations(store.getState());
  const w = performance.now() - t0, c = process.cpuUsage(c0);
  if (out === null) throw new Error(`no lint for ${toRows(level).join('/')}`);
  broken += out.length;
  if (i === 0) first = (c.user + c.system) / 1000;
  else {
    cpu.push((c.user + c.system) / 1000);
    wall.push(w);
  }
});
const q = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!;
const ms = (x: number): string => x.toFixed(3);
console.log(`live lint, 8x8 RSD seed 1, ${graphs.length} updates, pack of ${pack.levels.length}, all rules; node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
console.log(`first update (pack keys computed): ${ms(first)} ms CPU`);
console.log(`per update CPU  ms: median ${ms(q(cpu, 0.5))}  p95 ${ms(q(cpu, 0.95))}  max ${ms(Math.max(...cpu))}`);
console.log(`per update wall ms: median ${ms(q(wall, 0.5))}  p95 ${ms(q(wall, 0.95))}  max ${ms(Math.max(...wall))}`);
console.log(`violations found: ${broken} (${(broken / graphs.length).toFixed(2)} per level)`);
