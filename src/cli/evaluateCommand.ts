/** `longcat evaluate`: the SPEC §8 report of a generator, or the hit-rate map of generate at difficulty (`--targets`). */
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { CliError, parseCount, parseRules, parseSeed, parseSize } from './args';
import { isStreamOut, type CommandContext } from './commandContext';
import { common, MAX_SD_RUNS, MAX_TARGET, requireGenerator, rulesOf, runLength, sdSettings, settings, type CommonOpts } from './generatorOptions';

export function registerEvaluate({ program, loadModel, checkOut, checkStateCap }: CommandContext): void {
  common(program.command('evaluate').description('the SPEC §8 evaluation report for a generator'))
    .option('--json', 'print one JSON object (sd-pcgrl: one per temperature)', false)
    .option('--temperatures <list>', 'sd-pcgrl: temperatures as from:to:step or a comma list', '0:1:0.1')
    .option('--out <file.ndjson>', 'rpu and rsd: also write the run\'s unique solvable levels as a level stream (what generate --iterations writes)')
    .option('--targets <list>', 'the hit-rate map of generate at difficulty instead: difficulty targets as from:to:step or a comma list (--count: requests per target, default 10)')
    .option('--also <measure=list>', 'with --targets: a second measure\'s values, e.g. leniency=0.3:0.7:0.1 (one row of cells per value)')
    .option('--evaluations <n>', 'with --targets: search budget per request in evaluated levels', '2000')
    .option('--max-states <n>', `rpu and rsd: state cap per level (default ${DEFAULT_STATE_CAP}); a level past it is counted as capped, neither solvable nor unsolvable`)
    .action(async (o: CommonOpts & { json: boolean; temperatures: string; out?: string; targets?: string; also?: string; evaluations: string; maxStates?: string }) => {
      if (o.maxStates !== undefined && (o.targets !== undefined || (o.generator !== 'rpu' && o.generator !== 'rsd'))) throw new CliError('--max-states is for rpu and rsd evaluations');
      if (o.targets !== undefined) {
        const { formatHitRate, parseTargetList, runHitRate } = await import('./hitRate');
        if (o.generator !== undefined || o.out !== undefined || o.iterations !== undefined) throw new CliError('--targets maps generate at difficulty: leave out --generator, --iterations and --out');
        const targets = parseTargetList(o.targets, '--targets', MAX_TARGET);
        let also: { measure: import('../core/range/measures').MeasureName; values: number[] } | undefined;
        if (o.also !== undefined) {
          const m = /^\s*([A-Za-z]+)\s*=(.+)$/.exec(o.also);
          const { isMeasureName } = await import('../core/range/measures');
          if (m === null || !isMeasureName(m[1]!) || m[1] === 'difficulty') throw new CliError(`--also must look like leniency=0.3:0.7:0.1 or leniency=0.3,0.6 (a measure other than difficulty), got "${o.also}"`);
          also = { measure: m[1] as import('../core/range/measures').MeasureName, values: parseTargetList(m[2]!, '--also', 1e9) };
        }
        const rules = parseRules(o.rules), size = parseSize(o.size);
        const settings = {
          rules, ...size, seed: parseSeed(o.seed), model: await loadModel(o.model, rules), targets, also,
          requests: o.count !== undefined ? parseCount(o.count, '--count', 10_000) : 10, evaluations: parseCount(o.evaluations, '--evaluations', 100_000_000),
        };
        const cells = runHitRate(settings, (c) => {
          if (!o.quiet) process.stderr.write(`target ${c.target}${c.second !== null ? `, ${also!.measure} ${c.second}` : ''}: ${c.hits}/${c.requests}\n`);
          if (o.json) process.stdout.write(JSON.stringify(c) + '\n');
        });
        if (!o.json) process.stdout.write(formatHitRate(settings, cells));
        return;
      }
      if (o.also !== undefined) throw new CliError('evaluate --also goes with --targets (the hit-rate map)');
      if (o.out !== undefined && o.generator !== 'rpu' && o.generator !== 'rsd') throw new CliError('--out (a level stream) is for rpu and rsd evaluations; generate writes sd-pcgrl levels');
      if (o.out !== undefined && !isStreamOut(o.out)) throw new CliError(`evaluate --out writes a level stream: name a .ndjson or .jsonl file, got "${o.out}"`);
      if (o.out === '-') throw new CliError('evaluate prints its report on standard output: write the level stream to a file');
      requireGenerator(o);
      rulesOf(o);
      if (o.generator === 'turtle') {
        const size = parseSize(o.size);
        const { evaluateTurtleModel, parseTemperatures } = await import('./sdPcgrl');
        const { formatReport } = await import('./generate');
        const temps = parseTemperatures(o.temperatures === '0:1:0.1' ? '0' : o.temperatures);
        const episodes = parseCount(runLength(o), o.iterations !== undefined ? '--iterations' : '--count', 1_000_000), seed = parseSeed(o.seed), model = await loadModel(o.model);
        if (episodes * temps.length > MAX_SD_RUNS) throw new CliError(`--count ${runLength(o)} times ${temps.length} temperatures is ${episodes * temps.length} episodes; at most ${MAX_SD_RUNS}`);
        for (const t of temps) {
          const r = await evaluateTurtleModel(o.rlModel, { ...size, episodes, seed, temperature: t, model });
          const full = { generator: 'turtle', size: o.size, seed, shard: null, temperature: t, ...r, seconds: 0, levelsPerSecond: 0, cpuSeconds: 0, levelsPerCpuSecond: 0, loadAverage1m: 0, cores: 0 };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${t}\n` + formatReport(full) + '\n');
        }
        return;
      }
      if (o.generator === 'sd-pcgrl') {
        const { evaluateSdPcgrl, parseTemperatures } = await import('./sdPcgrl');
        const { formatReport } = await import('./generate');
        const temps = parseTemperatures(o.temperatures);
        const s = await sdSettings(o, temps[0]!, loadModel);
        if ((s.to - s.from) * temps.length > MAX_SD_RUNS) {
          throw new CliError(`--count ${runLength(o)} times ${temps.length} temperatures is ${(s.to - s.from) * temps.length} levels; at most ${MAX_SD_RUNS} per run (split it with --shard)`);
        }
        const reports = await evaluateSdPcgrl(s, temps);
        for (const r of reports) {
          const full = { generator: 'sd-pcgrl', ...(s.rules !== DEFAULT_RULESET_NAME ? { rules: s.rules } : {}), size: o.size, seed: parseSeed(o.seed), shard: o.shard ?? null, ...r };
          process.stdout.write(o.json ? JSON.stringify(full) + '\n' : `temperature ${r.temperature}\n` + formatReport(full) + '\n');
        }
        return;
      }
      const maxStates = o.maxStates !== undefined ? parseCount(o.maxStates, '--max-states', 50_000_000) : DEFAULT_STATE_CAP;
      await checkStateCap(maxStates);
      const s = await settings(o, loadModel);
      if (o.out !== undefined) await checkOut(o.out);
      const { formatReport, runEvaluate } = await import('./generate');
      const r = runEvaluate(s, o.out, maxStates);
      process.stdout.write(o.json ? JSON.stringify(r) + '\n' : formatReport(r));
    });
}
