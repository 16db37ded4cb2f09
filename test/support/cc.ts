/**
 * A C compiler for tests that check generated C (the Arduboy header): builds
 * a few files in a temporary folder and runs the program. Tests skip, with
 * one line, where no `cc` is installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** True when `cc` runs here. */
export const ccMissing = spawnSync('cc', ['--version']).status !== 0;
if (ccMissing) console.warn('skipping the C compiler checks of the Arduboy header: no `cc` on this machine');

/**
 * Compiles `files` (name to text; `main.c` is the program) with
 * `cc -Wall -Werror` and runs it. Returns the compiler's or the program's
 * output; the folder is removed afterwards.
 */
export function compileAndRun(files: Readonly<Record<string, string>>): { built: boolean; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cc-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const build = spawnSync('cc', ['-Wall', '-Werror', '-o', join(dir, 'program'), join(dir, 'main.c')], { encoding: 'utf8' });
    if (build.status !== 0) return { built: false, stdout: build.stdout, stderr: build.stderr };
    const run = spawnSync(join(dir, 'program'), { encoding: 'utf8' });
    return { built: true, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
