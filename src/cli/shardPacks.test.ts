/**
 * Complete or fail for packs (docs/cluster.md): `generate --shard i/n`
 * writing a pack records which shard of which run it holds, and `merge`
 * into a pack or a stream refuses a set with a shard missing or given
 * twice, naming it, unless --allow-partial (which says so). Streams' shard
 * headers are `shards.test.ts`'s; here the commands run in this process
 * (`runCli`), bounded by their work.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noWallClockLimit } from '../../test/support/cpuBudget';
import { runCli, type CliResult } from '../../test/support/cliRun';
import { createPack, exportPack, importPack } from '../core/pack/pack';
import { SHARD_VARIABLES } from './shardEnv';

noWallClockLimit();
const tmp = mkdtempSync(join(tmpdir(), 'longcat-shard-packs-'));
const at = (name: string): string => join(tmp, name);

/** The platform's shard variables, cleared while this file runs (it may itself run inside a batch job). */
const saved = new Map<string, string | undefined>();
beforeAll(() => {
  for (const v of SHARD_VARIABLES) for (const name of [v.index, v.count]) {
    saved.set(name, process.env[name]);
    delete process.env[name];
  }
});
afterAll(() => {
  for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  rmSync(tmp, { recursive: true, force: true });
});

const RUN = ['generate', '--generator', 'rsd', '--size', '6x6', '--seed', '3', '--iterations', '1200', '--quiet'];
type PackJson = { name: string; shard?: { index: number; count: number; run: Record<string, unknown> }; levels: { id: string; rows: string[] }[] };
const readPack = (file: string): PackJson => JSON.parse(readFileSync(file, 'utf8')) as PackJson;
const ok = (r: CliResult): CliResult => {
  expect(r.status, r.stderr).toBe(0);
  return r;
};
/** One line on stderr, exit 2, and `out` not written. */
const refused = (r: CliResult, out: string, ...says: RegExp[]): void => {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  for (const s of says) expect(r.stderr).toMatch(s);
  expect(existsSync(out)).toBe(false);
};

