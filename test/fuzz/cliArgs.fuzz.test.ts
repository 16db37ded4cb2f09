/**
 * Fuzz: command-line arguments. Each option parser takes random text:
 * whatever it accepts is checked independently (JavaScript's own number
 * reading, digit patterns, the documented ranges), and whatever it refuses
 * is a CliError that echoes exactly what was typed. Then whole random
 * command lines from a vocabulary of commands, flags and odd values run
 * through `main()`: it never throws, exits with a documented code, prints
 * no stack trace, and any file it writes loads again.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, MAX_SHARDS, parseCount, parseNumber, parseSeed, parseShard, parseSize, parseWhole } from '../../src/cli/args';
import { parseTolerance } from '../../src/cli/atDifficulty';
import { MAX_TEMPERATURES, parseTemperatures } from '../../src/cli/sdPcgrl';
import { parseDifficultyModel } from '../../src/core/difficulty/model';
import { importPack } from '../../src/core/pack/pack';
import { runCli, STACK_TRACE } from '../support/cliRun';
import { fuzzRuns } from '../fuzzRuns';

const piece = fc.constantFrom('0', '1', '7', '16', '63', '64', '8', '.', '5', '-', '+', 'e', 'E', '3', 'x', 'X', ':', ',', '/', '%', ' ', '\t', 'Infinity', 'NaN', '0x', '1e400', '00', '99999999999999999999', '\n', 'é');
const typed = fc.oneof(fc.string({ unit: piece, maxLength: 8 }), fc.string({ maxLength: 12 }));

/** Runs a parser; a refusal must be a CliError that echoes the text. */
function attempt<T>(text: string, parse: (t: string) => T): T | undefined {
  try {
    return parse(text);
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    expect((e as Error).message).toContain(`got "${text}"`);
    return undefined;
  }
}

const isDigits = (t: string): boolean => /^[0-9]+$/.test(t.trim());
const plainNumber = (t: string): number => {
  const s = t.trim();
  // JavaScript reads hex, binary, octal, "Infinity" and "" as numbers too: those are not decimals.
  if (s === '' || /^[+-]?0[xob]/i.test(s) || /infinity/i.test(s)) return NaN;
  return Number(s);
};

describe('option parsers', () => {
  it('whole numbers: --count, --seed, --start-cell', () => {
    fc.assert(
      fc.property(typed, (t) => {
        for (const [parse, min, max] of [
          [(x: string) => parseCount(x, '--count', 10_000_000), 1, 10_000_000],
          [parseSeed, 0, 2 ** 32 - 1],
          [(x: string) => parseWhole(x, '--start-cell', 0, 63), 0, 63],
        ] as const) {
          const v = attempt(t, parse);
          if (v === undefined) continue;
          expect(isDigits(t)).toBe(true);
          expect(BigInt(t.trim()) >= BigInt(min) && BigInt(t.trim()) <= BigInt(max)).toBe(true);
          expect(v).toBe(Number(t.trim()));
        }
      }),
      { numRuns: fuzzRuns() },
    );
  });

  it('decimals: --target, --temperature, --minutes', () => {
    fc.assert(
      fc.property(typed, (t) => {
        for (const [min, max] of [[0, 1e6], [0, 1], [0, 1440]] as const) {
          const v = attempt(t, (x) => parseNumber(x, '--x', min, max));
          if (v === undefined) continue;
          expect(v).toBe(plainNumber(t));
          expect(Number.isFinite(v) && v >= min && v <= max).toBe(true);
        }
      }),
      { numRuns: fuzzRuns() },
    );
  });

  it('--size, --shard, --tolerance, --temperatures', () => {
    fc.assert(
      fc.property(typed, (t) => {
        const size = attempt(t, parseSize);
        if (size !== undefined) {
          const m = /^\s*([0-9]+)[xX]([0-9]+)\s*$/.exec(t);
          expect(m).not.toBeNull();
          expect([size.width, size.height]).toEqual([Number(m![1]), Number(m![2])]);
          for (const side of [size.width, size.height]) expect(side >= 3 && side <= 16).toBe(true);
        }
        const shard = attempt(t, parseShard);
        if (shard !== undefined) {
          const m = /^\s*([0-9]+)\/([0-9]+)\s*$/.exec(t)!;
          expect(shard).toEqual({ shard: Number(m[1]) - 1, shards: Number(m[2]) });
          expect(shard.shard >= 0 && shard.shard < shard.shards && shard.shards <= MAX_SHARDS).toBe(true);
        }
        const tol = attempt(t, parseTolerance);
        if (tol !== undefined) {
          const pct = t.trim().endsWith('%');
          const v = plainNumber(pct ? t.trim().slice(0, -1) : t);
          expect(v > 0 && v <= (pct ? 100 : 1000)).toBe(true);
          expect(tol).toEqual(pct ? { relative: v / 100, absolute: 0 } : v < 1 ? { relative: v, absolute: 0 } : { relative: 0, absolute: v });
        }
        const temps = attempt(t, parseTemperatures);
        if (temps !== undefined) {
          expect(temps.length >= 1 && temps.length <= MAX_TEMPERATURES).toBe(true);
          for (const x of temps) expect(x >= 0 && x <= 1).toBe(true);
          if (!t.includes(':')) expect(temps).toEqual(t.split(',').map(plainNumber));
        }
      }),
      { numRuns: fuzzRuns() },
    );
  });
});

