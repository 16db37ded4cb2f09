/**
 * Running whole command lines through the CLI's `main()` in this process
 * (the same parsing, dispatch and output as the shipped command, without a
 * process start), capturing stdout and stderr, with the wall and CPU time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
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

/** Asserts a refusal as every CLI test means it: exit 2, one line on stderr matching `pattern`, no stack trace, nothing on stdout. */
export function expectRefused(r: CliResult, pattern: RegExp): void {
  expect(r.status).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(STACK_TRACE);
  expect(r.stdout).toBe('');
}

/**
 * A temporary folder for the calling test file, made before its tests and
 * removed after them: `file(name)` is a path in it, `file(name, text)` also
 * writes the text there.
 */
export function tempFiles(prefix: string): (name: string, content?: string) => string {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (name, content) => {
    const p = join(dir, name);
    if (content !== undefined) writeFileSync(p, content);
    return p;
  };
}
