/**
 * End-to-end tests of the command line (SPEC §8, §11). They run whole
 * command lines through `main()` in this process (the same argument parsing,
 * dispatch and output as the shipped command, without a process start per
 * test) and check the output against independent ground truth: the naive
 * reference solver in test/naive/naiveSolver.ts, the data files' own text,
 * and arithmetic invariants between commands. A few smoke tests at the end
 * spawn the real processes: the built bin (standard input, exit codes) and
 * the sources through tsx (`npm run cli`).
 */
import type { SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveAnalyze, type NaiveAnalysis } from '../../test/naive/naiveSolver';
import { importPack } from '../core/pack/pack';
import { handDifficulty } from '../../test/support/handDifficulty';
import { SHARED_DATA, sharedDataMissing } from '../../test/support/levels';
import { runCli } from '../../test/support/cliRun';
import { noWallClockLimit, spawnCpuBudget } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BINSWING = resolve(SHARED_DATA, 'longcat-binswing-52.txt');

const FEATURES = [
  'nStates', 'size', 'nBranches', 'nSolutions', 'nFails', 'shortestSolutionLength', 'nSolutionBranches',
  'nNonDead', 'nIndeterminate', 'nIndeterminateBranches', 'solutionPaths', 'expectedDecisions', 'expectedMoves', 'shortestSolutionCount',
] as const;
const EXACT_FEATURES = FEATURES.filter((f) => f !== 'expectedDecisions' && f !== 'expectedMoves');
const ANALYZE_KEYS = ['difficulty', 'name', 'width', 'height', 'classes', ...FEATURES].sort();
const CLASS_NAMES = ['success', 'fail', 'solution', 'dead', 'indeterminate'] as const;

type Json = Record<string, unknown>;

interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one command line through `main()` in this process, capturing what it
 * writes to stdout and stderr (test/support/cliRun.ts). Standard input is
 * not redirected: the tests of `-` spawn the built bin (see the smoke tests).
 */
const cli = (args: readonly string[]): Promise<CliResult> => runCli(args);

