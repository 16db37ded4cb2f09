/** `longcat analyze`: its options; the work is `analyzeRun.ts`, loaded when it runs. */
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import { parseCount, parseRules } from './args';
import { RULES_HELP, type CommandContext } from './commandContext';

export function registerAnalyze({ program, status, loadModel, checkStateCap }: CommandContext): void {
  program
    .command('analyze')
    .description('print one JSON object per level: classes and every graph feature (text format or pack; - for stdin)')
    .argument('<file>', 'level text file, level pack JSON, or - for standard input')
    .option('--max-states <n>', 'state cap per level', String(DEFAULT_STATE_CAP))
    .option('--model <file>', 'difficulty model JSON (default: the ruleset\'s shipped model)')
    .option('--rules <r>', `ruleset of text input: ${RULES_HELP}; a pack carries its own`)
    .action(async (file: string, opts: { maxStates: string; model?: string; rules?: string }) => {
      const maxStates = parseCount(opts.maxStates, '--max-states', 50_000_000);
      const rules = opts.rules !== undefined ? parseRules(opts.rules) : undefined;
      await checkStateCap(maxStates);
      const model = opts.model !== undefined ? await loadModel(opts.model) : undefined;
      const { runAnalyze } = await import('./analyzeRun');
      status.code = await runAnalyze(file, { maxStates, model, rules }, (l) => process.stdout.write(l + '\n'));
    });
}
