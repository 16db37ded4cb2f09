/**
 * Complete or fail (docs/cluster.md): every shard's stream names its index,
 * count and run; `merge` refuses a set with a shard missing or given twice,
 * naming it, unless --allow-partial (which says so); the shard variables of
 * Kubernetes, AWS Batch and Google Cloud Batch are read alike, and a half-set
 * or empty pair is refused. Each command is its own process, run as the
 * platform runs it, under a CPU budget (no wall-clock limit).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { noWallClockLimit } from '../../test/support/cpuBudget';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { runCli } from '../../test/support/cliRun';
import { longcatProcess } from '../../test/support/cliProcess';
import { SHARD_VARIABLES, shardFromEnv } from './shardEnv';

noWallClockLimit();
const ROOT = resolve(__dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'longcat-shards-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** This process's environment without any platform's shard variables (a test may itself run in a job). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const v of SHARD_VARIABLES) {
    delete env[v.index];
    delete env[v.count];
  }
  return env;
}

/** The CLI as its own process (the bundle of this run's sources, test/support/cliProcess.ts), in `cwd`, at most 60 CPU-seconds. */
function longcat(args: readonly string[], env: Record<string, string> = {}, cwd = ROOT, input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = longcatProcess(args, { cpuSeconds: 60, cwd, env: { ...cleanEnv(), ...env }, ...(input !== undefined ? { input } : {}) });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

describe('the shard variables of a batch platform', () => {
  it('Kubernetes, AWS Batch and Google Cloud Batch name shard index + 1 of count', () => {
    expect(shardFromEnv({})).toBeUndefined();
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '2', LONGCAT_SHARDS: '8' })).toMatchObject({ shard: 2, shards: 8 });
    expect(shardFromEnv({ AWS_BATCH_JOB_ARRAY_INDEX: '0', AWS_BATCH_JOB_ARRAY_SIZE: '3' })).toMatchObject({ shard: 0, shards: 3 });
    expect(shardFromEnv({ BATCH_TASK_INDEX: '4', BATCH_TASK_COUNT: '5' })).toMatchObject({ shard: 4, shards: 5 });
  });

  it('refuses a half-set or empty pair, two platforms at once, and bad values, naming the variables', () => {
    for (const v of SHARD_VARIABLES) {
      expect(() => shardFromEnv({ [v.index]: '1' })).toThrow(new RegExp(`${v.count} is not`));
      expect(() => shardFromEnv({ [v.count]: '4' })).toThrow(new RegExp(`${v.index} is not`));
      expect(() => shardFromEnv({ [v.index]: '1', [v.count]: '' })).toThrow(new RegExp(`${v.count} is set but empty`));
      expect(() => shardFromEnv({ [v.index]: ' ', [v.count]: '4' })).toThrow(new RegExp(`${v.index} is set but empty`));
      expect(() => shardFromEnv({ [v.index]: '4', [v.count]: '4' })).toThrow(new RegExp(`${v.index} must be a whole number from 0 to 3`));
      expect(() => shardFromEnv({ [v.index]: '0', [v.count]: '0' })).toThrow(new RegExp(v.count));
    }
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '0', LONGCAT_SHARDS: '2', BATCH_TASK_INDEX: '0', BATCH_TASK_COUNT: '2' })).toThrow(/Kubernetes.*Google Cloud Batch/);
  });

  it('a half-set job is refused by the command before any work, and no file is written', () => {
    const out = join(tmp, 'half.ndjson');
    const r = longcat(['generate', '--generator', 'rsd', '--iterations', '100', '--out', out], { JOB_COMPLETION_INDEX: '1' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: JOB_COMPLETION_INDEX is set but LONGCAT_SHARDS is not/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('merge: complete or fail', () => {
  const run = ['generate', '--generator', 'rsd', '--size', '7x7', '--seed', '5', '--iterations', '2000', '--quiet'];
  const shardFile = (platform: number, i: number): string => join(tmp, `p${platform}-shard-${i}.ndjson`);
  const whole = join(tmp, 'whole.ndjson');

  it('each platform\'s 4 shards name their index, count and run; 3 of 4 fail naming the missing one; all 4 merge to the unsharded run byte for byte', () => {
    expect(longcat([...run, '--out', whole]).status).toBe(0);
    expect(lines(readFileSync(whole, 'utf8'))[0]).toMatch(/^\{"rules":/); // a whole run has no header
    SHARD_VARIABLES.forEach((v, p) => {
      const files = [0, 1, 2, 3].map((i) => {
        const r = longcat([...run, '--out', shardFile(p, i)], { [v.index]: String(i), [v.count]: '4' });
        expect(r.status, r.stderr).toBe(0);
        expect(r.stderr).toBe(''); // --quiet: nothing but errors
        const header = JSON.parse(lines(readFileSync(shardFile(p, i), 'utf8'))[0]!) as unknown;
        expect(header).toEqual({ shard: { index: i + 1, count: 4 }, run: { generator: 'rsd', rules: 'longcat', size: '7x7', seed: 5, iterations: 2000 } });
        return shardFile(p, i);
      });
      const merged = join(tmp, `p${p}-merged.ndjson`);
      // One missing shard per platform, a different one each time (first, middle, last).
      for (const missing of [[2], [0], [3]][p]!) {
        const r = longcat(['merge', ...files.filter((_, i) => i !== missing), '--out', merged]);
        expect(r.status).toBe(2);
        expect(r.stderr).toMatch(new RegExp(`^error: shard ${missing + 1}/4 of the run rsd longcat 7x7 seed 5 iterations 2000 is missing`));
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(existsSync(merged)).toBe(false);
      }
      const r = longcat(['merge', ...files, '--out', merged]);
      expect(r.status, r.stderr).toBe(0);
      expect(sha256(merged)).toBe(sha256(whole));
    });
    // Independently of the merge: every line of the whole run is a solvable level, each once.
    const levels = lines(readFileSync(whole, 'utf8')).map((l) => (JSON.parse(l) as { rows: string[] }).rows);
    expect(new Set(levels.map((r) => r.join('/'))).size).toBe(levels.length);
    for (const rows of levels.slice(0, 50)) expect(naiveAnalyze(rows).features.nSolutions).toBeGreaterThan(0);
  });

  it('a shard given twice is refused naming it and its files; --allow-partial merges anyway and says what is missing', () => {
    const files = [0, 1, 1, 3].map((i) => shardFile(0, i));
    const out = join(tmp, 'partial.ndjson');
    const refused = longcat(['merge', ...files, '--out', out]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('shard 3/4 of the run rsd longcat 7x7 seed 5 iterations 2000 is missing');
    expect(refused.stderr).toContain(`shard 2/4 of the run rsd longcat 7x7 seed 5 iterations 2000 is given 2 times (${files[1]}, ${files[1]})`);
    expect(existsSync(out)).toBe(false);
    const partial = longcat(['merge', ...files, '--out', out, '--allow-partial']);
    expect(partial.status, partial.stderr).toBe(0);
    expect(partial.stderr).toMatch(/partial merge \(--allow-partial\): shard 3\/4 .* is missing/);
    expect(partial.stderr).toMatch(/PARTIAL/);
    // The partial stream holds exactly the levels of shards 1, 2 and 4 (no header: headers are for shards).
    const kept = new Set([0, 1, 3].flatMap((i) => lines(readFileSync(shardFile(0, i), 'utf8')).slice(1).map((l) => (JSON.parse(l) as { rows: string[] }).rows.join('/'))));
    const written = lines(readFileSync(out, 'utf8')).map((l) => (JSON.parse(l) as { rows: string[] }).rows.join('/'));
    expect(new Set(written)).toEqual(kept);
  });

  it('shards joined on standard input are checked the same: all four give the unsharded run, three fail', () => {
    const all = [0, 1, 2, 3].map((i) => readFileSync(shardFile(1, i), 'utf8'));
    const r = longcat(['merge', '-', '--out', '-'], {}, ROOT, all.join(''));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(readFileSync(whole, 'utf8'));
    const three = longcat(['merge', '-', '--out', '-'], {}, ROOT, [all[0], all[1], all[3]].join(''));
    expect(three.status).toBe(2);
    expect(three.stderr).toMatch(/^error: shard 3\/4 .* is missing/);
    expect(three.stdout).toBe('');
  });

  it('a malformed header (index past the count) is refused with the file named, nothing written', async () => {
    const bad = join(tmp, 'bad-header.ndjson');
    writeFileSync(bad, JSON.stringify({ shard: { index: 5, count: 4 }, run: { generator: 'rsd' } }) + '\n');
    const out = join(tmp, 'never.ndjson');
    const r = await runCli(['merge', bad, '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^error: ${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} has a bad shard header: line 1.shard: expected`));
    expect(existsSync(out)).toBe(false);
  });

  it('shards of two runs are each checked on their own', () => {
    const other = [0, 1].map((i) => {
      const f = join(tmp, `other-${i}.ndjson`);
      expect(longcat(['generate', '--generator', 'rsd', '--size', '7x7', '--seed', '6', '--iterations', '500', '--quiet', '--shard', `${i + 1}/2`, '--out', f]).status).toBe(0);
      return f;
    });
    const ok = longcat(['merge', ...[0, 1, 2, 3].map((i) => shardFile(2, i)), ...other, '--out', join(tmp, 'two-runs.ndjson')]);
    expect(ok.status, ok.stderr).toBe(0);
    const r = longcat(['merge', ...[0, 1, 2, 3].map((i) => shardFile(2, i)), other[1]!, '--out', join(tmp, 'two-runs-bad.ndjson')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/shard 1\/2 of the run rsd longcat 7x7 seed 6 iterations 500 is missing/);
  });
});

describe('every generator writes a stream, to a file or to standard output', () => {
  it('generate --target 20 --count 2 --out - prints 2 NDJSON levels and creates no file', () => {
    const cwd = mkdtempSync(join(tmp, 'cwd-'));
    const r = longcat(['generate', '--target', '20', '--count', '2', '--evaluations', '5000', '--out', '-', '--quiet'], {}, cwd);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const got = lines(r.stdout).map((l) => JSON.parse(l) as { rules: string; rows: string[]; difficulty: number });
    expect(got).toHaveLength(2);
    for (const l of got) {
      expect(l.rules).toBe('longcat');
      expect(naiveAnalyze(l.rows).features.nSolutions).toBeGreaterThan(0);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('sd-pcgrl shards stream with headers and merge to the unsharded sd-pcgrl stream byte for byte, and its shard packs to its pack', () => {
    const sd = ['generate', '--generator', 'sd-pcgrl', '--count', '24', '--seed', '2', '--quiet'];
    const all = join(tmp, 'sd-all.ndjson');
    expect(longcat([...sd, '--out', all]).status).toBe(0);
    const files = [1, 2].map((i) => {
      const f = join(tmp, `sd-${i}.ndjson`);
      const r = longcat([...sd, '--out', f], { BATCH_TASK_INDEX: String(i - 1), BATCH_TASK_COUNT: '2' });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(lines(readFileSync(f, 'utf8'))[0]!)).toMatchObject({ shard: { index: i, count: 2 }, run: { generator: 'sd-pcgrl', levels: 24 } });
      return f;
    });
    expect(longcat(['merge', files[0]!, '--out', join(tmp, 'sd-half.ndjson')]).status).toBe(2);
    const merged = join(tmp, 'sd-merged.ndjson');
    const m = longcat(['merge', ...files, '--out', merged]);
    expect(m.status, m.stderr).toBe(0);
    expect(sha256(merged)).toBe(sha256(all));
    // The same run as packs: each shard's pack names its shard; the merge of both is the unsharded pack.
    const pack = join(tmp, 'sd-all.json');
    expect(longcat([...sd, '--out', pack]).status).toBe(0);
    const packs = [1, 2].map((i) => {
      const f = join(tmp, `sd-${i}.json`);
      expect(longcat([...sd, '--shard', `${i}/2`, '--out', f]).status).toBe(0);
      expect(JSON.parse(readFileSync(f, 'utf8'))).toMatchObject({ name: `sd-pcgrl 8x8 t=0.2 seed 2 shard ${i}/2`, shard: { index: i, count: 2 } });
      return f;
    });
    const mergedPack = join(tmp, 'sd-merged.json');
    expect(longcat(['merge', ...packs, '--out', mergedPack]).status).toBe(0);
    expect(sha256(mergedPack)).toBe(sha256(pack));
  });

  it('an --iterations run says no shortfall, and --quiet prints nothing', () => {
    const loud = longcat(['generate', '--generator', 'rsd', '--iterations', '50', '--out', join(tmp, 'loud.ndjson')]);
    expect(loud.status).toBe(0);
    expect(loud.stderr).toMatch(/^wrote \d+ levels to .*\(50 iterations, \d+ duplicates skipped\)\n$/);
    expect(loud.stderr).not.toMatch(/Infinity|found/);
  });
});

describe('train --sweep: a training sweep by task index', () => {
  it('task k trains row k into <out>/row-k: the same model bytes and meta (but its wall time and date) as the single run of that row', () => {
    const sweep = join(tmp, 'sweep.csv');
    writeFileSync(sweep, 'recipe,seed\nfast,3\nfast,4\n');
    const r = longcat(['train', '--sweep', sweep, '--env-steps', '200', '--out', join(tmp, 'sweep'), '--quiet'], { AWS_BATCH_JOB_ARRAY_INDEX: '1', AWS_BATCH_JOB_ARRAY_SIZE: '2' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const single = join(tmp, 'single');
    expect(longcat(['train', '--seed', '4', '--recipe', 'fast', '--env-steps', '200', '--out', single, '--quiet']).status).toBe(0);
    const row = join(tmp, 'sweep', 'row-2');
    for (const f of ['model.json', 'weights.bin']) expect(sha256(join(row, f)), f).toBe(sha256(join(single, f)));
    const meta = (dir: string): Record<string, unknown> => {
      const { wallSeconds: _w, createdAt: _c, ...rest } = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as Record<string, unknown>;
      return rest;
    };
    expect(meta(row)).toEqual(meta(single));
    expect(meta(row)).toMatchObject({ seed: 4, recipe: 'fast' });
  });

  it('refuses a sweep without a task index, a task count that is not its row count, a --seed beside it, and a bad row, with one line each', async () => {
    const sweep = join(tmp, 'sweep3.csv');
    writeFileSync(sweep, 'seed,recipe\n1,fast\n2,thesis\n3,fast\n');
    const bad = join(tmp, 'bad.csv');
    writeFileSync(bad, 'seed,recipe\n1,fast\n2,slow\n');
    const cases: [string[], RegExp][] = [
      [['--sweep', sweep], /give --shard k\/3/],
      [['--sweep', sweep, '--shard', '1/4'], /has 3 rows but --shard says 4 tasks/],
      [['--sweep', sweep, '--shard', '1/3', '--seed', '9'], /leave --seed out/],
      [['--sweep', bad, '--shard', '1/2'], /line 3: the recipe must be one of/],
      [['--shard', '1/2'], /--shard splits a sweep/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['train', ...args, '--env-steps', '10', '--out', join(tmp, 'never')]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(join(tmp, 'never'))).toBe(false);
    }
  });
});