describe('shard packs', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 4; i++) ok(await runCli([...RUN, '--shard', `${i}/4`, '--out', at(`s${i}.json`)]));
    ok(await runCli([...RUN, '--out', at('whole.json')]));
    for (let i = 1; i <= 3; i++) ok(await runCli([...RUN, '--shard', `${i}/4`, '--out', at(`s${i}.ndjson`)]));
  });

  it('a shard pack names its index, the count and the run; a whole run has no shard', () => {
    for (let i = 1; i <= 4; i++) {
      expect(readPack(at(`s${i}.json`)).shard).toEqual({ index: i, count: 4, run: { generator: 'rsd', rules: 'longcat', size: '6x6', seed: 3, iterations: 1200 } });
    }
    expect(readPack(at('whole.json')).shard).toBeUndefined();
  });

  it('merge of 3 of 4 shard packs fails naming the missing one, and writes nothing', async () => {
    const out = at('three.json');
    refused(await runCli(['merge', at('s1.json'), at('s2.json'), at('s4.json'), '--out', out]), out, /shard 3\/4 of the run rsd longcat 6x6 seed 3 iterations 1200 is missing/, /--allow-partial/);
  });

  it('a shard given twice is refused naming it and both files', async () => {
    const out = at('twice.json');
    const r = await runCli(['merge', at('s1.json'), at('s2.json'), at('s2.json'), at('s3.json'), at('s4.json'), '--out', out]);
    refused(r, out, /shard 2\/4 of the run .* is given 2 times/);
    expect(r.stderr.split(at('s2.json'))).toHaveLength(3);
  });

  it('--allow-partial merges what is there and says what is missing', async () => {
    const out = at('partial.json');
    const r = ok(await runCli(['merge', at('s1.json'), at('s2.json'), at('s4.json'), '--out', out, '--allow-partial']));
    expect(r.stderr).toMatch(/partial merge \(--allow-partial\): shard 3\/4 .* is missing \(3 of 4 given\)/);
    expect(r.stderr).toMatch(/PARTIAL/);
    // Every level of the shards given, once (a level two shards found is kept once).
    const given = new Set([1, 2, 4].flatMap((i) => readPack(at(`s${i}.json`)).levels.map((l) => l.rows.join('/'))));
    expect(readPack(out).levels.map((l) => l.rows.join('/')).sort()).toEqual([...given].sort());
  });

  it('all 4 merge into the unsharded run\'s pack byte for byte: its levels in its order, its name, no shard', async () => {
    const out = at('all.json');
    ok(await runCli(['merge', at('s1.json'), at('s2.json'), at('s3.json'), at('s4.json'), '--out', out]));
    const merged = readPack(out), whole = readPack(at('whole.json'));
    expect(merged.shard).toBeUndefined();
    expect(merged.name).toBe('rsd 6x6 seed 3');
    expect(merged.levels.length).toBeGreaterThan(100);
    // Independently of the merge: the whole run's levels are each shard's levels in shard order, a level an earlier shard found kept once.
    const seen = new Set<string>();
    const expected = [1, 2, 3, 4].flatMap((i) => readPack(at(`s${i}.json`)).levels).filter((l) => !seen.has(l.rows.join('/')) && seen.add(l.rows.join('/')));
    expect(whole.levels.map((l) => [l.id, l.rows.join('/')])).toEqual(expected.map((l) => [l.id, l.rows.join('/')]));
    expect(readFileSync(out)).toEqual(readFileSync(at('whole.json')));
  });

  it('a set that is more than one run\'s shards, or renamed by --name, keeps the "(merged)" name or the one given', async () => {
    const out = at('more.json');
    ok(await runCli(['merge', at('s1.json'), at('s2.json'), at('s3.json'), at('s4.json'), at('whole.json'), '--out', out]));
    expect(readPack(out).name).toBe('rsd 6x6 seed 3 shard 1/4 (merged)');
    ok(await runCli(['merge', at('s1.json'), at('s2.json'), at('s3.json'), at('s4.json'), '--name', 'mine', '--out', out]));
    expect(readPack(out).name).toBe('mine');
  });

  it('rpu too: its 3 shards merge into its unsharded pack and stream byte for byte', async () => {
    const rpu = ['generate', '--generator', 'rpu', '--size', '5x5', '--seed', '8', '--iterations', '600', '--quiet'];
    for (const ext of ['json', 'ndjson']) {
      for (let i = 1; i <= 3; i++) ok(await runCli([...rpu, '--shard', `${i}/3`, '--out', at(`rpu${i}.${ext}`)]));
      ok(await runCli([...rpu, '--out', at(`rpu.${ext}`)]));
      ok(await runCli(['merge', at(`rpu1.${ext}`), at(`rpu2.${ext}`), at(`rpu3.${ext}`), '--out', at(`rpu-merged.${ext}`)]));
      expect(readFileSync(at(`rpu-merged.${ext}`)).length).toBeGreaterThan(1000);
      expect(readFileSync(at(`rpu-merged.${ext}`)), ext).toEqual(readFileSync(at(`rpu.${ext}`)));
    }
  });

  it('merge into a stream checks stream and pack shards as one set', async () => {
    const whole = at('mixed.ndjson');
    ok(await runCli(['merge', at('s1.ndjson'), at('s2.ndjson'), at('s3.ndjson'), at('s4.json'), '--out', whole]));
    const rows = readFileSync(whole, 'utf8').split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { rows: string[] }).rows.join('/'));
    expect(rows).toEqual(readPack(at('whole.json')).levels.map((l) => l.rows.join('/')));
    const out = at('gap.ndjson');
    const r = await runCli(['merge', at('s1.ndjson'), at('s2.ndjson'), at('s2.json'), '--out', out]);
    refused(r, out, /shards 3\/4, 4\/4 of the run .* are missing/, /shard 2\/4 of the run .* is given 2 times/);
  });
});

describe('the pack format\'s shard field', () => {
  const shard = { index: 2, count: 4, run: { generator: 'rsd', size: '6x6', seed: 3, iterations: 1200, pins: null } };

  it('reads back what was written', () => {
    const r = importPack(exportPack(createPack('s', [], { shard })));
    expect(r.ok && r.value.pack.shard).toEqual(shard);
  });

  it('refuses an index past the count, a count of 0 and a run that is not settings, naming the field', () => {
    for (const bad of [{ ...shard, index: 5 }, { ...shard, count: 0, index: 0 }, { ...shard, run: { seed: [1] } }, { index: 1, count: 2 }]) {
      const text = JSON.stringify({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 's', shard: bad, levels: [] });
      const r = importPack(text);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(r.error.map((p) => p.path).join(' ')).toMatch(/shard/);
    }
  });
});
