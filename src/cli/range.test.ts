/**
 * `longcat range`: the map of a generated stream against counts made here
 * from the naive solver and a scan of the bin edges; the same levels as a
 * pack, as a stream on a file and on standard input give the same map; bad
 * invocations end with one line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/support/cliRun';
import { naiveAnalyze } from '../../test/naive/naiveSolver';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by its work (docs/suite.md): no wall-clock timeout, which a loaded machine would trip.
noWallClockLimit();

const tmp = mkdtempSync(join(tmpdir(), 'longcat-range-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const stream = join(tmp, 'rsd.ndjson');
const pack = join(tmp, 'rsd.json');

beforeAll(async () => {
  for (const out of [stream, pack]) {
    const r = await runCli(['generate', '--generator', 'rsd', '--size', '6x6', '--count', '150', '--seed', '5', '--out', out, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
  }
});

interface MapJson {
  x: { measure: string; edges: number[] };
  y: { measure: string; edges: number[] };
  counts: number[][];
  read: number;
  placed: number;
  missing: number;
  occupied: number;
  holes: number;
  bins: number;
}

const scan = (edges: number[], v: number): number => {
  for (let i = 0; i < edges.length - 1; i++) if (v >= edges[i]! && (v < edges[i + 1]! || i === edges.length - 2)) return i;
  return -1;
};

describe('range', () => {
  it('bins open cells against the shortest solution as counted here, and the bins add up to the levels read', async () => {
    const r = await runCli(['range', stream, '--x', 'openCells', '--y', 'shortestSolution', '--bins', '7', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const map = JSON.parse(r.stdout) as MapJson;
    const rows = readFileSync(stream, 'utf8').split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { rows: string[] }).rows);
    expect(rows.length).toBe(150);
    const points = rows.map((rs) => ({ x: rs.join('').replace(/#/g, '').length, y: naiveAnalyze(rs).features.shortestSolutionLength }));
    expect(map.x.edges[0]).toBe(Math.min(...points.map((p) => p.x)));
    expect(map.x.edges[7]).toBe(Math.max(...points.map((p) => p.x)));
    expect(map.y.edges[7]).toBe(Math.max(...points.map((p) => p.y)));
    const expected = Array.from({ length: 7 }, () => new Array<number>(7).fill(0));
    for (const p of points) expected[scan(map.x.edges, p.x)]![scan(map.y.edges, p.y)]!++;
    expect(map.counts).toEqual(expected);
    expect(map.read).toBe(150);
    expect(map.placed).toBe(150);
    expect(map.counts.flat().reduce((a, b) => a + b, 0)).toBe(map.read);
    expect(map.occupied).toBe(expected.flat().filter((c) => c > 0).length);
    expect(map.bins).toBe(49);
  });

  it('gives the same map for a pack, a stream file and a stream on standard input', async () => {
    const args = ['--x', 'difficulty', '--y', 'leniency', '--bins', '5', '--json'];
    const fromPack = await runCli(['range', pack, ...args]);
    const fromStream = await runCli(['range', stream, ...args]);
    expect(fromPack.status, fromPack.stderr).toBe(0);
    expect(fromStream.stdout).toBe(fromPack.stdout);
    // `-` holding a stream: the file's text through a temporary stdin is not possible in-process, so a copy named without .ndjson stands in (the same detection).
    const plain = join(tmp, 'stream-without-extension.txt');
    writeFileSync(plain, readFileSync(stream));
    const sniffed = await runCli(['range', plain, ...args]);
    expect(sniffed.stdout).toBe(fromPack.stdout);
  });

  it('writes CSV (one row per bin) and a text map', async () => {
    const csv = await runCli(['range', stream, '--x', 'density', '--y', 'deadShare', '--bins', '3', '--csv']);
    expect(csv.status, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('densityFrom,densityTo,deadShareFrom,deadShareTo,count');
    expect(lines.length).toBe(1 + 9);
    expect(lines.slice(1).reduce((s, l) => s + Number(l.split(',')[4]), 0)).toBe(150);
    const text = await runCli(['range', stream, '--x', 'states', '--y', 'solutions', '--bins', '4']);
    expect(text.stdout).toMatch(/^150 levels read, 150 placed in 4x4 bins\n\d+ of 16 bins occupied, \d+ holes\n/);
  });

  it('counts paint levels as missing on solutions (paint counts no solution paths)', async () => {
    const paint = join(tmp, 'paint.ndjson');
    const g = await runCli(['generate', '--generator', 'rsd', '--rules', 'paint', '--size', '5x5', '--count', '20', '--seed', '2', '--out', paint, '--quiet']);
    expect(g.status, g.stderr).toBe(0);
    const r = await runCli(['range', paint, '--x', 'solutions', '--y', 'openCells', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const map = JSON.parse(r.stdout) as MapJson & { rules: string };
    expect(map.rules).toBe('paint');
    expect(map.read).toBe(20);
    expect(map.missing).toBe(20);
    expect(map.placed).toBe(0);
  });

  it.each([
    [['--x', 'fun', '--y', 'leniency'], /^error: --x must be one of difficulty, .*got "fun"\n$/],
    [['--x', 'states', '--y', 'leniency', '--bins', '0'], /^error: --bins must be a whole number from 1 to 200, got "0"\n$/],
    [['--x', 'states', '--y', 'leniency', '--json', '--csv'], /^error: give --json or --csv, not both\n$/],
  ])('refuses %j with one line', async (args, message) => {
    const r = await runCli(['range', stream, ...args]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('refuses a bad stream line with its line number', async () => {
    const bad = join(tmp, 'bad.ndjson');
    writeFileSync(bad, readFileSync(stream, 'utf8').split('\n').slice(0, 2).join('\n') + '\n{"rules":"longcat","rows":7}\n');
    const r = await runCli(['range', bad, '--x', 'states', '--y', 'leniency']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: .*bad\.ndjson is not a valid level stream: line 3/);
  });
});

describe('generate --target with --also', () => {
  it('writes levels within both windows (leniency by the naive solver\'s classes)', async () => {
    const out = join(tmp, 'two-targets.json');
    const r = await runCli(['generate', '--target', '25', '--also', 'leniency=0.55:0.05', '--size', '7x7', '--count', '3', '--seed', '4', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const pack = JSON.parse(readFileSync(out, 'utf8')) as { levels: { rows: string[]; difficulty: number }[] };
    expect(pack.levels).toHaveLength(3);
    for (const l of pack.levels) {
      const naive = naiveAnalyze(l.rows);
      expect(Math.abs((naive.nStates - naive.classes.dead - naive.classes.fail) / naive.nStates - 0.55)).toBeLessThanOrEqual(0.05 + 1e-12);
      expect(Math.abs(l.difficulty - 25)).toBeLessThanOrEqual(3.01);
    }
  });

  it.each([
    [['generate', '--generator', 'rsd', '--count', '3', '--also', 'leniency=0.5', '--out', 'x.json'], /^error: --also goes with --target/],
    [['generate', '--target', '20', '--count', '3', '--also', 'leniency=3', '--out', 'x.json'], /^error: --also leniency is a share from 0 to 1, got "leniency=3"\n$/],
  ])('refuses %j with one line', async (args, message) => {
    const r = await runCli(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('evaluate --targets (the hit-rate map)', () => {
  it('one cell per target and second value; hits within the requests; a target out of reach never hits', async () => {
    const r = await runCli(['evaluate', '--targets', '10,5000', '--also', 'leniency=0.5', '--size', '6x6', '--count', '3', '--evaluations', '400', '--json', '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    const cells = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { target: number; second: number; requests: number; hits: number; hitRate: number; uniqueShare: number });
    expect(cells.map((c) => [c.target, c.second])).toEqual([[10, 0.5], [5000, 0.5]]);
    for (const c of cells) {
      expect(c.requests).toBe(3);
      expect(c.hits).toBeLessThanOrEqual(3);
      expect(c.hitRate).toBeCloseTo(c.hits / 3, 12);
      expect(c.uniqueShare).toBeLessThanOrEqual(1);
    }
    expect(cells[1]!.hits).toBe(0);
  });

  it('refuses --targets with a generator, and --also without --targets', async () => {
    const a = await runCli(['evaluate', '--targets', '10', '--generator', 'rsd']);
    expect(a.stderr).toMatch(/^error: --targets maps generate at difficulty/);
    const b = await runCli(['evaluate', '--generator', 'rsd', '--count', '5', '--also', 'leniency=0.5']);
    expect(b.stderr).toMatch(/^error: evaluate --also goes with --targets/);
  });
});
