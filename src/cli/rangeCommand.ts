/**
 * Registers `longcat range` on the program. Only commander and argument
 * checks here: the engine loads with the command, as main.ts asks of every
 * command (measure names come from the small measures module).
 */
import type { Command } from 'commander';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { isMeasureName, MEASURE_NAMES, type MeasureName } from '../core/range/measures';
import { CliError, parseCount, parseRules, parseWhole } from './args';
import type { DifficultyModel } from '../core/difficulty/model';
import { DEFAULT_RULESET_NAME, RULESET_NAMES, type RulesetName } from '../core/rules/ruleset';

/** Most bins per axis (`core/range/histogram.ts`'s MAX_BINS; kept here so `--help` loads no engine). */
const MAX_BINS = 200;

function parseMeasure(text: string, flag: string): MeasureName {
  if (!isMeasureName(text)) throw new CliError(`${flag} must be one of ${MEASURE_NAMES.join(', ')}, got "${text}"`);
  return text;
}

export function registerRange(program: Command, loadModel: (file: string | undefined, rules?: RulesetName) => Promise<DifficultyModel>): void {
  program
    .command('range')
    .description(`the expressive-range map of a pack, level text or level stream: a 2-D histogram of two measures (${MEASURE_NAMES.join(', ')}) with its bin edges, counts, occupied bins and holes`)
    .argument('<input>', 'level pack JSON, level text, or a level stream (.ndjson, .jsonl; - for standard input)')
    .requiredOption('--x <measure>', 'measure along x')
    .requiredOption('--y <measure>', 'measure along y')
    .option('--bins <n>', `bins per axis (1 to ${MAX_BINS})`, '20')
    .option('--json', 'one JSON object: axes, counts per x bin, totals', false)
    .option('--csv', 'one CSV row per bin', false)
    .option('--model <file>', 'difficulty model JSON (default: the ruleset\'s shipped model)')
    .option('--rules <r>', `ruleset of level text: ${RULESET_NAMES.join(', ')} (default ${DEFAULT_RULESET_NAME}); packs and streams carry their own`)
    .option('--max-states <n>', 'state cap per level', String(DEFAULT_STATE_CAP))
    .action(async (input: string, o: { x: string; y: string; bins: string; json: boolean; csv: boolean; model?: string; rules?: string; maxStates: string }) => {
      const x = parseMeasure(o.x, '--x'), y = parseMeasure(o.y, '--y');
      const bins = parseWhole(o.bins, '--bins', 1, MAX_BINS);
      if (o.json && o.csv) throw new CliError('give --json or --csv, not both');
      const maxStates = parseCount(o.maxStates, '--max-states', DEFAULT_STATE_CAP);
      const rules = o.rules !== undefined ? parseRules(o.rules) : undefined;
      const model = o.model !== undefined ? await loadModel(o.model, rules) : undefined;
      const { runRange } = await import('./range');
      const r = runRange(input, { x, y, bins, format: o.json ? 'json' : o.csv ? 'csv' : 'text', model, rules, maxStates });
      process.stdout.write(r.text);
    });
}
