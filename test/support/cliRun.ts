/**
 * Running whole command lines through the CLI's `main()` in this process
 * (the same parsing, dispatch and output as the shipped command, without a
 * process start), capturing stdout and stderr, with the wall and CPU time.
 */
import { main } from '../../src/cli/main';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Wall time of the command, in seconds. */
  seconds: number;
  /** CPU time (user + system) of this process while the command ran, in seconds: its cost, whatever the machine's load. */
  cpuSeconds: number;
}
export type CliRun = CliResult;

type Write = typeof process.stdout.write;

/** Runs one command line (no `node`, no script name) and returns its exit code and output. */
export async function runCli(args: readonly string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const capture = (append: (s: string) => void): Write =>
    ((chunk: string | Uint8Array) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as Write;
  const { write: outWrite } = process.stdout;
  const { write: errWrite } = process.stderr;
  process.stdout.write = capture((s) => (stdout += s));
  process.stderr.write = capture((s) => (stderr += s));
  const started = performance.now();
  const cpu = process.cpuUsage();
  let status: number;
  try {
    status = await main(args);
  } finally {
    process.stdout.write = outWrite;
    process.stderr.write = errWrite;
  }
  const used = process.cpuUsage(cpu);
  return { status, stdout, stderr, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** Lines of a Node or V8 stack trace, or of a dumped source file. */
export const STACK_TRACE = /^\s+at\s.+(\(|:\d+:\d+)|node_modules\/|^\s*\^\s*$|Node\.js v\d/m;
