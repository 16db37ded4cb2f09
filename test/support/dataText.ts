/** Raw text of the shared level sets, for tests that check the parser against the file itself. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SHARED_DATA } from './levels';

/** The whole text of one data file in ../shared/data. */
export function readDataText(file: string): string {
  return readFileSync(resolve(SHARED_DATA, file), 'utf8');
}

/**
 * The levels of a data file split by hand, without the parser under test:
 * blocks of non-blank lines, each an optional `; name` line then rows.
 */
export function splitDataBlocks(text: string): Array<{ name: string | undefined; rows: string[] }> {
  const blocks: Array<{ name: string | undefined; rows: string[] }> = [];
  let current: { name: string | undefined; rows: string[] } | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line === '') {
      current = null;
      continue;
    }
    if (current === null) {
      current = { name: undefined, rows: [] };
      blocks.push(current);
    }
    if (line.startsWith(';')) current.name = line.slice(1).trim();
    else current.rows.push(line);
  }
  return blocks;
}
