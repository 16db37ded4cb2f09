/**
 * `--max-states` against the machine's memory. The solver (`core/graph/
 * solver.ts`) keeps per state the filled-cell bits (4 bytes a 32-cell word:
 * 8 words on 16x16), head, filled count and depth (2 bytes each), four
 * children (16), the out-degree (1) and two hash slots (16): 39 + 4 x words
 * bytes, in arrays whose capacity doubles from 256, so a cap of N states
 * may hold the next power of two. A graph that completes adds the features'
 * arrays (`core/graph/features.ts`): a class byte, an order index and four
 * float64 values, 37 bytes a state. The issue that asked for this measured
 * a 12x12 level at a cap of 50,000,000: 4.1 GB, which the same sum (5 words:
 * 59 bytes x 2^26 = 3.96 GB, plus Node's own ~0.1 GB) matches.
 *
 * Above what the machine has (the smaller of its memory and a container's
 * limit, at {@link MEMORY_SHARE} of it), `analyze` and `export` ask for
 * `--force` and say how much the cap may take.
 */
import { freemem, totalmem } from 'node:os';
import { MAX_SIDE } from '../core/level/level';
import { CliError } from './args';

/** Share of the machine's memory a cap may plan to use before it needs `--force`. */
export const MEMORY_SHARE = 0.8;

/** Bytes a state costs at most: the search on the largest level (16x16) plus the features of a completed graph. */
export function bytesPerState(cells: number = MAX_SIDE * MAX_SIDE): { search: number; features: number } {
  const words = Math.ceil(cells / 32);
  return { search: 39 + 4 * words, features: 37 };
}

/** The most memory, in bytes, a level analysed under `maxStates` may take (the largest level size; see the module comment). */
export function stateCapBytes(maxStates: number, cells?: number): number {
  const { search, features } = bytesPerState(cells);
  let capacity = 256;
  while (capacity < maxStates) capacity *= 2;
  return capacity * search + maxStates * features;
}

/** The machine's memory as this process may use it; tests replace `bytes`. */
export const machineMemory = {
  bytes(): number {
    const limit = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
    const total = totalmem();
    // No container limit reads as 0 or as a huge number (2^64): then the machine's own memory counts.
    return limit !== undefined && limit > 0 && limit < total ? limit : total;
  },
  free(): number {
    return freemem();
  },
};

const GB = (bytes: number): string => `${(bytes / 1e9).toFixed(1)} GB`;

/**
 * Refuses (a CliError, exit 2) a `--max-states` whose analysis may need more
 * than {@link MEMORY_SHARE} of the machine's memory, unless `force`; the
 * message says how much it may use and how much there is.
 */
export function checkStateCapMemory(maxStates: number, force: boolean, flag = '--max-states'): void {
  const need = stateCapBytes(maxStates);
  const have = machineMemory.bytes();
  if (force || need <= MEMORY_SHARE * have) return;
  throw new CliError(
    `${flag} ${maxStates} may use up to ${GB(need)} of memory on a 16x16 level (${bytesPerState().search + bytesPerState().features} bytes a state), ` +
      `more than ${Math.round(MEMORY_SHARE * 100)}% of this machine's ${GB(have)} (${GB(machineMemory.free())} free now); ` +
      `lower ${flag}, or add --force to run it anyway`,
  );
}
