/** `longcat fit-predictor`: fit a difficulty model; the fitting (and ml-matrix) is loaded when it runs. */
import { DEFAULT_RULESET_NAME } from '../core/rules/ruleset';
import { CliError, parseCount, parseRules, parseSeed } from './args';
import { RULES_HELP, type CommandContext } from './commandContext';

/**
 * The options of a fit that make the model (what `provenance.command`
 * records): the command line without where it was written (`--out FILE`)
 * and without `--quiet`, `--force` and `--debug`, so the same recipe written
 * to another file gives the same bytes.
 */
export function recipeArgs(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--out') i++;
    else if (a.startsWith('--out=') || a === '--quiet' || a === '--force' || a === '--debug') continue;
    else kept.push(a);
  }
  return kept;
}

export function registerFitPredictor({ program, checkOut }: CommandContext): void {
  program
    .command('fit-predictor')
    .description('fit a difficulty model (standardised linear) on player data or on generated levels')
    .option('--data <file.csv>', 'CSV of level,avgCompletionSeconds (level rows joined by /)')
    .option('--generated <n>', 'fit to the player model over n RSD and n RPU 8x8 iterations (paint: RSD only; plus n/4 RSD 6x6 and 10x10), calibrated to the thesis')
    .option('--rules <r>', `ruleset of the generated levels or the CSV's levels: ${RULES_HELP}`, DEFAULT_RULESET_NAME)
    .option('--method <m>', 'ols, ridge or lasso (alpha by 5-fold CV)', 'ridge')
    .option('--features <list>', 'comma-separated feature names, each optionally as log1p:NAME (default: thesis iteration 7)')
    .option('--label <t>', 'label transform before fitting: identity or log1p', 'identity')
    .option('--calibration <c>', 'with --generated: affine (scale * time + offset) or power (scale * (1 + time)^power, needs --label log1p)', 'affine')
    .option('--seed <s>', 'random seed (corpus, CV folds)', '1')
    .option('--name <name>', 'model name', 'custom')
    .requiredOption('--out <file>', 'model JSON to write')
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o: { rules: string; data?: string; generated?: string; method: string; features?: string; label: string; calibration: string; seed: string; name: string; out: string; quiet: boolean }) => {
      const rules = parseRules(o.rules);
      const { parseCalibration, parseFeatureSpec, parseLabelTransform, parseMethod, runFitPredictor } = await import('./fitPredictor');
      const labelTransform = parseLabelTransform(o.label);
      const calibration = parseCalibration(o.calibration, labelTransform);
      const method = parseMethod(o.method), featureSpec = parseFeatureSpec(o.features), seed = parseSeed(o.seed);
      if (o.name.trim() === '' || o.name.length > 200) throw new CliError(`--name must be 1 to 200 characters, got "${o.name}"`);
      await checkOut(o.out);
      const model = runFitPredictor({
        rules,
        ...(o.data !== undefined ? { data: o.data } : {}),
        ...(o.generated !== undefined ? { generated: parseCount(o.generated, '--generated', 1_000_000) } : {}),
        method,
        ...featureSpec,
        ...(labelTransform !== 'identity' ? { labelTransform } : {}),
        ...(calibration !== 'affine' ? { calibration } : {}),
        seed,
        name: o.name,
        out: o.out,
        command: ['npm run cli -- fit-predictor', ...recipeArgs(process.argv.slice(3))].join(' '),
        quiet: o.quiet,
      });
      const m = model.metrics;
      if (!o.quiet) process.stderr.write(
        `wrote ${o.out}: ${model.method} alpha ${model.alpha.toPrecision(3)}, r2 ${m.r2?.toFixed(3)}` +
          (m.calibrationBelow20 !== undefined ? `, RSD 8x8 below 20: ${(100 * m.calibrationBelow20).toFixed(1)}%, above 30: ${(100 * m.calibrationAbove30!).toFixed(1)}%, max ${m.calibrationMax!.toFixed(1)}` : '') +
          '\n',
      );
    });
}
