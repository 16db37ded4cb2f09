/**
 * `export` end to end through `main()`: every format's file read back by an
 * independent reader (JSON.parse, the CSV and header readers in
 * test/support/exportReaders.ts, the data files split by hand) and checked
 * against the naive solver and the shipped model applied by hand. Errors are
 * one line, and then nothing is written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { runCli, type CliResult } from '../../test/support/cliRun';
import { readDataText, splitDataBlocks } from '../../test/support/dataText';
import { parseCsv, parseHeader } from '../../test/support/exportReaders';
import { handDifficultyOfRows } from '../../test/support/handDifficulty';
import { SHARED_DATA, sharedDataMissing } from '../../test/support/levels';
import { importPack } from '../core/pack/pack';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

/** Three levels: a solvable 5x5, an unsolvable 4x4, an unnamed 3x3 (CRLF, as Windows writes). */
const MIXED = {
  solvable: ['C....', '.....', '..#..', '.....', '.....'],
  unsolvable: ['C...', '.#..', '...#', '#...'],
  unnamed: ['#.C', '...', '..#'],
};
const mixedText = ['; open five', ...MIXED.solvable, '', '; stuck', ...MIXED.unsolvable, '', ...MIXED.unnamed, ''].join('\r\n');
const EIGHT = ['########', '#......#', '#.####.#', '#....#.#', '#.##.#.#', '#.C..#.#', '#......#', '########'];

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'longcat-export-test-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const file = (name: string, text?: string): string => {
  const path = join(tmp, name);
  if (text !== undefined) writeFileSync(path, text);
  return path;
};

