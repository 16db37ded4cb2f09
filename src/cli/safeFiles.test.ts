/**
 * Safe files (SPEC §11; issue: a CLI that works where users install it):
 * writes through a symbolic link land in its target, a file written over
 * keeps its permission bits, a file the package ships is written over only
 * with `--force`, a model whose weights are overflow-scale is refused with
 * the layer to blame, a `--max-states` past the machine's memory asks for
 * `--force`, and the CSV export neutralises formula cells. Each case runs a
 * whole command line through `main()` and judges by reading the files back.
 */
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/support/exportReaders';
import { runCli } from '../../test/support/cliRun';
import { shippedFileOf } from './io';
import { machineMemory } from './memory';
import { findPackageRoot } from './shipped';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LEVEL = '; tiny\nC..#\n.#..\n....\n';
let tmp: string;
let levels: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'longcat-safe-'));
  levels = join(tmp, 'levels.txt');
  writeFileSync(levels, LEVEL);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('writes through symbolic links and over existing files', () => {
  it('--out naming a link writes the link\'s target; the link stays a link', async () => {
    const target = join(tmp, 'real.csv');
    const link = join(tmp, 'link.csv');
    writeFileSync(target, 'old\n');
    symlinkSync(target, link);
    const r = await runCli(['export', levels, '--format', 'csv', '--out', link]);
    expect(r.status, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toMatch(/^index,id,name,/);
  });

  it('a link to nothing is refused in one line, and nothing is created', async () => {
    const link = join(tmp, 'dangling.json');
    const missing = join(tmp, 'nowhere', 'x.json');
    symlinkSync(missing, link);
    const r = await runCli(['export', levels, '--format', 'json', '--out', link]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`error: cannot write ${link} (--out): it is a symbolic link to ${missing}, which does not exist; give the target's path or remove the link\n`);
    expect(existsSync(missing)).toBe(false);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a file written over keeps its permission bits (600 stays 600, 640 stays 640); a new file gets the usual ones', async () => {
    for (const mode of [0o600, 0o640]) {
      const file = join(tmp, `mode-${mode.toString(8)}.json`);
      writeFileSync(file, '{}');
      chmodSync(file, mode);
      const r = await runCli(['export', levels, '--format', 'pack', '--out', file]);
      expect(r.status, r.stderr).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(mode);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'longcat-pack' });
    }
    const fresh = join(tmp, 'fresh.json');
    expect((await runCli(['export', levels, '--format', 'pack', '--out', fresh])).status).toBe(0);
    const umask = process.umask();
    expect(statSync(fresh).mode & 0o777).toBe(0o666 & ~umask);
  });
});

