/**
 * The start path of the command line (docs/BENCHMARKS.md, "Start"): a
 * command line registers only its own command, `analyze` of level text
 * takes the shipped model as the build holds it (no schema), and neither
 * changes what the commands do.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noWallClockLimit } from '../../test/support/cpuBudget';
import { runCli } from '../../test/support/cliRun';
import { defaultModelFor } from '../core/difficulty/defaultModel';
import { RULESET_NAMES } from '../core/rules/ruleset';
import { builtInModel } from './analyzeRun';
import { commandNames, commandsFor } from './main';

noWallClockLimit();

describe('the start path', () => {
  it('the built-in model of every ruleset is exactly the model the schema reads', () => {
    for (const rules of RULESET_NAMES) expect(builtInModel(rules), rules).toEqual(defaultModelFor(rules));
  });

  it('the command table names every command help lists, in its order', async () => {
    const help = await runCli(['--help']);
    expect(help.status).toBe(0);
    const listed = help.stdout.split('Commands:')[1]!.split('\n').map((l) => /^ {2}(\S+)/.exec(l)?.[1]).filter((n): n is string => n !== undefined && n !== 'help');
    expect(listed).toEqual(commandNames());
  });

  it('registers one command for its own line, every command for help, no command or another name', () => {
    expect(commandsFor(['analyze', 'x.txt']).flatMap((c) => c.names)).toEqual(['analyze']);
    expect(commandsFor(['--debug', '--force', 'lint', 'p.json']).flatMap((c) => c.names)).toEqual(['diff', 'merge-driver', 'lint', 'format']);
    for (const argv of [[], ['--help'], ['help', 'analyze'], ['analyse', 'x'], ['--help', 'analyze'], ['-h']]) {
      expect(commandsFor(argv).flatMap((c) => c.names), argv.join(' ')).toEqual(commandNames());
    }
  });

  it('help for one command is the same whether it alone or every command is registered', async () => {
    for (const name of commandNames()) {
      const alone = await runCli([name, '--help']);
      const all = await runCli(['help', name]);
      expect(alone.status, name).toBe(0);
      expect(alone.stdout, name).toBe(all.stdout);
    }
  });

  it('analyze of level text and of the same level in a pack print the same line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'longcat-start-'));
    try {
      writeFileSync(join(dir, 'one.txt'), '; one\nC..#\n.#..\n....\n');
      writeFileSync(join(dir, 'one.json'), JSON.stringify({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'p', levels: [{ id: 'one', name: 'one', rows: ['C..#', '.#..', '....'] }] }));
      const text = await runCli(['analyze', join(dir, 'one.txt')]);
      const pack = await runCli(['analyze', join(dir, 'one.json')]);
      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toBe(pack.stdout);
      expect(JSON.parse(text.stdout)).toMatchObject({ name: 'one', nSolutions: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
