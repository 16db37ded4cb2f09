/**
 * Docs that are tested: every ```sh block of README.md and docs/*.md runs,
 * with bash, in a temporary copy of the checkout (its own package root, so
 * the CLI's shipped-file guard protects the copy's files as it would the
 * checkout's), and
 * - exits 0, with each block starting from no `out/` folder (a block stands
 *   alone);
 * - changes no file of the copy outside `out/` (compared by content before
 *   and after, placeholders included);
 * - does what its page says: the fit commands rebuild the shipped difficulty
 *   models byte for byte but for `createdAt`, four shards merge into the
 *   unsharded levels, the evaluation prints the counts docs/evaluation.md
 *   reports, the exports are what formats.md describes.
 * Blocks tagged `console` are shown, not run (a GPU run, a cluster, the
 * whole test suite); a fence with another tag must hold no command line.
 *
 * Placeholders the docs assume the reader has: `analytics.csv` (player
 * data, `level,avgCompletionSeconds`), written here from the fixture levels.
 * `npm run cli -- ARGS` (and `npm run --silent cli -- ARGS`) runs the CLI's
 * bundle as `node bin/longcat.mjs ARGS`, what the copy's `npm run cli` runs,
 * without npm's own start: the bundle is this run's (test/globalSetup.ts
 * builds it), and a command costs about 0.25 s of CPU instead of 0.45 s
 * through npm and 1.2 s through tsx. (cli.test.ts runs `npm run cli` itself,
 * through tsx.) The fit commands' generated corpus (20,000 iterations, seed 1) is
 * built once per run and shared with the shipped models' rebuild
 * (src/core/difficulty/recipe.test.ts) through the run's corpus cache
 * (LONGCAT_CORPUS_CACHE, test/globalSetup.ts): the three fits here only fit.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT as ROOT, copyCheckout, npmEnv } from './support/checkoutCopy';
import { parseCsv } from './support/exportReaders';
import { parseLevels } from '../src/core/level/format';
import { naiveAnalyze } from './naive/naiveSolver';

const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

interface Block {
  readonly page: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly body: string;
}

/** The fenced blocks of a Markdown page (fences may be indented, as inside a list item; the body is dedented by the fence's indent). */
function fencedBlocks(page: string, text: string): Block[] {
  const out: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^ *```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(Math.min(indent, /^ */.exec(lines[j]!)![0].length)));
    out.push({ page, line: i + 1, lang: open[2]!, body: body.join('\n') + '\n' });
    i = j;
  }
  return out;
}

const ALL = PAGES.flatMap((p) => fencedBlocks(p, readFileSync(join(ROOT, p), 'utf8')));
const SH = ALL.filter((b) => b.lang === 'sh');
/** A line that runs something. */
const COMMAND = /^\s*(npm|npx|node|longcat|git|kubectl|docker|tsx|\/usr\/bin\/time)\s/m;

describe('docs: every command block is deliberate', () => {
  it('finds the blocks it should (a control for the parser)', () => {
    expect(SH.map((b) => b.page)).toEqual(expect.arrayContaining(['README.md', 'docs/difficulty.md', 'docs/evaluation.md']));
    // The indented block inside difficulty.md's list is found and dedented.
    expect(SH.some((b) => b.page === 'docs/difficulty.md' && b.body.startsWith('mkdir -p out\nnpm run cli -- fit-predictor'))).toBe(true);
  });

  it('a block with a command line is sh (run by this test) or console (shown only)', () => {
    const stray = ALL.filter((b) => b.lang !== 'sh' && b.lang !== 'console' && COMMAND.test(b.body));
    expect(stray.map((b) => `${b.page}:${b.line} (${b.lang || 'no language'})`)).toEqual([]);
  });

  it('every --out of an sh block is under out/', () => {
    const outs = SH.flatMap((b) => [...b.body.matchAll(/--out\s+(\S+)/g)].map((m) => ({ at: `${b.page}:${b.line}`, out: m[1]! })));
    expect(outs.length).toBeGreaterThan(10);
    expect(outs.filter((o) => !o.out.startsWith('out/'))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// Running the blocks
// ---------------------------------------------------------------------------

let copy: string;

/** Every file of `dir` (not following links) by its path relative to `dir`, with a hash of its content. */
function snapshot(dir: string, skip: (rel: string) => boolean): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      const rel = relative(dir, full);
      if (skip(rel)) continue;
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) files.set(rel, createHash('sha1').update(readFileSync(full)).digest('hex'));
      else files.set(rel, e.isSymbolicLink() ? 'link' : 'other');
    }
  };
  walk(dir);
  return files;
}

/** The player-data placeholder: every solvable fixture level with a made-up but deterministic time (seconds grow with the naive solver's expected moves). */
function analyticsCsv(): string {
  const parsed = parseLevels(readFileSync(join(ROOT, 'test/fixtures/levels.txt'), 'utf8'));
  if (!parsed.ok) throw new Error('fixture levels do not parse');
  const rows: string[] = ['level,avgCompletionSeconds'];
  for (const level of parsed.value) {
    const grid = Array.from({ length: level.height }, (_, y) => Array.from({ length: level.width }, (_, x) => (y * level.width + x === level.head ? 'C' : level.cells[y * level.width + x] ? '#' : '.')).join(''));
    const f = naiveAnalyze(grid).features;
    if (f.nSolutions > 0 && f.nStates < 5000) rows.push(`${grid.join('/')},${(3 + 2 * Math.log1p(f.expectedMoves)).toFixed(2)}`);
  }
  return rows.join('\n') + '\n';
}

beforeAll(() => {
  copy = copyCheckout('longcat-docs-');
  // The standalone player's template (export --format html): the checkout's build, else built in the copy.
  const havePlayer = existsSync(join(ROOT, 'build/player/play.html'));
  if (havePlayer) cpSync(join(ROOT, 'build/player'), join(copy, 'build/player'), { recursive: true });
  // The command line's bundle (build/cli, what the `longcat` bin runs): this run's, built from the
  // same sources by test/globalSetup.ts; the player is built in the copy when the checkout has none.
  cpSync(join(ROOT, 'build/cli'), join(copy, 'build/cli'), { recursive: true });
  if (!havePlayer) {
    const b = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: copy, encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`build-cli in the copy exited ${b.status}: ${b.stderr}`);
  }
  // `npm run cli` runs the bundle rather than the sources through tsx: the same
  // code, one esbuild build instead of a TypeScript transform per command.
  // (cli.test.ts runs `npm run cli` itself, through tsx.)
  const pkgFile = join(copy, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.cli).toBe('tsx src/cli/longcat.ts');
  pkg.scripts.cli = 'node bin/longcat.mjs';
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(join(copy, 'analytics.csv'), analyticsCsv());
});

afterAll(() => {
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
});

/**
 * Bash's `npm` inside a block: `npm run cli -- ARGS` and `npm run --silent cli -- ARGS`
 * run what the copy's `npm run cli` runs (`node bin/longcat.mjs ARGS`) without starting
 * npm; any other npm command is npm's.
 */
const NPM_CLI = `npm() {
  case "$1 $2 $3 $4" in
    "run cli -- "*) shift 3; node bin/longcat.mjs "$@" ;;
    "run --silent cli --") shift 4; node bin/longcat.mjs "$@" ;;
    *) command npm "$@" ;;
  esac
}
`;

/** Runs one block in the copy with bash (-e, pipefail: any failing command fails the block). */
function runBlock(b: Block): { stdout: string; stderr: string } {
  rmSync(join(copy, 'out'), { recursive: true, force: true });
  const before = snapshot(copy, (rel) => rel === 'node_modules' || rel === 'out' || rel.startsWith('out/'));
  const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', NPM_CLI + b.body], {
    cwd: copy,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: npmEnv(),
  });
  expect(r.status, `${b.page}:${b.line} exited ${r.status}\n${r.stderr.slice(-3000)}`).toBe(0);
  const after = snapshot(copy, (rel) => rel === 'node_modules' || rel === 'out' || rel.startsWith('out/'));
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
  expect(changed, `${b.page}:${b.line} changed files outside out/`).toEqual([]);
  return { stdout: r.stdout, stderr: r.stderr };
}

const out = (f: string): string => readFileSync(join(copy, 'out', f), 'utf8');
/** A model file with its date blanked: what must match the shipped file byte for byte. */
const undated = (text: string): string => text.replace(/"createdAt": "[^"]*"/, '"createdAt": "<date>"');
const shippedModel = (name: string): string => undated(readFileSync(join(ROOT, 'models/difficulty', name), 'utf8'));
const packRows = (text: string): string[] => (JSON.parse(text) as { levels: { rows: string[] }[] }).levels.map((l) => l.rows.join('/'));

/** What a page's sh blocks must leave behind, after its blocks ran (index: the block's place on the page); pages without an entry must only run cleanly. */
const CHECKS: Record<string, (block: number, stdout: string) => void> = {
  'README.md': () => {
    // Four shards merge into the unsharded run's levels, in the same order.
    const rsd = packRows(out('rsd.json'));
    expect(rsd.length).toBeGreaterThan(150);
    expect(packRows(out('merged.json'))).toEqual(rsd);
    // The fit on generated levels is the shipped default.
    expect(undated(out('default.json'))).toBe(shippedModel('default.json'));
    // The exports: a CSV with a header and one record per level, a C header, the player, levels JSON.
    const csv = parseCsv(out('levels.csv'));
    expect(csv[0]!.slice(0, 3)).toEqual(['index', 'id', 'name']);
    expect(csv).toHaveLength(rsd.length + 1);
    expect(out('levels.h')).toContain(`const uint8_t levelCount = ${rsd.length};`);
    expect(out('play.html')).toContain('<html');
    expect((JSON.parse(out('levels.json')) as { levels: unknown[] }).levels).toHaveLength(rsd.length);
    // The model trained then resumed to its second budget, and the player-data fit.
    // It learned: under the recipe's own warm-up (5,000 replay steps) 4,000 steps make no update,
    // so updates show that --learning-starts 1000 reached the run (and its command records it).
    const meta = JSON.parse(out('sd-model/meta.json')) as { envSteps: number; updates: number; command: string };
    expect(meta.envSteps).toBeGreaterThanOrEqual(4000);
    expect(meta.updates).toBeGreaterThan(0);
    expect(meta.command).toContain('--env-steps 4000 --learning-starts 1000');
    expect(JSON.parse(out('my-model.json'))).toMatchObject({ format: 'longcat-difficulty-model', features: ['nSolutions', 'nSolutionBranches', 'nIndeterminateBranches'] });
  },
  'docs/difficulty.md': (block) => {
    const name = ['default.json', 'iteration7.json'][block]!;
    expect(undated(out(name))).toBe(shippedModel(name));
  },
  'docs/evaluation.md': (_block, stdout) => {
    const page = readFileSync(join(ROOT, 'docs/evaluation.md'), 'utf8');
    // The table's numbers, read from the page (thousands separators dropped), against the printed reports.
    const ours = (row: string): string => {
      const m = new RegExp(`^\\| ${row} \\|[^|]*\\| ([\\d,]+)`, 'm').exec(page);
      if (!m) throw new Error(`no row "${row}" in docs/evaluation.md`);
      return m[1]!.replace(/,/g, '');
    };
    const [rsd, rpu] = stdout.split(/^generator /m).slice(1);
    expect(rsd).toMatch(/^rsd /);
    expect(rpu).toMatch(/^rpu /);
    expect(rsd).toMatch(new RegExp(`^unique solvable\\s+${ours('RSD unique levels')}$`, 'm'));
    expect(rsd).toMatch(new RegExp(`^duplicates\\s+${ours('RSD duplicates')} `, 'm'));
    expect(rpu).toMatch(new RegExp(`^unique solvable\\s+${ours('RPU unique solvable levels')}$`, 'm'));
    expect(rpu).toMatch(new RegExp(`^duplicates\\s+${ours('RPU duplicates')} `, 'm'));
  },
};

describe('docs: the sh blocks run and do what they say', () => {
  it('the pages with checks still have their sh blocks', () => {
    for (const page of Object.keys(CHECKS)) expect(SH.some((b) => b.page === page), page).toBe(true);
  });

  const pages = [...new Set(SH.map((b) => b.page))];
  it.each(pages)('%s: each sh block exits 0, writes only under out/, and does what the page says', (page) => {
    SH.filter((b) => b.page === page).forEach((b, i) => {
      const { stdout } = runBlock(b);
      CHECKS[page]?.(i, stdout);
    });
  }, 900_000);
});
