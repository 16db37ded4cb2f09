/** Running whole command lines through the CLI's `main()` in this process, capturing stdout and stderr. */
import { main } from '../../src/cli/main';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

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
  let status: number;
  try {
    status = await main(args);
  } finally {
    process.stdout.write = outWrite;
    process.stderr.write = errWrite;
  }
  return { status, stdout, stderr };
}
