/**
 * Runs one CLI command line in this process, then prints its peak resident
 * memory (KiB, from the kernel's rusage) to stderr as `PEAK_RSS_KIB n`:
 * `node --import tsx test/support/peakMemory.ts rate PACK --attempts FILE`.
 * The peak counts everything, the TypeScript loader included.
 */
import { main } from '../../src/cli/main';

const status = await main(process.argv.slice(2));
process.stderr.write(`PEAK_RSS_KIB ${process.resourceUsage().maxRSS}\n`);
process.exitCode = status;
