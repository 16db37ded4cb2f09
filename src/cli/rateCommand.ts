/**
 * Registers `longcat rate` on the program. Only commander here: the work
 * (and the engine) loads with the command, as main.ts asks of every command.
 */
import type { Command } from 'commander';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';

export function registerRate(program: Command, status: { code: number }, loadModel: (file: string | undefined) => Promise<unknown>): void {
  program
    .command('rate')
    .description('rate each level of a pack from players\' attempts: one line per level (id, attempts, players, solves, gaveUps, medianSeconds, rating, ratingLow, ratingHigh, predicted, status)')
    .argument('<pack>', 'level pack JSON')
    .requiredOption('--attempts <file...>', 'attempts files: attempts CSV, Longcat results files, GameAnalytics, Unity Analytics or PlayFab event exports or their tables (detected per file; read a piece at a time; - is standard input)')
    .option('--format <f>', 'read every attempts file as this format: csv, results, gameanalytics, unity or playfab')
    .option('--map <file>', 'CSV key,level: the attempts\' level keys to pack level ids, names or positions')
    .option('--json', 'one JSON object per level instead of comma-separated lines', false)
    .option('--model <file>', 'difficulty model JSON for the predictions (default: the shipped model of the pack\'s ruleset)')
    .option('--max-states <n>', 'state cap per level for the predictions', String(DEFAULT_STATE_CAP))
    .action(async (pack: string, o: { attempts: string[]; format?: string; map?: string; json: boolean; model?: string; maxStates: string }) => {
      const { runRate } = await import('./rate');
      // Without --model the pack's ruleset's shipped model is used (runRate reads the pack).
      status.code = await runRate(pack, { ...o, ...(o.model !== undefined ? { model: await loadModel(o.model) } : {}) }, (l) => process.stdout.write(l + '\n'), (l) => process.stderr.write(l + '\n'));
    });
}