describe('files the package ships', () => {
  it('the package root is found from the sources and from a bundle chunk folder', () => {
    expect(findPackageRoot(join(ROOT, 'src/cli'))).toBe(ROOT);
    expect(findPackageRoot(join(ROOT, 'build/cli/chunks'))).toBe(ROOT);
    expect(findPackageRoot(tmp)).toBe(null);
  });

  it('which files count as shipped: sources, models, docs and top-level files; not out/, checkpoints or new files', () => {
    expect(shippedFileOf(join(ROOT, 'play.html'))).toBe('play.html');
    expect(shippedFileOf(join(ROOT, 'models/difficulty/default.json'))).toBe('models/difficulty/default.json');
    expect(shippedFileOf(join(ROOT, 'src/cli/io.ts'))).toBe('src/cli/io.ts');
    expect(shippedFileOf(join(ROOT, 'README.md'))).toBe('README.md');
    expect(shippedFileOf(join(ROOT, 'models/difficulty/not-there.json'))).toBe(null);
    expect(shippedFileOf(levels)).toBe(null);
    // A link from elsewhere into the package is judged by where it leads.
    const link = join(tmp, 'sneaky.json');
    symlinkSync(join(ROOT, 'models/difficulty/default.json'), link);
    expect(shippedFileOf(link)).toBe('models/difficulty/default.json');
    // Another root: a checkpoint folder and an out/ folder are not shipped.
    const fake = join(tmp, 'pkg');
    mkdirSync(join(fake, 'models/run/checkpoint'), { recursive: true });
    mkdirSync(join(fake, 'out'), { recursive: true });
    writeFileSync(join(fake, 'package.json'), '{"name":"longcat-studio"}');
    for (const f of ['models/run/model.json', 'models/run/checkpoint/model.json', 'out/x.json']) writeFileSync(join(fake, f), '{}');
    expect(shippedFileOf(join(fake, 'models/run/model.json'), fake)).toBe('models/run/model.json');
    expect(shippedFileOf(join(fake, 'models/run/checkpoint/model.json'), fake)).toBe(null);
    expect(shippedFileOf(join(fake, 'out/x.json'), fake)).toBe(null);
  });

  it('export --out play.html (the play page\'s source) is refused and leaves it as it was, also through a link', async () => {
    const before = readFileSync(join(ROOT, 'play.html'));
    const r = await runCli(['export', levels, '--format', 'html', '--out', join(ROOT, 'play.html')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('it is play.html, a file this package ships');
    expect(r.stderr).toContain('--force');
    const link = join(tmp, 'play-link.html');
    symlinkSync(join(ROOT, 'play.html'), link);
    expect((await runCli(['export', levels, '--format', 'html', '--out', link])).status).toBe(2);
    expect(readFileSync(join(ROOT, 'play.html')).equals(before)).toBe(true);
  });

  it('fit-predictor over the shipped default and train into the shipped model folder are refused before any work', async () => {
    const model = join(ROOT, 'models/difficulty/default.json');
    const before = readFileSync(model);
    const fit = await runCli(['fit-predictor', '--generated', '1000', '--out', model, '--quiet']);
    expect(fit.status).toBe(2);
    expect(fit.stderr).toContain('models/difficulty/default.json, a file this package ships');
    expect(readFileSync(model).equals(before)).toBe(true);
    const dir = join(ROOT, 'models/sd-pcgrl-8x8');
    const mtime = statSync(join(dir, 'weights.bin')).mtimeMs;
    const train = await runCli(['train', '--env-steps', '64', '--out', dir, '--quiet']);
    expect(train.status).toBe(2);
    expect(train.stderr).toContain('models/sd-pcgrl-8x8/model.json, a file this package ships');
    expect(statSync(join(dir, 'weights.bin')).mtimeMs).toBe(mtime);
  });

  it('--force writes over a shipped file (in the git-ignored build/ folder, so nothing tracked changes)', async () => {
    const dir = join(ROOT, 'build', `force-test-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      const file = join(dir, 'levels.csv');
      writeFileSync(file, 'old\n');
      const refused = await runCli(['export', levels, '--format', 'csv', '--out', file]);
      expect(refused.status).toBe(2);
      expect(readFileSync(file, 'utf8')).toBe('old\n');
      const forced = await runCli(['export', levels, '--format', 'csv', '--out', file, '--force']);
      expect(forced.status, forced.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).toMatch(/^index,id,name,/);
      // --force holds for its own command line only.
      writeFileSync(file, 'old\n');
      expect((await runCli(['export', levels, '--format', 'csv', '--out', file])).status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('model files with overflow-scale weights', () => {
  it('generate --generator sd-pcgrl with a weight of 3e38 is refused, naming the weight and its layer; nothing is written', async () => {
    const dir = join(tmp, 'broken-model');
    mkdirSync(dir);
    for (const f of ['model.json', 'meta.json']) copyFileSync(join(ROOT, 'models/sd-pcgrl-8x8', f), join(dir, f));
    const weights = readFileSync(join(ROOT, 'models/sd-pcgrl-8x8/weights.bin'));
    const specs = (JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as { weightsManifest: { weights: { name: string; shape: number[] }[] }[] }).weightsManifest[0]!.weights;
    // The first value of the second weight in the manifest.
    const offset = specs[0]!.shape.reduce((a, d) => a * d, 1);
    weights.writeFloatLE(3e38, 4 * offset);
    writeFileSync(join(dir, 'weights.bin'), weights);
    const out = join(tmp, 'garbage.json');
    const r = await runCli(['generate', '--generator', 'sd-pcgrl', '--count', '3', '--rl-model', dir, '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`weight "${specs[1]!.name}" of layer "${specs[1]!.name.split('/')[0]}"`);
    expect(r.stderr).toContain('a weight of 3.00e+38');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });
});

describe('--max-states and the machine\'s memory', () => {
  it('a cap past what fits asks for --force and says how much it may use; --force runs it', async () => {
    const real = machineMemory.bytes;
    machineMemory.bytes = () => 4e9;
    try {
      // By hand: capacity 2^26 = 67,108,864 states x (39 + 4 x 8 words) bytes, plus 50,000,000 x 37
      // bytes of features = 6,614,729,344 bytes; 80% of 4 GB is 3.2 GB.
      const r = await runCli(['analyze', levels, '--max-states', '50000000']);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('--max-states 50000000 may use up to 6.6 GB of memory');
      expect(r.stderr).toContain("this machine's 4.0 GB");
      expect(r.stderr).toContain('--force');
      expect(r.stdout).toBe('');
      const e = await runCli(['export', levels, '--format', 'csv', '--out', join(tmp, 'cap.csv'), '--max-states', '50000000']);
      expect(e.status).toBe(2);
      // 20,000,000 fits: 2^25 x 71 + 20,000,000 x 37 = 3,122,364,672 bytes, under 3.2 GB.
      expect((await runCli(['analyze', levels, '--max-states', '20000000'])).status).toBe(0);
      const forced = await runCli(['analyze', levels, '--max-states', '50000000', '--force']);
      expect(forced.status, forced.stderr).toBe(0);
      expect(JSON.parse(forced.stdout)).toMatchObject({ name: 'tiny', nStates: 13 });
    } finally {
      machineMemory.bytes = real;
    }
  });
});

describe('CSV export from the command line', () => {
  it('a level named =HYPERLINK(...) is written as text behind a quote mark', async () => {
    const file = join(tmp, 'attack.txt');
    writeFileSync(file, '; =HYPERLINK("http://x.example","click")\nC..#\n.#..\n....\n\n; @SUM(1)\nC..\n...\n...\n');
    const out = join(tmp, 'attack.csv');
    expect((await runCli(['export', file, '--format', 'csv', '--out', out])).status).toBe(0);
    const records = parseCsv(readFileSync(out, 'utf8'));
    expect(records.slice(1).map((r) => r[2])).toEqual(['\'=HYPERLINK("http://x.example","click")', "'@SUM(1)"]);
  });
});
