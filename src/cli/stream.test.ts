/**
 * Level streams and scale-out (SPEC §11): a Kubernetes Indexed Job run as
 * Kubernetes runs it (one process per index, the index in the environment,
 * no --shard), merged; the repeat filter against a naive one; the level
 * count of `generate --count`; and bad streams changing nothing.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/support/cliRun';
import { LONGCAT_BIN, longcatProcess } from '../../test/support/cliProcess';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { shardFromEnv } from './args';
import { SHARD_VARIABLES } from './shardEnv';
import { LineWriter, RepeatFilter } from './stream';
import { noWallClockLimit, spawnCpuBudget } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const tmp = mkdtempSync(join(tmpdir(), 'longcat-stream-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** This process's environment without an Indexed Job's variables (a test may itself run in one). */
function withoutJobEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const v of SHARD_VARIABLES) {
    delete env[v.index];
    delete env[v.count];
  }
  return env;
}

/** The CLI as its own process (the bundle of this run's sources, test/support/cliProcess.ts), with extra environment. */
function longcat(args: readonly string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const r = longcatProcess(args, { cpuSeconds: 120, env: { ...withoutJobEnv(), ...env } });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
const lines = (file: string): string[] => readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');

describe('an Indexed Job (JOB_COMPLETION_INDEX, LONGCAT_SHARDS)', () => {
  // docs/cluster.md's block runs the same job (seed 1) and compares with cmp (test/docs.test.ts); this one also counts the levels.
  it('4 shards of 8,000 RSD iterations, one process per index with no --shard, merge to the unsharded stream byte for byte', () => {
    const all = join(tmp, 'all.ndjson');
    const run = ['generate', '--generator', 'rsd', '--iterations', '8000', '--size', '8x8', '--seed', '11', '--quiet'];
    const whole = longcat([...run, '--out', all]);
    expect(whole.status, whole.stderr).toBe(0);
    const shards = [0, 1, 2, 3].map((i) => {
      const file = join(tmp, `shard-${i}.ndjson`);
      // What Kubernetes sets in pod i of an Indexed Job with completions 4 (LONGCAT_SHARDS comes from the manifest).
      const r = longcat([...run, '--out', file], { JOB_COMPLETION_INDEX: String(i), LONGCAT_SHARDS: '4' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe(''); // --quiet
      // The stream says which shard it is (its header line), and merge checks the set.
      expect(JSON.parse(lines(file)[0]!)).toMatchObject({ shard: { index: i + 1, count: 4 }, run: { iterations: 8000, seed: 11 } });
      return file;
    });
    const merged = join(tmp, 'merged.ndjson');
    const m = longcat(['merge', ...shards, '--out', merged]);
    expect(m.status, m.stderr).toBe(0);
    // Byte for byte (compared as digests: a deep equality over megabytes of bytes would take the test's memory).
    expect(sha256(merged)).toBe(sha256(all));

    // Independently: the stream holds each level once, and as many as the SPEC §8 evaluation counts unique.
    const keys = lines(all).map((l) => (JSON.parse(l) as { rows: string[] }).rows.join('/'));
    expect(new Set(keys).size).toBe(keys.length);
    const shardLines = shards.reduce((n, f) => n + lines(f).length, 0);
    expect(shardLines).toBeGreaterThan(keys.length); // repeats across shards were dropped by the merge
    const evaluation = longcat(['evaluate', '--generator', 'rsd', '--count', '8000', '--size', '8x8', '--seed', '11', '--json', '--quiet']);
    expect((JSON.parse(evaluation.stdout) as { unique: number }).unique).toBe(keys.length);
  });

  it('reads the shard from the environment when both variables are set, and refuses a half-set pair or bad values with the variable named', () => {
    expect(shardFromEnv({})).toBeUndefined();
    // Half-set or empty is refused (shards.test.ts has every platform's cases).
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '2' })).toThrow(/LONGCAT_SHARDS is not/);
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '2', LONGCAT_SHARDS: '' })).toThrow(/LONGCAT_SHARDS is set but empty/);
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '2', LONGCAT_SHARDS: '8' })).toMatchObject({ shard: 2, shards: 8 });
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '8', LONGCAT_SHARDS: '8' })).toThrow(/JOB_COMPLETION_INDEX must be a whole number from 0 to 7/);
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '0', LONGCAT_SHARDS: '0' })).toThrow(/LONGCAT_SHARDS/);
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '-1', LONGCAT_SHARDS: '4' })).toThrow(/JOB_COMPLETION_INDEX/);
  });

  it('--shard wins over the environment; --count (levels) inside an Indexed Job is refused', () => {
    const a = join(tmp, 'flag.ndjson'), b = join(tmp, 'env.ndjson');
    const run = ['generate', '--generator', 'rsd', '--iterations', '400', '--seed', '3', '--quiet'];
    expect(longcat([...run, '--shard', '2/4', '--out', a], { JOB_COMPLETION_INDEX: '0', LONGCAT_SHARDS: '4' }).status).toBe(0);
    expect(longcat([...run, '--out', b], { JOB_COMPLETION_INDEX: '1', LONGCAT_SHARDS: '4' }).status).toBe(0);
    expect(sha256(a)).toBe(sha256(b));
    const r = longcat(['generate', '--generator', 'rsd', '--count', '10', '--out', join(tmp, 'no.ndjson')], { JOB_COMPLETION_INDEX: '0', LONGCAT_SHARDS: '4' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: .*--iterations/);
  });
});