async function exportOk(args: string[]): Promise<string> {
  const r = await runCli(['export', ...args]);
  if (r.status !== 0) throw new Error(`export ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const out = args[args.indexOf('--out') + 1]!;
  return out === '-' ? r.stdout : readFileSync(out, 'utf8');
}

function expectOneLineError(r: CliResult, pattern: RegExp): void {
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(r.stderr).toMatch(pattern);
}

/** Six significant digits: what the pack shows and stores (docs/difficulty.md "One scale"). */
const round2 = (v: number): number => Number(v.toPrecision(6));
const startOf = (rows: string[]) => {
  const y = rows.findIndex((r) => r.includes('C'));
  return { x: rows[y]!.indexOf('C'), y };
};

describe('export --format json', () => {
  it('one object per level: size, rows, start and the difficulty of the shipped model applied by hand', async () => {
    const input = file('mixed.txt', mixedText);
    const out = JSON.parse(await exportOk([input, '--format', 'json', '--out', file('mixed.levels.json')])) as { name: string; levels: Record<string, unknown>[] };
    expect(out.name).toBe('mixed');
    // The naive solver says which levels have a solution; those get the model applied by hand.
    const expectedDifficulty = (rows: string[]): number | null => (naiveAnalyze(rows).features.nSolutions > 0 ? round2(handDifficultyOfRows(rows)) : null);
    const expected = [
      { name: 'open five', rows: MIXED.solvable, difficulty: expectedDifficulty(MIXED.solvable) },
      { name: 'stuck', rows: MIXED.unsolvable, difficulty: expectedDifficulty(MIXED.unsolvable) },
      { name: '', rows: MIXED.unnamed, difficulty: expectedDifficulty(MIXED.unnamed) },
    ];
    expect(expected.map((e) => e.difficulty === null)).toEqual([false, true, true]);
    expect(out.levels).toHaveLength(3);
    out.levels.forEach((l, i) => {
      const e = expected[i]!;
      expect(l).toMatchObject({ index: i + 1, width: e.rows[0]!.length, height: e.rows.length, rows: e.rows, start: startOf(e.rows) });
      if (i < 2) expect(l.name).toBe(e.name);
      if (e.difficulty === null) expect(l.difficulty).toBeNull();
      else expect(l.difficulty as number).toBeCloseTo(e.difficulty, 2);
    });
  });
});

describe('export --format csv', () => {
  it('a header row and one record per level with the naive solver’s features; empty fields where none', async () => {
    const input = file('mixed-csv.txt', mixedText);
    const [head, ...records] = parseCsv(await exportOk([input, '--format', 'csv', '--out', file('mixed.csv')]));
    expect(records).toHaveLength(3);
    const col = (name: string): number => head!.indexOf(name);
    const all = [MIXED.solvable, MIXED.unsolvable, MIXED.unnamed];
    records.forEach((record, i) => {
      const naive = naiveAnalyze(all[i]!).features as unknown as Record<string, number>;
      for (const f of ['nStates', 'size', 'nBranches', 'nSolutions', 'nFails', 'nSolutionBranches', 'nNonDead', 'nIndeterminate', 'nIndeterminateBranches', 'solutionPaths']) {
        expect(Number(record[col(f)]), f).toBe(naive[f]);
      }
      if (Number.isFinite(naive.expectedMoves)) expect(Number(record[col('expectedMoves')])).toBeCloseTo(naive.expectedMoves!, 9);
      else expect(record[col('expectedMoves')]).toBe('');
      expect(record[col('level')]).toBe(all[i]!.join('/'));
    });
    expect(records[1]![col('difficulty')]).toBe('');
    expect(Number(records[0]![col('difficulty')])).toBeCloseTo(handDifficultyOfRows(MIXED.solvable), 2);
  });
});

describe('export --format text and pack', () => {
  it('text: the same levels, split by hand', async () => {
    const input = file('mixed-text.txt', mixedText);
    const text = await exportOk([input, '--format', 'text', '--out', '-']);
    expect(splitDataBlocks(text).map((b) => b.rows)).toEqual([MIXED.solvable, MIXED.unsolvable, MIXED.unnamed]);
    expect(splitDataBlocks(text).slice(0, 2).map((b) => b.name)).toEqual(['open five', 'stuck']);
  });

  it('pack: a valid pack of the same rows, priced', async () => {
    const input = file('mixed-pack.txt', mixedText);
    const r = importPack(await exportOk([input, '--format', 'pack', '--out', file('mixed.longcat-pack.json')]));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.pack.levels.map((l) => l.rows)).toEqual([MIXED.solvable, MIXED.unsolvable, MIXED.unnamed]);
    expect(r.value.pack.levels[1]!.features.nSolutions).toBe(0);
    expect(r.value.pack.levels[0]!.difficulty).toBeCloseTo(handDifficultyOfRows(MIXED.solvable), 2);
  });
});

describe('export --format arduboy', () => {
  it('an 8x8 pack: the header read back gives the levels', async () => {
    const input = file('eight.txt', `; four\n${EIGHT.join('\n')}\n`);
    const parsed = parseHeader(await exportOk([input, '--format', 'arduboy', '--out', file('eight.h')]));
    expect(parsed.count).toBe(1);
    expect(parsed.levels[0]!.rows).toEqual(EIGHT);
  });

  it.skipIf(sharedDataMissing)('the Arduboy set (../shared/data) round-trips through a header written by the CLI', async () => {
    const out = file('arduboy.h');
    const parsed = parseHeader(await exportOk([resolve(SHARED_DATA, 'longcat-arduboy.txt'), '--format', 'arduboy', '--out', out]));
    const blocks = splitDataBlocks(readDataText('longcat-arduboy.txt'));
    expect(parsed.levels.map((l) => l.rows)).toEqual(blocks.map((b) => b.rows));
    expect(parsed.levels.map((l) => l.comment)).toEqual(blocks.map((b, i) => `${i + 1}: ${b.name}`));
  });

  it('levels that are not 8x8: one line naming them, and no file', async () => {
    const input = file('mixed-arduboy.txt', mixedText);
    const out = file('mixed.h');
    expectOneLineError(await runCli(['export', input, '--format', 'arduboy', '--out', out]), /8x8 levels only; 3 of 3 levels are another size: 1 “open five” \(5x5\)/);
    expect(existsSync(out)).toBe(false);
  });

  it('--only-fitting: the 8x8 levels only, and a line saying how many were left out and why', async () => {
    const input = file('mixed-eight.txt', `${mixedText}\r\n; eight\r\n${EIGHT.join('\r\n')}\r\n`);
    const out = file('mixed-eight.h');
    const r = await runCli(['export', input, '--format', 'arduboy', '--only-fitting', '--out', out]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('3 levels left out (3 not 8x8)');
    const parsed = parseHeader(readFileSync(out, 'utf8'));
    expect(parsed.count).toBe(1);
    expect(parsed.levels[0]!.rows).toEqual(EIGHT);
  });
});

describe('export --format json --hints', () => {
  it('a shortest solution per level that wins by the naive solver; refused with another format', async () => {
    const input = file('mixed-hints.txt', mixedText);
    const game = JSON.parse(await exportOk([input, '--format', 'json', '--hints', '--out', file('mixed.hints.json')])) as { levels: { rows: string[]; hints: { solution: string | null } }[] };
    expect(game.levels.map((l) => l.hints.solution === null)).toEqual([false, true, naiveAnalyze(MIXED.unnamed).features.nSolutions === 0]);
    expect(game.levels[0]!.hints.solution!.length).toBe(naiveAnalyze(MIXED.solvable).features.shortestSolutionLength);
    expectOneLineError(await runCli(['export', input, '--format', 'csv', '--hints', '--out', file('x.csv')]), /--hints goes with --format json/);
  });
});

describe('export errors: one line, exit 2, nothing written or changed', () => {
  it('--help lists the command and every format', async () => {
    const r = await runCli(['export', '--help']);
    expect(r.status).toBe(0);
    for (const f of ['json', 'text', 'arduboy', 'csv', 'pack', 'html']) expect(r.stdout).toContain(f);
  });

  it('an unknown format, a missing input, a broken pack, an unwritable --out', async () => {
    const input = file('ok.txt', mixedText);
    const out = file('never.json');
    expectOneLineError(await runCli(['export', input, '--format', 'xml', '--out', out]), /--format must be one of pack, json, text, arduboy, csv, html, got "xml"/);
    expectOneLineError(await runCli(['export', file('absent.json'), '--format', 'json', '--out', out]), /cannot read .*absent\.json/);
    expectOneLineError(await runCli(['export', file('broken.json', '{"format":"longcat-pack","version":1,"name":"x","levels":[{"id":"a","name":"a","rows":["C.."]}]}'), '--format', 'json', '--out', out]), /broken\.json is not a valid level pack: levels\[0\]\.rows/);
    expectOneLineError(await runCli(['export', input, '--format', 'json', '--out', join(tmp, 'no-such-dir', 'x.json')]), /cannot write .*no-such-dir/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to write over its input', async () => {
    const input = file('self.json', (await exportOk([file('self-src.txt', mixedText), '--format', 'pack', '--out', '-'])));
    const before = readFileSync(input, 'utf8');
    expectOneLineError(await runCli(['export', input, '--format', 'csv', '--out', input]), /is the input file/);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('a failed export keeps the file that was at --out', async () => {
    const out = file('keep.h', 'a header the designer wrote\n');
    expectOneLineError(await runCli(['export', file('mixed-keep.txt', mixedText), '--format', 'arduboy', '--out', out]), /8x8/);
    expect(readFileSync(out, 'utf8')).toBe('a header the designer wrote\n');
  });
});
