/** `longcat export`: a pack or level text for game code, or the standalone player. */
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { CliError, parseCount, parseRules } from './args';
import { RULES_HELP, type CommandContext } from './commandContext';

export function registerExport({ program, loadModel, checkStateCap }: CommandContext): void {
  program
    .command('export')
    .description('write a pack (or level text) for game code: levels JSON, text, an Arduboy C header (Longcat 8x8 only), a CSV of features, the pack JSON, or the standalone HTML player')
    .argument('<pack>', 'level pack JSON or level text file, or - for standard input')
    .requiredOption('--format <f>', 'json (levels for game code), text, arduboy (C header, Longcat 8x8 levels only), csv (features and difficulty), pack, or html (the standalone player)')
    .requiredOption('--out <file>', 'file to write, or - for standard output')
    .option('--model <file>', 'difficulty model JSON for json, csv and pack (default: the ruleset\'s shipped model)')
    .option('--max-states <n>', 'state cap per level for json, csv and pack', String(DEFAULT_STATE_CAP))
    .option('--hints', 'json only: add per level a shortest solution and the next move from every winnable state')
    .option('--only-fitting', 'write only the levels the format can hold (arduboy: 8x8, at most 255) and say how many were left out')
    .option('--rules <r>', `ruleset of level text: ${RULES_HELP}; a pack carries its own`)
    .action(async (file: string, o: { format: string; out: string; model?: string; maxStates: string; hints?: boolean; onlyFitting?: boolean; rules?: string }) => {
      const { parseExportFormat, runExport } = await import('./export');
      const format = parseExportFormat(o.format);
      if (o.hints === true && format !== 'json') throw new CliError('--hints goes with --format json (the levels JSON for game code)');
      const rules = o.rules !== undefined ? parseRules(o.rules) : undefined;
      const maxStates = parseCount(o.maxStates, '--max-states', 50_000_000);
      await checkStateCap(maxStates);
      const model = o.model !== undefined ? await loadModel(o.model) : undefined;
      const r = await runExport(file, { format, out: o.out, model, maxStates, rules, hints: o.hints === true, onlyFitting: o.onlyFitting === true }, (l) => process.stderr.write(l + '\n'));
      if (o.out !== '-') process.stderr.write(`wrote ${r.levels} level${r.levels === 1 ? '' : 's'} to ${o.out} (${format})\n`);
    });
}
