/**
 * Installed like any npm CLI (SPEC §11): `npm pack` of a copy of this
 * checkout (its `prepack` builds the bundle and the player), the tarball
 * installed into an empty folder with `npm install --omit=dev`, and every
 * command of the installed `longcat` run from a third, unrelated folder. The
 * shipped models (SD-PCGRL, Turtle, the difficulty models) and the player
 * template must be found beside the package, and what the installed command
 * writes must equal what the checkout's writes for the same command line.
 *
 * The install needs the dependencies' tarballs: after `npm ci` (CI) npm's
 * cache has them all and `--offline` works without a network; otherwise the
 * registry is asked once (`--prefer-offline`). With neither, the test skips
 * with one line saying so.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cliRun';
import { CHECKOUT, copyCheckout, npmEnv } from './support/checkoutCopy';
import { noWallClockLimit, spawnCpuBudget } from './support/cpuBudget';

// Bounded by work and by npm's own network timeouts, never by the wall clock.
noWallClockLimit();

/** The most the install (the package and every runtime dependency) may take on disk, in MiB. */
const MAX_INSTALLED_MIB = 150;

/** Total size of the files under `dir` (apparent sizes, links not followed), in bytes. */
function treeBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += treeBytes(p);
    else total += lstatSync(p).size;
  }
  return total;
}

let work: string;
let installed: string | null = null;
let why = '';
/** The folder the installed command runs in: neither the package nor the checkout. */
let elsewhere: string;

