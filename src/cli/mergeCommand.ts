/** `longcat merge`: packs and level streams into one, refusing an incomplete or repeated shard set. */
import { CliError } from './args';
import { isStreamOut, type CommandContext } from './commandContext';

export function registerMerge({ program, checkOut }: CommandContext): void {
  program
    .command('merge')
    .description('merge level packs (e.g. from --shard runs), dropping duplicate levels')
    .argument('<packs...>', 'pack files')
    .requiredOption('--out <file>', 'pack file to write, or a level stream (.ndjson, .jsonl, - for standard output): no level limit, repeats dropped with bounded memory')
    .option('--name <name>', 'name of the merged pack (default: the run\'s name for one run\'s whole set of shard packs, else the first input\'s name and "(merged)")')
    .option('--allow-partial', 'merge shards (streams or packs from --shard runs) even when a shard is missing or given twice (said on stderr); without it such a set is refused', false)
    .action(async (files: string[], o: { out: string; name?: string; allowPartial: boolean }) => {
      if (files.length > 10_000) throw new CliError(`merge takes at most 10000 packs, got ${files.length}`);
      if (o.out !== '-') await checkOut(o.out);
      const { runMerge, runMergeStreams } = await import('./merge');
      const { isStreamFile } = await import('./stream');
      if (isStreamOut(o.out)) {
        if (o.name !== undefined) throw new CliError('--name names a pack; a level stream has no name');
        const r = runMergeStreams(files, o.out, o.allowPartial);
        process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates dropped${r.partial.length > 0 ? '; PARTIAL: shards missing or repeated, see above' : ''})\n`);
        return;
      }
      const streamIn = files.find((f) => isStreamFile(f));
      if (streamIn !== undefined) throw new CliError(`${streamIn} is a level stream: merge into a stream (--out merged.ndjson), which has no level limit`);
      const r = runMerge(files, o.out, o.name, o.allowPartial);
      process.stderr.write(`wrote ${r.written} levels to ${o.out} (${r.duplicates} duplicates dropped${r.partial.length > 0 ? '; PARTIAL: shards missing or repeated, see above' : ''})\n`);
    });
}