/** Runs the CLI and fails the test (with its stderr) unless it exits 0. */
async function cliOk(args: readonly string[]): Promise<CliResult> {
  const r = await cli(args);
  if (r.status !== 0) throw new Error(`longcat ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r;
}

/** Runs node with `command` from the repository root (smoke tests), stopped past `cpuSeconds` of CPU time (never by the wall clock). */
function spawn(command: readonly string[], input = '', cpuSeconds = 60): CliResult {
  const r: SpawnSyncReturns<string> = spawnCpuBudget(process.execPath, command, { cwd: ROOT, input, maxBuffer: 64 * 1024 * 1024, cpuSeconds });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function jsonLines(stdout: string): Json[] {
  const lines = stdout.split('\n');
  expect(lines.at(-1)).toBe(''); // every object ends with a newline
  return lines.slice(0, -1).map((l) => JSON.parse(l) as Json);
}

/** Levels of the text format, split independently of src/core: blocks separated by blank lines. */
function splitLevelText(text: string): Array<{ name: string | undefined; rows: string[] }> {
  const out: Array<{ name: string | undefined; rows: string[] }> = [];
  for (const block of text.split(/\r?\n[ \t]*(?:\r?\n[ \t]*)+/)) {
    const lines = block.split(/\r?\n/).map((l) => l.trimEnd()).filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    let name: string | undefined;
    if (lines[0]!.trimStart().startsWith(';')) name = lines.shift()!.trimStart().slice(1).trim();
    out.push({ name, rows: lines });
  }
  return out;
}

function closeRel(actual: unknown, expected: number, what: string): void {
  if (!Number.isFinite(expected)) {
    expect(actual, what).toBeNull();
    return;
  }
  expect(typeof actual, what).toBe('number');
  const a = actual as number;
  const tol = 1e-9 * Math.max(1, Math.abs(expected));
  expect(Math.abs(a - expected), `${what}: ${a} vs ${expected}`).toBeLessThanOrEqual(tol);
}

/** One analyze object against the naive solver's analysis of `rows`. */
function expectMatchesNaive(obj: Json, rows: string[], naive: NaiveAnalysis = naiveAnalyze(rows)): void {
  const tag = String(obj.name);
  expect(Object.keys(obj).sort(), tag).toEqual(ANALYZE_KEYS);
  expect(obj.width, tag).toBe(rows[0]!.length);
  expect(obj.height, tag).toBe(rows.length);
  const classes = obj.classes as Json;
  expect(Object.keys(classes).sort(), tag).toEqual([...CLASS_NAMES].sort());
  for (const c of CLASS_NAMES) expect(classes[c], `${tag} classes.${c}`).toBe(naive.classes[c]);
  // JSON has no Infinity: an unsolvable level's shortest solution (none) is null.
  for (const f of EXACT_FEATURES) expect(obj[f], `${tag} ${f}`).toBe(Number.isFinite(naive.features[f]) ? naive.features[f] : null);
  // Difficulty: the shipped model's formula by hand on the naive features; none (null) for an unsolvable level.
  if (naive.classes.success === 0) expect(obj.difficulty, `${tag} difficulty`).toBeNull();
  else closeRel(obj.difficulty, handDifficulty(naive.features as unknown as Record<string, number>), `${tag} difficulty`);
  closeRel(obj.expectedDecisions, naive.features.expectedDecisions, `${tag} expectedDecisions`);
  closeRel(obj.expectedMoves, naive.features.expectedMoves, `${tag} expectedMoves`);
}

/** A pack file read with the real importer; throws with every problem when invalid. */
function readPack(file: string): { names: string[]; ids: string[]; rows: string[][]; features: Json[] } {
  const r = importPack(readFileSync(file, 'utf8'));
  if (!r.ok) throw new Error(`${file}: ${r.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return {
    names: r.value.pack.levels.map((l) => l.name),
    ids: r.value.pack.levels.map((l) => l.id),
    rows: r.value.pack.levels.map((l) => [...l.rows]),
    features: r.value.pack.levels.map((l) => ({ ...l.features }) as Json),
  };
}

const rowKey = (rows: readonly string[]): string => rows.join('/');

/** Exactly one non-empty line on stderr, nothing on stdout, a non-zero exit. */
function expectOneLineError(r: CliResult, what: string): void {
  expect(r.status, `${what}: exit code (stderr: ${r.stderr})`).not.toBe(0);
  expect(r.status, what).not.toBeNull();
  expect(r.stdout, `${what}: stdout`).toBe('');
  expect(r.stderr, `${what}: stderr must be one line`).toMatch(/^[^\n]*\S[^\n]*\n$/);
}

/** Three levels in CRLF text: a named unsolvable one, a named solvable one (name padded), an unnamed one. */
function mixedLevelsText(): { text: string; unsolvable: string[]; solvable: string[]; unnamed: string[] } {
  const unsolvable = ['C...', '.#..', '...#', '#...'];
  const solvable = ['C....', '.....', '..#..', '.....', '.....'];
  const unnamed = ['#.C', '...', '..#'];
  const text = ['; stuck', ...unsolvable, '', '  ; open five  ', ...solvable, '', '', ...unnamed, ''].join('\r\n');
  return { text, unsolvable, solvable, unnamed };
}

/** `analyze` output for {@link mixedLevelsText} against the naive solver. */
function expectMixedLevels(out: Json[], { unsolvable, solvable, unnamed }: ReturnType<typeof mixedLevelsText>): void {
  // Precondition on the ground truth itself.
  expect(naiveAnalyze(unsolvable).features.expectedMoves).toBe(Infinity);
  expect(naiveAnalyze(unsolvable).classes.indeterminate).toBeGreaterThan(0);
  expect(out).toHaveLength(3);
  expect(out[0]!.name).toBe('stuck');
  expect(out[1]!.name).toBe('open five');
  expect(typeof out[2]!.name).toBe('string');
  expectMatchesNaive(out[0]!, unsolvable);
  expect(out[0]!.expectedMoves).toBeNull();
  expect(out[0]!.expectedDecisions).toBeNull();
  expect(out[0]!.nSolutions).toBe(0);
  // SPEC §4-5: an unsolvable level has no shortest solution and no difficulty.
  expect(out[0]!.shortestSolutionLength).toBeNull();
  expect(out[0]!.difficulty).toBeNull();
  expect(out[1]!.difficulty).toEqual(expect.any(Number));
  expectMatchesNaive(out[1]!, solvable);
  expectMatchesNaive(out[2]!, unnamed);
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'longcat-cli-test-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('analyze', () => {
  it.skipIf(sharedDataMissing)('prints one object per level of longcat-binswing-52.txt, equal to the naive solver', async () => {
    const text = readFileSync(BINSWING, 'utf8');
    const levels = splitLevelText(text);
    const nameLines = text.split(/\r?\n/).filter((l) => l.trimStart().startsWith(';')).map((l) => l.trimStart().slice(1).trim());
    expect(levels).toHaveLength(52);
    expect(nameLines).toHaveLength(52);

    const r = await cliOk(['analyze', BINSWING]);
    const out = jsonLines(r.stdout);
    expect(out).toHaveLength(52);
    expect(out.map((o) => o.name)).toEqual(nameLines);
    out.forEach((obj, i) => expectMatchesNaive(obj, levels[i]!.rows));
  });

  it('reads CRLF text: names, an unnamed level and an unsolvable one (null infinities)', async () => {
    const text = mixedLevelsText();
    const file = join(tmp, 'mixed.txt');
    writeFileSync(file, text.text);
    const out = jsonLines((await cliOk(['analyze', file])).stdout);
    expectMixedLevels(out, text);
  });
});

describe('errors: one clear line on stderr, nothing on stdout, non-zero exit', () => {
  it('a ragged level (in the second level of a file) names its line and column', async () => {
    const file = join(tmp, 'ragged.txt');
    // line 8 is "..." where 4 cells are expected: the first missing cell is column 4.
    writeFileSync(file, '; a\nC..\n...\n...\n\n; b\nC...\n...\n....\n');
    const r = await cli(['analyze', file]);
    expectOneLineError(r, 'ragged');
    expect(r.stderr).toMatch(/line 8\b/);
    expect(r.stderr).toMatch(/column 4\b/);
  });

  it('an unknown character names its line and column', async () => {
    const file = join(tmp, 'unknown-char.txt');
    writeFileSync(file, '; x\nC..\n.x.\n...\n');
    const r = await cli(['analyze', file]);
    expectOneLineError(r, 'unknown character');
    expect(r.stderr).toMatch(/line 3\b/);
    expect(r.stderr).toMatch(/column 2\b/);
  });

  it('a missing file, an empty input and a broken pack', async () => {
    const missing = join(tmp, 'does-not-exist.txt');
    const r1 = await cli(['analyze', missing]);
    expectOneLineError(r1, 'missing file');
    expect(r1.stderr).toContain(missing);
    const empty = join(tmp, 'empty.txt');
    writeFileSync(empty, '');
    expectOneLineError(await cli(['analyze', empty]), 'empty file');
    const broken = join(tmp, 'broken-pack.json');
    writeFileSync(broken, '{"format":"longcat-pack","version":1,"name":"x","levels":[{"id":"a"}]}');
    expectOneLineError(await cli(['analyze', broken]), 'broken pack');
  });

  const gen = (extra: string[]): string[] => ['--generator', 'rsd', '--count', '10', '--seed', '1', ...extra];
  const cases: Array<[string, string[]]> = [
    ['--size 2x2', ['evaluate', ...gen(['--size', '2x2'])]],
    ['--size 17x3', ['evaluate', ...gen(['--size', '17x3'])]],
    ['--size big', ['generate', ...gen(['--size', 'big', '--out', 'OUT'])]],
    ['--count 0', ['evaluate', '--generator', 'rsd', '--count', '0']],
    ['--count -3', ['generate', '--generator', 'rsd', '--count', '-3', '--out', 'OUT']],
    ['--count 2.5', ['evaluate', '--generator', 'rsd', '--count', '2.5']],
    ['--count lots', ['evaluate', '--generator', 'rsd', '--count', 'lots']],
    ['--shard 0/2', ['evaluate', ...gen(['--shard', '0/2'])]],
    ['--shard 3/2', ['generate', ...gen(['--shard', '3/2', '--out', 'OUT'])]],
    ['--generator dqn', ['evaluate', '--generator', 'dqn', '--count', '10']],
    ['--seed -1', ['evaluate', ...gen(['--seed', '-1'])]],
    ['no --generator', ['evaluate', '--count', '10']],
    ['unknown command', ['frobnicate']],
  ];
  it.each(cases)('%s', async (_label, args) => {
    const out = join(tmp, `bad-${_label.replace(/\W+/g, '_')}.json`);
    const r = await cli(args.map((a) => (a === 'OUT' ? out : a)));
    expectOneLineError(r, _label);
    // A refused generate writes no pack.
    expect(() => readFileSync(out)).toThrow();
  });

  // `--seed "$SEED"` with SEED unset must not silently run with seed 0; nor may hex or exponents slip through.
  it.each([[''], ['0x10'], ['1e1']])("refuses --seed '%s' and --count '%s'", async (text) => {
    expectOneLineError(await cli(['evaluate', '--generator', 'rsd', '--count', '5', '--seed', text, '--json']), `--seed '${text}'`);
    expectOneLineError(await cli(['evaluate', '--generator', 'rsd', '--count', text, '--json']), `--count '${text}'`);
  });
});

describe('generate, merge and sharding', () => {
  let pack5: string;
  let rows5: string[][];

  beforeAll(async () => {
    pack5 = join(tmp, 'rsd-300-s5.json');
    await cliOk(['generate', '--generator', 'rsd', '--iterations', '300', '--size', '8x8', '--seed', '5', '--out', pack5]);
    rows5 = readPack(pack5).rows;
  });

  it('generate rsd writes a valid pack of unique levels, each solvable by the naive solver with the features it computes', async () => {
    const p = readPack(pack5);
    expect(p.rows.length).toBeGreaterThan(250);
    expect(p.rows.length).toBeLessThanOrEqual(300);
    expect(new Set(p.rows.map(rowKey)).size).toBe(p.rows.length);
    expect(new Set(p.ids).size).toBe(p.ids.length);
    p.rows.forEach((rows, i) => {
      expect(rows).toHaveLength(8);
      for (const row of rows) expect(row).toMatch(/^[.#C]{8}$/);
      expect(rows.join('').split('C')).toHaveLength(2);
      const naive = naiveAnalyze(rows);
      expect(naive.features.nSolutions, rowKey(rows)).toBeGreaterThan(0);
      const f = p.features[i]!;
      // A pack holds the model features (what merge and the streams write); analyze also prints shortestSolutionCount.
      expect(Object.keys(f).sort()).toEqual(FEATURES.filter((n) => n !== 'shortestSolutionCount').sort());
      for (const name of EXACT_FEATURES) if (name !== 'shortestSolutionCount') expect(f[name], `${p.ids[i]} ${name}`).toBe(naive.features[name]);
      closeRel(f.expectedMoves, naive.features.expectedMoves, `${p.ids[i]} expectedMoves`);
      closeRel(f.expectedDecisions, naive.features.expectedDecisions, `${p.ids[i]} expectedDecisions`);
    });
  });

  it('is deterministic (byte-identical rerun) and depends on the seed', async () => {
    const again = join(tmp, 'rsd-300-s5-again.json');
    const other = join(tmp, 'rsd-300-s6.json');
    await cliOk(['generate', '--generator', 'rsd', '--iterations', '300', '--seed', '5', '--out', again, '--quiet']);
    await cliOk(['generate', '--generator', 'rsd', '--iterations', '300', '--seed', '6', '--out', other, '--quiet']);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(pack5, 'utf8'));
    const a = new Set(rows5.map(rowKey));
    const b = readPack(other).rows.map(rowKey);
    const shared = b.filter((k) => a.has(k)).length;
    expect(shared).toBeLessThan(b.length / 10);
  });

  it('analyze accepts a pack made by generate (one object per pack level, equal to the naive solver)', async () => {
    const p = readPack(pack5);
    const out = jsonLines((await cliOk(['analyze', pack5])).stdout);
    expect(out).toHaveLength(p.rows.length);
    expect(out.map((o) => o.name)).toEqual(p.names);
    out.forEach((obj, i) => expectMatchesNaive(obj, p.rows[i]!));
  });

  it('--shard 1/3, 2/3, 3/3 merged give the same levels as the unsharded run', async () => {
    const shards = [1, 2, 3].map((i) => join(tmp, `rsd-300-s5-shard${i}.json`));
    for (const [i, file] of shards.entries()) {
      await cliOk(['generate', '--generator', 'rsd', '--iterations', '300', '--seed', '5', '--shard', `${i + 1}/3`, '--out', file, '--quiet']);
    }
    const shardRows = shards.map((f) => readPack(f).rows);
    for (const rows of shardRows) {
      expect(rows.length).toBeGreaterThan(50);
      expect(rows.length).toBeLessThan(150);
    }
    const merged = join(tmp, 'rsd-300-s5-merged.json');
    const m = await cliOk(['merge', ...shards, '--out', merged]);
    expect(m.stdout).toBe('');
    const mergedRows = readPack(merged).rows.map(rowKey);
    expect(new Set(mergedRows).size).toBe(mergedRows.length);
    expect(new Set(mergedRows)).toEqual(new Set(rows5.map(rowKey)));
    expect(mergedRows).toHaveLength(rows5.length);
    // What merge dropped is exactly the cross-shard repeats.
    const dropped = shardRows.flat().length - mergedRows.length;
    expect(m.stderr).toMatch(new RegExp(`\\b${dropped} duplicate`));
  });

  it('merge recomputes stored features and difficulty from the rows: a forged 999 is replaced and reported', async () => {
    const rows = ['C..', '.#.', '...'];
    const forged = join(tmp, 'forged.json');
    writeFileSync(forged, JSON.stringify({ format: 'longcat-pack', version: 1, name: 'forged', levels: [{ id: 'a', name: 'a', rows, difficulty: 999, features: { nStates: 1 } }] }));
    const merged = join(tmp, 'forged-merged.json');
    const m = await cliOk(['merge', forged, '--out', merged]);
    expect(m.stderr).toMatch(/did not match the rows/);
    expect(m.stderr).toContain('999');
    const level = (JSON.parse(readFileSync(merged, 'utf8')) as { levels: { difficulty: number; features: Record<string, number> }[] }).levels[0]!;
    const naive = naiveAnalyze(rows);
    expect(level.features.nStates).toBe(naive.features.nStates);
    expect(level.difficulty).toBeCloseTo(handDifficulty(naive.features as unknown as Record<string, number>), 2);
  });

  it('merge drops duplicate levels (a pack merged with itself and an overlapping pack)', async () => {
    const other = join(tmp, 'rsd-100-s5.json');
    await cliOk(['generate', '--generator', 'rsd', '--iterations', '100', '--seed', '5', '--out', other, '--quiet']);
    const merged = join(tmp, 'self-merged.json');
    await cliOk(['merge', pack5, other, pack5, '--out', merged]);
    const p = readPack(merged);
    expect(new Set(p.ids).size).toBe(p.ids.length);
    expect(p.rows.map(rowKey).sort()).toEqual(rows5.map(rowKey).sort());
  });
});

describe('evaluate', () => {
  const REQUIRED = ['generated', 'solvable', 'duplicates', 'unique', 'nonTrivial', 'spans', 'maxDifficulty', 'levelsPerSecond', 'cpuSeconds', 'levelsPerCpuSecond', 'loadAverage1m', 'cores'];

  /** Invariants of any report, and the report against the pack `generate` makes for the same run. */
  async function checkReport(generator: string, count: number, seed: number): Promise<Json> {
    const r = await cliOk(['evaluate', '--generator', generator, '--count', String(count), '--size', '8x8', '--seed', String(seed), '--json', '--quiet']);
    expect(r.stderr).toBe('');
    const out = jsonLines(r.stdout);
    expect(out).toHaveLength(1);
    const rep = out[0]!;
    for (const k of REQUIRED) expect(rep, k).toHaveProperty(k);
    const num = (k: string): number => {
      expect(typeof rep[k], k).toBe('number');
      return rep[k] as number;
    };
    const spans = rep.spans as Array<{ from: number; to: number | null; count: number }>;
    expect(spans.map((s) => [s.from, s.to])).toEqual([[0, 20], [20, 40], [40, 60], [60, 80], [80, 200], [200, null]]);
    expect(num('generated')).toBe(count);
    expect(num('solvable')).toBeLessThanOrEqual(count);
    expect(num('unique')).toBe(num('solvable') - num('duplicates'));
    expect(rep.stateCapped ?? 0).toBe(0);
    expect(spans.reduce((s, x) => s + x.count, 0)).toBe(num('unique'));
    expect(num('levelsPerSecond')).toBeGreaterThan(0);
    // The CPU-time rate is the count over the CPU time reported beside it; the load is the machine's, cores at least 1.
    expect(num('cpuSeconds')).toBeGreaterThan(0);
    expect(num('levelsPerCpuSecond')).toBeCloseTo(count / num('cpuSeconds'), 6);
    expect(num('loadAverage1m')).toBeGreaterThanOrEqual(0);
    expect(num('cores')).toBeGreaterThanOrEqual(1);

    // The same run through `generate`: its pack holds exactly the unique solvable levels.
    const file = join(tmp, `eval-${generator}-${count}-s${seed}.json`);
    await cliOk(['generate', '--generator', generator, '--iterations', String(count), '--seed', String(seed), '--out', file, '--quiet']);
    const p = readPack(file);
    expect(p.rows).toHaveLength(num('unique'));
    expect(new Set(p.rows.map(rowKey)).size).toBe(p.rows.length);

    // Difficulty recomputed from the naive solver's features with the shipped model's formula, by hand.
    const d = p.rows.map((rows) => {
      const a = naiveAnalyze(rows);
      expect(a.features.nSolutions).toBeGreaterThan(0);
      return handDifficulty(a.features);
    });
    const inSpan = (x: number, i: number): boolean =>
      x >= spans[i]!.from && (spans[i]!.to === null || x < spans[i]!.to!);
    expect(spans.map((_, i) => d.filter((x) => inSpan(x, i)).length)).toEqual(spans.map((s) => s.count));
    expect(num('nonTrivial')).toBe(d.filter((x) => x >= 20).length);
    closeRel(num('maxDifficulty'), Math.max(0, ...d), 'maxDifficulty');
    return rep;
  }

  it('rsd --count 2000 --json: invariants, every level solvable, unique = pack size, spans from the naive solver', async () => {
    const rep = await checkReport('rsd', 2000, 5);
    expect(rep.solvable).toBe(2000);
    expect(rep.duplicates).toBeGreaterThan(0); // RSD repeats small levels (thesis: several %)
    expect(rep.duplicates as number).toBeLessThan(2000 * 0.2);
  });

  it('rpu --count 300 --json: invariants, unique = pack size, spans from the naive solver', async () => {
    const rep = await checkReport('rpu', 300, 5);
    expect(rep.solvable as number).toBeGreaterThan(0);
    expect(rep.solvable as number).toBeLessThan(300);
  });

  it('text mode prints a human table with the same numbers', async () => {
    const json = jsonLines((await cliOk(['evaluate', '--generator', 'rsd', '--count', '2000', '--seed', '5', '--json', '--quiet'])).stdout)[0]!;
    const r = await cliOk(['evaluate', '--generator', 'rsd', '--count', '2000', '--seed', '5', '--quiet']);
    expect(r.stdout).toContain('solvable');
    expect(r.stdout).toContain('duplicates');
    expect(() => JSON.parse(r.stdout)).toThrow();
    expect(r.stdout).toMatch(new RegExp(`^solvable\\s+${json.solvableIterations as number} iterations .* gave ${json.solvable as number} solvable levels`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^duplicates\\s+${json.duplicates as number}\\b`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^unique solvable\\s+${json.unique as number}\\b`, 'm'));
  });
});

describe('progress', () => {
  it('evaluate rsd --count 30000 reports progress on stderr and only the report on stdout; --quiet is silent', async () => {
    const loud = await cliOk(['evaluate', '--generator', 'rsd', '--count', '30000', '--seed', '3', '--json']);
    const lines = loud.stderr.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const l of lines) expect(l).toMatch(/evaluate rsd: \d+\/30000/);
    expect(lines.at(-1)).toMatch(/evaluate rsd: 30000\/30000/);
    const out = jsonLines(loud.stdout);
    expect(out).toHaveLength(1);
    expect(out[0]!.generated).toBe(30000);

    const quiet = await cliOk(['evaluate', '--generator', 'rsd', '--count', '30000', '--seed', '3', '--json', '--quiet']);
    expect(quiet.stderr).toBe('');
    const q = jsonLines(quiet.stdout)[0]!;
    for (const k of ['generated', 'solvable', 'duplicates', 'unique', 'nonTrivial', 'maxDifficulty']) expect(q[k], k).toEqual(out[0]![k]);
    expect(q.spans).toEqual(out[0]!.spans);
  });
});

describe('pack size limits (SPEC §10: import enforces a level-count limit)', () => {
  // A run with more unique levels than a pack may hold (10,000) must fail
  // with one line and write nothing, never an unreadable pack with exit 0.
  it('generate refuses to write a pack over the level limit and says how to shard', async () => {
    const big = join(tmp, 'rsd-12000.json');
    const r = await cli(['generate', '--generator', 'rsd', '--count', '12000', '--seed', '5', '--out', big, '--quiet']);
    expectOneLineError(r, 'generate over the pack limit');
    expect(r.stderr).toMatch(/--shard/);
    expect(r.stderr).toMatch(/\.ndjson/);
    expect(() => readFileSync(big)).toThrow();
  });

  it('merge refuses to write a pack over the level limit', async () => {
    const halves = [1, 2].map((i) => join(tmp, `rsd-12000-half${i}.json`));
    for (const [i, file] of halves.entries()) {
      await cliOk(['generate', '--generator', 'rsd', '--iterations', '12000', '--seed', '5', '--shard', `${i + 1}/2`, '--out', file, '--quiet']);
    }
    const sizes = halves.map((f) => readPack(f).rows.length);
    expect(sizes.every((n) => n < 10_000)).toBe(true);
    const merged = join(tmp, 'rsd-12000-merged.json');
    expectOneLineError(await cli(['merge', ...halves, '--out', merged]), 'merge over the pack limit');
    expect(() => readFileSync(merged)).toThrow();
  });
});


describe('train budgets', () => {
  it('--env-steps is the budget: training stops at the first whole lock-step at or past it, and meta says so', async () => {
    const out = join(tmp, 'budget');
    const r = await cli(['train', '--env-steps', '600', '--recipe', 'fast', '--backend', 'wasm', '--seed', '3', '--out', out, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as { envSteps: number; updates: number };
    // The fast recipe steps 64 environments at a time, and waits for 5,000 replay steps before an update.
    expect(meta.envSteps).toBe(Math.ceil(600 / 64) * 64);
    expect(meta.updates).toBe(0);
  });

  it('--learning-starts sets the replay warm-up: two lock-steps with 64 make updates (under the default none), and the command records it; bad values are refused', async () => {
    const out = join(tmp, 'warm-up');
    // Two lock-steps of 64 environments: the first fills the 64-step warm-up (and the batch of 64).
    const r = await cli(['train', '--env-steps', '128', '--learning-starts', '64', '--recipe', 'fast', '--backend', 'wasm', '--seed', '3', '--out', out, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as { updates: number; command: string };
    expect(meta.updates).toBeGreaterThan(0);
    expect(meta.command).toContain('--learning-starts 64');
    for (const bad of ['0', '-5', '1.5', 'many']) {
      const b = await cli(['train', '--env-steps', '100', '--learning-starts', bad, '--out', join(tmp, 'never-warm')]);
      expect(b.status).toBe(2);
      expect(b.stderr).toContain(`--learning-starts must be a whole number from 1 to 10000000, got "${bad}"`);
    }
    expect(existsSync(join(tmp, 'never-warm'))).toBe(false);
  });

  it('exactly one budget: neither or both of --minutes and --env-steps is an error', async () => {
    const neither = await cli(['train', '--out', join(tmp, 'none')]);
    const both = await cli(['train', '--minutes', '1', '--env-steps', '100', '--out', join(tmp, 'both')]);
    const bad = await cli(['train', '--env-steps', '1.5', '--out', join(tmp, 'bad')]);
    for (const r of [neither, both, bad]) expect(r.status).toBe(2);
    expect(neither.stderr).toContain('exactly one budget');
    expect(bad.stderr).toContain('got "1.5"');
  });
});

describe('smoke tests: the real processes', () => {
  const BUNDLE = join(ROOT, 'build/cli');

  beforeAll(() => {
    // The bin runs the bundle: build it from the sources under test (a few
    // CPU-seconds of esbuild; minutes of wall time on a loaded machine). Not
    // the player: other files, running beside this one, read build/player.
    const r = spawn(['scripts/build-cli.mjs', '--cli-only'], '', 120);
    if (r.status !== 0) throw new Error(`build-cli exited ${r.status}: ${r.stderr}`);
  });

  it('the built bin reads standard input (-): CRLF, names, an unnamed level and an unsolvable one', () => {
    const text = mixedLevelsText();
    const r = spawn(['bin/longcat.mjs', 'analyze', '-'], text.text);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expectMixedLevels(jsonLines(r.stdout), text);
  });

  it('analyze\'s own bundle (build/cli/analyze.mjs, what the bin starts for analyze) prints what the whole program\'s prints, help included', () => {
    const text = mixedLevelsText().text;
    for (const args of [['analyze', '-'], ['analyze', '--help'], ['analyze', '-', '--max-states', '3']]) {
      const own = spawn(['build/cli/analyze.mjs', ...args], text);
      const whole = spawn(['build/cli/longcat.mjs', ...args], text);
      expect(own.stdout.length, args.join(' ')).toBeGreaterThan(50);
      expect({ status: own.status, stdout: own.stdout, stderr: own.stderr }, args.join(' ')).toEqual({ status: whole.status, stdout: whole.stdout, stderr: whole.stderr });
    }
  });

  it('the built bin: bad input ends the process with one line on stderr and exit code 2', () => {
    const r = spawn(['bin/longcat.mjs', 'analyze', '-'], '; x\nC..\n.x.\n...\n');
    expectOneLineError(r, 'unknown character on stdin');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/line 3\b.*column 2\b/);
    const empty = spawn(['bin/longcat.mjs', 'analyze', '-'], '');
    expectOneLineError(empty, 'empty stdin');
    expect(spawn(['bin/longcat.mjs', 'frobnicate']).status).toBe(2);
  });

  it('the built bin: --help lists every command and exits 0', () => {
    const r = spawn(['bin/longcat.mjs', '--help']);
    expect(r.status, r.stderr).toBe(0);
    for (const command of ['analyze', 'generate', 'evaluate', 'fit-predictor', 'train', 'merge']) {
      expect(r.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  /** Bare package names a bundle file imports statically, following its relative imports. */
  function staticPackages(file: string, seen = new Set<string>()): Set<string> {
    const packages = new Set<string>();
    if (seen.has(file)) return packages;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s*(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']/gm)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) for (const p of staticPackages(resolve(dirname(file), spec), seen)) packages.add(p);
      else packages.add(spec);
    }
    return packages;
  }
  /** The chunk a command's `await import('./x')` loads, found in the entry file or the chunk that imports it (the whole program's bundle, or analyze's own: `analyze`). */
  const chunk = (name: string, entry = 'longcat', folder = 'chunks'): string => {
    const files = [join(BUNDLE, `${entry}.mjs`), ...readdirSync(join(BUNDLE, folder)).map((f) => join(BUNDLE, folder, f))];
    for (const file of files) {
      const m = new RegExp(`import\\(\\s*["']\\./(?:${folder}/)?(${name}-[A-Z0-9]+\\.mjs)["']\\s*\\)`).exec(readFileSync(file, 'utf8'));
      if (m) return join(BUNDLE, folder, m[1]!);
    }
    throw new Error(`no lazy import of ${name} in build/cli`);
  };

  it('lazy commands: --help and analyze load no tfjs (and no ml-matrix), analyze of level text no zod; train does load tfjs', () => {
    const start = staticPackages(join(BUNDLE, 'longcat.mjs'));
    // The entry holds commander itself (bundled): it imports no package at all.
    expect([...start].filter((p) => !p.startsWith('node:'))).toEqual([]);
    const text = new Set([...start, ...staticPackages(chunk('analyzeCommand')), ...staticPackages(chunk('analyzeRun'))]);
    expect([...text].filter((p) => !p.startsWith('node:'))).toEqual([]);
    const analyze = new Set([...text, ...staticPackages(chunk('analyze')), ...staticPackages(chunk('modelFile'))]);
    // The control for the zod check above: a pack's reader does load it.
    expect(analyze).toContain('zod');
    for (const p of analyze) {
      expect(p.startsWith('@tensorflow/'), `analyze imports ${p}`).toBe(false);
      expect(p, 'analyze imports ml-matrix').not.toBe('ml-matrix');
    }
    // analyze's own bundle: the same, and it holds no other command.
    const own = new Set([...staticPackages(join(BUNDLE, 'analyze.mjs')), ...staticPackages(chunk('analyzeCommand', 'analyze', 'analyze')), ...staticPackages(chunk('analyzeRun', 'analyze', 'analyze'))]);
    expect([...own].filter((p) => !p.startsWith('node:'))).toEqual([]);
    expect(staticPackages(chunk('analyze', 'analyze', 'analyze'))).toContain('zod');
    expect(readdirSync(join(BUNDLE, 'analyze')).filter((f) => /^(train|generate|merge|export)/.test(f))).toEqual([]);
    // The walk itself finds tfjs where it is (a control for the check above).
    expect([...staticPackages(chunk('train'))].some((p) => p.startsWith('@tensorflow/'))).toBe(true);
    expect(staticPackages(chunk('fitPredictor'))).toContain('ml-matrix');
  });

  it.skipIf(!existsSync(join(ROOT, 'node_modules/tsx')))('`npm run cli` (the sources through tsx) prints what main() prints', async () => {
    const file = join(tmp, 'mixed-tsx.txt');
    writeFileSync(file, mixedLevelsText().text);
    const r = spawn(['--import', 'tsx', 'src/cli/longcat.ts', 'analyze', file]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe((await cliOk(['analyze', file])).stdout);
  });
});