describe('whole command lines', () => {
  let tmp = '';
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'longcat-cli-fuzz-'));
    writeFileSync(join(tmp, 'levels.txt'), '; a\nC..\n...\n...\n');
    writeFileSync(join(tmp, 'pack.json'), JSON.stringify({ format: 'longcat-pack', version: 1, name: 'p', levels: [{ id: 'a', name: 'a', rows: ['C..', '...', '...'] }] }));
    writeFileSync(join(tmp, 'bad.json'), '{"format":"longcat-pack"');
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('never throw, exit with a documented code, print no trace, and write only files that load', async () => {
    const F = (name: string) => join(tmp, name);
    const value = fc.oneof(
      fc.constantFrom('1', '2', '0', '-1', '3x3', '4x4', '2x2', 'abc', '', 'Infinity', 'NaN', '1/2', '3/2', '0.5', '1e400', '0:1:0.5', '0:1:1e-9', '40:20', '10%'),
      fc.constantFrom(F('levels.txt'), F('pack.json'), F('bad.json'), F('missing'), tmp, '/dev/zero', '/dev/full', '-x'),
      typed,
    );
    const flag = fc.constantFrom('--count', '--size', '--seed', '--shard', '--generator', '--temperature', '--temperatures', '--start-cell', '--max-states', '--model', '--exclude', '--tolerance', '--open-cells', '--method', '--features', '--generated', '--data', '--name', '--minutes', '--env', '--json', '--quiet', '--frobnicate');
    const generator = fc.constantFrom('rsd', 'rpu', 'sd-pcgrl', 'turtle', 'dqn');
    const command = fc.constantFrom('analyze', 'evaluate', 'generate', 'fit-predictor', 'merge', 'train', 'nope');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(command, generator, fc.array(fc.tuple(flag, value), { maxLength: 6 }), fc.boolean(), async (cmd, gen, pairs, withOut) => {
        const out = F(`out-${++n}.json`);
        const argv: string[] = [cmd];
        if (cmd === 'analyze' || cmd === 'merge') argv.push(F('levels.txt'));
        if (cmd === 'evaluate' || cmd === 'generate') argv.push('--generator', gen, '--count', '2');
        if (cmd === 'train') argv.push('--minutes', 'abc'); // never a real training run
        for (const [f, v] of pairs) {
          // Keep every run short: no target search, no big counts, no real training.
          if (f === '--count' && !/^[0-2]$/.test(v.trim())) continue;
          if (f === '--max-states' && Number(v) > 1000) continue;
          if (f === '--generated') continue;
          argv.push(f, v);
        }
        if (withOut) argv.push('--out', cmd === 'train' ? `${out}.dir` : out);
        const r = await runCli(argv);
        expect([0, 1, 2, 3], `${argv.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 300)}`).toContain(r.status);
        expect(r.stderr, argv.join(' ')).not.toMatch(STACK_TRACE);
        if (r.status !== 0) {
          expect(r.stderr.split('\n').at(-2), argv.join(' ')).toMatch(/^error: /);
          if (cmd !== 'analyze') expect(existsSync(out), `${argv.join(' ')} failed but wrote ${out}`).toBe(false);
        }
        if (existsSync(out)) {
          const text = readFileSync(out, 'utf8');
          const loads = text.includes('"longcat-pack"') ? importPack(text).ok : parseDifficultyModel(text).ok;
          expect(loads, `${argv.join(' ')} wrote a file that does not load`).toBe(true);
        }
      }),
      { numRuns: Math.ceil(fuzzRuns() / 5) },
    );
  });
});