const npm = (args: string[], cwd: string): SpawnSyncReturns<string> =>
  spawnSync('npm', args, { cwd, encoding: 'utf8', env: npmEnv(), maxBuffer: 1 << 26 });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'longcat-packed-'));
  const copy = copyCheckout('longcat-pack-src-');
  try {
    const pack = npm(['pack', '--pack-destination', work, '--json'], copy);
    if (pack.status !== 0) throw new Error(`npm pack exited ${pack.status}: ${pack.stderr.slice(-2000)}`);
    const tgz = join(work, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);
    const prefix = join(work, 'install');
    mkdirSync(prefix);
    writeFileSync(join(prefix, 'package.json'), JSON.stringify({ name: 'longcat-install-check', private: true }));
    const flags = ['install', '--no-audit', '--no-fund', '--omit=dev', '--no-save', tgz];
    let r = npm([...flags, '--offline'], prefix);
    // Not all in the cache (npm ci caches tarballs, not every package's metadata): ask the registry, briefly.
    if (r.status !== 0) r = npm([...flags, '--prefer-offline', '--fetch-timeout=30000', '--fetch-retries=1'], prefix);
    if (r.status === 0) installed = join(prefix, 'node_modules', '.bin', 'longcat');
    else why = `npm could not install the packed tarball (no network and not in npm's cache): ${r.stderr.trim().split('\n').slice(-2).join(' ')}`;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  elsewhere = join(work, 'elsewhere');
  mkdirSync(elsewhere);
  writeFileSync(join(elsewhere, 'levels.txt'), '; tiny\nC..#\n.#..\n....\n\n; corner\nC..\n##.\n##.\n');
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the installed `longcat` in the unrelated folder. */
function longcat(...args: string[]): SpawnSyncReturns<string> {
  const r = spawnCpuBudget(installed!, args, { cwd: elsewhere, cpuSeconds: 120 });
  expect(r.error).toBeUndefined();
  expect(r.status, `longcat ${args.join(' ')} exited ${r.status}: ${r.stderr}`).toBe(0);
  return r;
}

const levelsOf = (file: string): string[] => (JSON.parse(readFileSync(file, 'utf8')) as { levels: { rows: string[] }[] }).levels.map((l) => l.rows.join('/'));

describe('the packed package, installed into an empty folder', () => {
  it('ships the bundle, the player and the models, and nothing of the sources', (ctx) => {
    if (installed === null) return ctx.skip(why);
    const pkg = join(work, 'install/node_modules/longcat-studio');
    for (const f of ['bin/longcat.mjs', 'build/cli/longcat.mjs', 'build/player/play.html', 'models/sd-pcgrl-8x8/weights.bin', 'models/turtle-8x8/model.json', 'models/difficulty/default.json']) {
      expect(existsSync(join(pkg, f)), f).toBe(true);
    }
    expect(existsSync(join(pkg, 'src'))).toBe(false);
    expect(readdirSync(join(pkg, 'build/cli/chunks')).length).toBeGreaterThan(3);
  });

  it(`installs lean: at most ${MAX_INSTALLED_MIB} MiB, the CLI's runtime only (no studio libraries, no tfjs umbrella, no Dawn)`, (ctx) => {
    if (installed === null) return ctx.skip(why);
    const modules = join(work, 'install/node_modules');
    const mib = treeBytes(modules) / (1024 * 1024);
    expect(mib, `installed size ${mib.toFixed(1)} MiB`).toBeLessThanOrEqual(MAX_INSTALLED_MIB);
    for (const dep of ['@tensorflow/tfjs-core', '@tensorflow/tfjs-layers', '@tensorflow/tfjs-backend-wasm', 'zod']) expect(existsSync(join(modules, dep)), dep).toBe(true);
    // commander is bundled into the CLI (build/cli/commander.LICENSE beside it): build-time only, like the studio's libraries.
    for (const studioOnly of ['commander', 'react', 'react-dom', 'd3', 'cytoscape', 'zustand', 'idb', 'comlink', '@tensorflow/tfjs', '@tensorflow/tfjs-converter', '@tensorflow/tfjs-backend-webgl', '@tensorflow/tfjs-backend-webgpu', 'webgpu']) {
      expect(existsSync(join(modules, studioOnly)), studioOnly).toBe(false);
    }
  });

  it('every command runs from another folder and finds the shipped models and player', async (ctx) => {
    if (installed === null) return ctx.skip(why);
    expect(longcat('--help').stdout).toMatch(/^\s+analyze\b/m);
    const analyzed = longcat('analyze', 'levels.txt').stdout.trim().split('\n').map((l) => JSON.parse(l) as { name: string; nStates: number; difficulty: number });
    expect(analyzed.map((a) => a.name)).toEqual(['tiny', 'corner']);
    expect(analyzed[0]!.nStates).toBe(13);

    // Generators: RSD, at a difficulty, and the shipped SD-PCGRL model (found beside the package).
    longcat('generate', '--generator', 'rsd', '--count', '60', '--seed', '3', '--out', 'rsd.json', '--quiet');
    longcat('generate', '--generator', 'sd-pcgrl', '--count', '8', '--seed', '2', '--out', 'sd.json', '--quiet');
    longcat('generate', '--target', '20', '--count', '2', '--seed', '1', '--out', 'd20.json', '--quiet');
    const sd = JSON.parse(readFileSync(join(elsewhere, 'sd.json'), 'utf8')) as { levels: { source: { model: string } }[] };
    expect(sd.levels.length).toBeGreaterThan(0);
    // The provenance names the shipped model as the package does, not by the install's path.
    expect(sd.levels[0]!.source.model).toMatch(/^models\/sd-pcgrl-8x8 \(/);

    // The same command lines from the checkout's sources give the same levels.
    const here = mkdtempSync(join(tmpdir(), 'longcat-packed-ref-'));
    try {
      for (const [name, args] of [['rsd.json', ['--generator', 'rsd', '--count', '60', '--seed', '3']], ['sd.json', ['--generator', 'sd-pcgrl', '--count', '8', '--seed', '2']]] as const) {
        const r = await runCli(['generate', ...args, '--out', join(here, name), '--quiet']);
        expect(r.status, r.stderr).toBe(0);
        expect(levelsOf(join(elsewhere, name))).toEqual(levelsOf(join(here, name)));
      }
    } finally {
      rmSync(here, { recursive: true, force: true });
    }

    // Evaluation: RSD, the shipped SD-PCGRL and Turtle models.
    expect(JSON.parse(longcat('evaluate', '--generator', 'rsd', '--count', '100', '--json', '--quiet').stdout)).toMatchObject({ generator: 'rsd', generated: 100, solvable: 100 });
    expect(longcat('evaluate', '--generator', 'sd-pcgrl', '--count', '5', '--temperatures', '0.2', '--quiet').stdout).toContain('temperature 0.2');
    expect(longcat('evaluate', '--generator', 'turtle', '--count', '5', '--quiet').stdout).toContain('temperature 0');

    // Merge, export (the player template found beside the package), fit, train.
    longcat('merge', 'rsd.json', 'sd.json', '--out', 'merged.json');
    longcat('export', 'merged.json', '--format', 'html', '--out', 'play.html');
    expect(readFileSync(join(elsewhere, 'play.html'), 'utf8')).toContain('<html');
    longcat('export', 'levels.txt', '--format', 'csv', '--out', 'levels.csv');
    longcat('fit-predictor', '--generated', '200', '--seed', '1', '--out', 'model.json', '--quiet');
    longcat('analyze', 'levels.txt', '--model', 'model.json');
    longcat('train', '--env-steps', '64', '--seed', '1', '--out', 'trained', '--quiet');
    expect(existsSync(join(elsewhere, 'trained/weights.bin'))).toBe(true);

    // Streams from every generator, to standard output: no file is made.
    const before = readdirSync(elsewhere).sort();
    const target = longcat('generate', '--target', '20', '--count', '2', '--out', '-', '--quiet');
    expect(target.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { rules: string }).rules)).toEqual(['longcat', 'longcat']);
    expect(target.stderr).toBe('');
    expect(longcat('generate', '--generator', 'sd-pcgrl', '--count', '4', '--out', '-', '--quiet').stdout).toMatch(/^\{"rules":"longcat"/);
    expect(readdirSync(elsewhere).sort()).toEqual(before);

    // Dawn is optional: --backend webgpu without it says how to add it, in one line.
    const gpu = spawnCpuBudget(installed!, ['train', '--env-steps', '64', '--backend', 'webgpu', '--out', 'gpu'], { cwd: elsewhere, cpuSeconds: 60 });
    expect(gpu.status).toBe(2);
    expect(gpu.stderr).toMatch(/^error: --backend webgpu needs two optional packages .*npm install webgpu@0\.6\.2 @tensorflow\/tfjs-backend-webgpu@4\.22\.0/);
    expect(gpu.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('the installed command refuses to write over its own shipped files', (ctx) => {
    if (installed === null) return ctx.skip(why);
    const shipped = join(work, 'install/node_modules/longcat-studio/models/difficulty/default.json');
    const before = readFileSync(shipped);
    const r = spawnSync(installed, ['fit-predictor', '--generated', '200', '--out', shipped, '--quiet'], { cwd: elsewhere, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('a file this package ships');
    expect(readFileSync(shipped).equals(before)).toBe(true);
  });
});

it('the checkout is not the folder the installed command runs in (a control)', () => {
  expect(elsewhere.startsWith(CHECKOUT)).toBe(false);
});
