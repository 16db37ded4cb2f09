/**
 * The entry of `build/cli/analyze.mjs`, which `bin/longcat.mjs` starts for
 * a command line that begins with `analyze`: the same program as
 * `longcat.ts` (`program.ts`) with analyze's command module alone, bundled
 * on its own so that its start loads a few files rather than the chunks
 * the whole command line is split into (a start's cost grows with the
 * files it loads; docs/BENCHMARKS.md). Its table entry is main.ts's.
 */
import { runProgram } from './program';
import { startProcess } from './startProcess';

await startProcess((argv) => runProgram(argv, [{ names: ['analyze'], load: async () => (await import('./analyzeCommand')).registerAnalyze }]));
