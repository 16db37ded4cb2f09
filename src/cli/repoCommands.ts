/**
 * Registers the commands for packs in a game's repository (`diff`,
 * `merge-driver`, `lint`, `format`; docs/repository.md). Only commander
 * here: the work (and the engine) loads with the command, as main.ts asks
 * of every command.
 */
import type { Command } from 'commander';
import { DEFAULT_STATE_CAP } from '../core/graph/solver';
import type { DifficultyModel } from '../core/difficulty/model';
import { parseCount } from './args';

export function registerRepo(program: Command, status: { code: number }, loadModel: (file: string | undefined) => Promise<DifficultyModel>): void {
  const settings = async (o: { model?: string; maxStates: string }) => ({
    model: o.model !== undefined ? await loadModel(o.model) : null,
    maxStates: parseCount(o.maxStates, '--max-states', 50_000_000),
  });
  const common = (c: Command): Command =>
    c
      .option('--model <file>', 'difficulty model JSON (default: the pack\'s ruleset\'s shipped model)')
      .option('--max-states <n>', 'state cap per level', String(DEFAULT_STATE_CAP));

  common(program.command('diff'))
    .description('what changed from one pack to another, and what it did to the game; exit 1 when a level that was solvable no longer is')
    .argument('<old>', 'the pack before')
    .argument('<new>', 'the pack after')
    .option('--json', 'one JSON object instead of lines', false)
    .action(async (oldFile: string, newFile: string, o: { json: boolean; model?: string; maxStates: string }) => {
      const { runDiff } = await import('./repo');
      status.code = runDiff(oldFile, newFile, { ...(await settings(o)), json: o.json }, (l) => process.stdout.write(l + '\n'));
    });

  common(program.command('merge-driver'))
    .description('git merge driver for packs (%O %A %B %P): merges by level and by cell, re-solves what it merged, writes to OURS; exit 0 clean, 1 conflict')
    .argument('<base>', 'the common ancestor (%O)')
    .argument('<ours>', 'our version, where the result is written (%A)')
    .argument('<theirs>', 'their version (%B)')
    .argument('[path]', 'the pack\'s path in the repository (%P), for messages')
    .action(async (base: string, ours: string, theirs: string, path: string | undefined, o: { model?: string; maxStates: string }) => {
      const { runMergeDriver } = await import('./repo');
      status.code = runMergeDriver(base, ours, theirs, path, await settings(o), (l) => process.stderr.write(l + '\n'));
    });

  common(program.command('lint'))
    .description('check a pack against a designer\'s rules: one line per violation, exit 1 when there is one')
    .argument('<pack>', 'level pack JSON')
    .option('--rules <file>', 'rules JSON (default: every level solvable, no two levels equal up to rotation or mirroring)')
    .action(async (pack: string, o: { rules?: string; model?: string; maxStates: string }) => {
      const { runLint } = await import('./repo');
      status.code = runLint(pack, o.rules, await settings(o), (l) => process.stdout.write(l + '\n'));
    });

  program
    .command('format')
    .description('rewrite packs in the canonical layout the studio writes (--check: write nothing, exit 1 when one is not)')
    .argument('<packs...>', 'level pack files')
    .option('--check', 'only check', false)
    .action(async (packs: string[], o: { check: boolean }) => {
      const { runFormat } = await import('./repo');
      status.code = runFormat(packs, o.check, (l) => process.stdout.write(l + '\n'));
    });
}