describe('generate --count counts levels, as the studio does', () => {
  it('writes exactly N unique solvable levels: the first N of the --iterations run', async () => {
    const byCount = join(tmp, 'count.json'), byIterations = join(tmp, 'iterations.json');
    expect((await runCli(['generate', '--generator', 'rpu', '--count', '25', '--seed', '4', '--out', byCount, '--quiet'])).status).toBe(0);
    expect((await runCli(['generate', '--generator', 'rpu', '--iterations', '2000', '--seed', '4', '--out', byIterations, '--quiet'])).status).toBe(0);
    type P = { levels: { id: string; rows: string[] }[] };
    const counted = (JSON.parse(readFileSync(byCount, 'utf8')) as P).levels;
    const ranged = (JSON.parse(readFileSync(byIterations, 'utf8')) as P).levels;
    expect(counted).toHaveLength(25);
    expect(counted).toEqual(ranged.slice(0, 25));
    for (const l of counted) expect(naiveAnalyze(l.rows).features.nSolutions).toBeGreaterThan(0);
  });

  it('--count and --iterations together, or --count with --shard, are refused with one line', async () => {
    for (const extra of [['--count', '5', '--iterations', '5'], ['--count', '5', '--shard', '1/2']]) {
      const r = await runCli(['generate', '--generator', 'rsd', ...extra, '--out', join(tmp, 'x.json')]);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('the repeat filter', () => {
  it('keeps the first occurrence of each key in order, like a naive set, through several levels of splits', () => {
    let x = 12345;
    const rand = (n: number): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x % n);
    const input = Array.from({ length: 6_000 }, (_, i) => ({ key: `k${rand(2000)}`, line: `line ${i}` }));
    const seen = new Set<string>();
    const expected = input.filter((e) => (seen.has(e.key) ? false : (seen.add(e.key), true))).map((e) => e.line);
    const out = join(tmp, 'filtered.txt');
    // At most 100 keys per set and 4 files per split: 2,000 keys need three levels (4, 16, 64 partitions).
    const filter = new RepeatFilter(100, 4);
    const writer = new LineWriter(out);
    try {
      for (const e of input) filter.add(e.key, e.line);
      expect(filter.finish(writer)).toEqual({ kept: expected.length, repeats: input.length - expected.length });
      writer.commit();
    } finally {
      filter.dispose();
    }
    expect(lines(out)).toEqual(expected);
  });
});

describe('bad streams change nothing', () => {
  it('merge stops at a bad line, names the file and line, and leaves --out as it was', async () => {
    const good = join(tmp, 'good.ndjson');
    expect((await runCli(['generate', '--generator', 'rsd', '--iterations', '50', '--seed', '2', '--out', good, '--quiet'])).status).toBe(0);
    const bad = join(tmp, 'bad.ndjson');
    const l = lines(good);
    const broken = { ...(JSON.parse(l[1]!) as object), rows: ['C#', '#'] };
    writeFileSync(bad, [l[0], JSON.stringify(broken), l[2]].join('\n') + '\n');
    const out = join(tmp, 'kept.ndjson');
    writeFileSync(out, 'the designer\'s file\n');
    const r = await runCli(['merge', good, bad, '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.ndjson is not a valid level stream: line 2/);
    expect(readFileSync(out, 'utf8')).toBe('the designer\'s file\n');
    const other = join(tmp, 'other-rules.ndjson');
    writeFileSync(other, JSON.stringify({ ...(JSON.parse(l[0]!) as object), rules: 'sokoban' }) + '\n');
    expect((await runCli(['merge', other, '--out', join(tmp, 'o.ndjson')])).stderr).toMatch(/line 1\.rules: expected one of "longcat", "paint"/);
    // A paint line after Longcat lines: one ruleset per merge.
    writeFileSync(other, l[0]! + '\n' + JSON.stringify({ ...(JSON.parse(l[1]!) as object), rules: 'paint' }) + '\n');
    expect((await runCli(['merge', other, '--out', join(tmp, 'o.ndjson')])).stderr).toMatch(/line 2 is paint but the inputs before it are longcat/);
    expect(existsSync(join(tmp, 'o.ndjson'))).toBe(false);
  });

  it('a stream cannot be merged into a pack (which holds 10,000 levels at most); the message says what to do', async () => {
    const r = await runCli(['merge', join(tmp, 'good.ndjson'), '--out', join(tmp, 'p.json')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--out merged\.ndjson/);
  });

  it('merge recomputes claims in a stream from the rows and says so', async () => {
    const good = join(tmp, 'good.ndjson');
    const l = lines(good);
    const forged = join(tmp, 'forged.ndjson');
    const first = JSON.parse(l[0]!) as { difficulty: number };
    writeFileSync(forged, JSON.stringify({ ...first, difficulty: 999 }) + '\n');
    const out = join(tmp, 'fixed.ndjson');
    const r = await runCli(['merge', forged, '--out', out]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/line 1: the file says 999/);
    expect(lines(out)).toEqual([l[0]]);
  });
});

describe('the shipped Kubernetes manifests (deploy/), run here as Kubernetes would run them', () => {
  it('each index of the Indexed Job writes its shard, and the merge Job joins them into the unsharded stream', () => {
    const jobText = readFileSync('deploy/longcat-indexed-job.yaml', 'utf8');
    const mergeText = readFileSync('deploy/longcat-merge-job.yaml', 'utf8');
    const completions = Number(/completions: (\d+)/.exec(jobText)![1]);
    const shards = /name: LONGCAT_SHARDS\s+value: "(\d+)"/.exec(jobText)![1]!;
    expect(Number(shards)).toBe(completions);
    // The container's shell command, with the CLI from the sources, a small run and a local folder for the volume.
    const data = mkdtempSync(join(tmp, 'data-'));
    const local = (script: string): string =>
      script
        .replace(/\s+/g, ' ')
        .replace('exec longcat', `exec "${process.execPath}" "${LONGCAT_BIN}"`)
        .replace(/--iterations \d+/, '--iterations 2000')
        .replaceAll('/data/', `${data}/`);
    const generate = local(/- >-\n([\s\S]*?)\n\s+env:/.exec(jobText)![1]!);
    for (let i = 0; i < completions; i++) {
      const r = spawnCpuBudget('sh', ['-c', generate], { cpuSeconds: 60, env: { ...withoutJobEnv(), JOB_COMPLETION_INDEX: String(i), LONGCAT_SHARDS: shards } });
      expect(r.status, r.stderr).toBe(0);
    }
    const merge = local(/args:\n\s+- (exec longcat merge .*)\n/.exec(mergeText)![1]!);
    const m = spawnCpuBudget('sh', ['-c', merge], { cpuSeconds: 120, env: withoutJobEnv() });
    expect(m.status, m.stderr).toBe(0);
    const whole = join(tmp, 'whole.ndjson');
    expect(longcat(['generate', '--generator', 'rsd', '--size', '8x8', '--seed', '1', '--iterations', '2000', '--quiet', '--out', whole]).status).toBe(0);
    expect(sha256(join(data, 'rsd-8x8-s1.ndjson'))).toBe(sha256(whole));
  });
});

describe('evaluate writes a level stream too', () => {
  it('evaluate --out gives the bytes generate --iterations gives for the same run, and its report counts them', async () => {
    const byEvaluate = join(tmp, 'evaluated.ndjson'), byGenerate = join(tmp, 'generated.ndjson');
    const run = ['--generator', 'rpu', '--iterations', '3000', '--size', '7x7', '--seed', '8', '--quiet'];
    const r = await runCli(['evaluate', ...run, '--json', '--out', byEvaluate]);
    expect(r.status, r.stderr).toBe(0);
    expect((await runCli(['generate', ...run, '--out', byGenerate])).status).toBe(0);
    expect(sha256(byEvaluate)).toBe(sha256(byGenerate));
    expect(lines(byEvaluate)).toHaveLength((JSON.parse(r.stdout) as { unique: number }).unique);
  });

  it('inside an Indexed Job, evaluate runs its shard and says which', () => {
    const r = longcat(['evaluate', '--generator', 'rsd', '--count', '400', '--seed', '3', '--json', '--quiet'], { JOB_COMPLETION_INDEX: '1', LONGCAT_SHARDS: '4' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ shard: '2/4', generated: 100 });
  });
});
