/**
 * Packs in a game's git repository (SPEC §15), end to end: the merge driver
 * run by the real `git` in a temporary repository for each case the issue
 * names, and `diff`, `lint` and `format` through the CLI. Ground truth for
 * solvability is the naive solver.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { naiveAnalyze, naiveSolution } from '../../test/naive/naiveSolver';
import { runCli } from '../../test/support/cliRun';
import { parseRows } from '../core/level/format';
import { createPack, exportPack, importPack, packLevelFromLevel } from '../core/pack/pack';
import type { LevelPack, PackLevel } from '../core/pack/schema';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by its work (docs/suite.md): no wall-clock timeout, which a loaded machine would trip.
noWallClockLimit();

const ROOT = resolve(__dirname, '../..');
const hasGit = spawnSync('git', ['--version']).status === 0;
if (!hasGit) console.log('repo.test: no git on this machine; the merge-driver tests with git skip');

const lv = (id: string, rows: string[], name = id): PackLevel => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  return { ...packLevelFromLevel(p.value, { id }), name };
};
const BASE = createPack('game', [lv('l-aaaaaaaaaa', ['C...', '....', '....'], 'one'), lv('l-bbbbbbbbbb', ['C..', '...', '...'], 'two')]);
const withLevels = (p: LevelPack, levels: PackLevel[]): LevelPack => ({ ...p, levels });
const read = (text: string): LevelPack => {
  const r = importPack(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.pack;
};

/** Every temporary folder this file made, removed when it ends. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

/** A temporary repository with the pack committed on main, the driver configured (or not). */
function repo(driver: boolean): { git: (...args: string[]) => { status: number | null; out: string }; dir: string; write: (p: LevelPack) => void } {
  const dir = tempDir('longcat-git-');
  const env = { ...process.env, HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };
  git('init', '-q', '-b', 'main');
  if (driver) {
    // The two lines docs/repository.md shows, with the command run from this checkout's sources.
    writeFileSync(join(dir, '.gitattributes'), '*.longcat-pack.json merge=longcat\n');
    git('config', 'merge.longcat.name', 'Longcat level packs');
    git('config', 'merge.longcat.driver', `"${ROOT}/node_modules/.bin/tsx" "${ROOT}/src/cli/longcat.ts" merge-driver %O %A %B %P`);
  }
  const write = (p: LevelPack) => writeFileSync(join(dir, 'levels.longcat-pack.json'), exportPack(p));
  write(BASE);
  git('add', '-A');
  git('commit', '-qm', 'base');
  return { git, dir, write };
}

/** Commits `ours` on main and `theirs` on a branch from the base, then merges the branch into main. */
function mergeBranches(driver: boolean, ours: LevelPack, theirs: LevelPack) {
  const r = repo(driver);
  r.git('checkout', '-qb', 'theirs');
  r.write(theirs);
  r.git('commit', '-qam', 'theirs');
  r.git('checkout', '-q', 'main');
  r.write(ours);
  r.git('commit', '-qam', 'ours');
  const merge = r.git('merge', '--no-edit', 'theirs');
  const unmerged = r.git('diff', '--name-only', '--diff-filter=U').out.trim();
  return { merge, unmerged, text: readFileSync(join(r.dir, 'levels.longcat-pack.json'), 'utf8') };
}

describe.skipIf(!hasGit)('longcat merge-driver with git', () => {
  it('two branches that edit different levels and each append one merge cleanly, keeping all four changes', () => {
    const ours = withLevels(BASE, [lv('l-aaaaaaaaaa', ['C#..', '....', '....'], 'one'), BASE.levels[1]!, lv('l-oooooooooo', ['C.#', '...', '...'], 'ours new')]);
    const theirs = withLevels(BASE, [BASE.levels[0]!, lv('l-bbbbbbbbbb', ['C..', '...', '..#'], 'two'), lv('l-tttttttttt', ['C..', '#..', '...'], 'theirs new')]);
    const m = mergeBranches(true, ours, theirs);
    expect(m.merge.status, m.merge.out).toBe(0);
    expect(m.unmerged).toBe('');
    const merged = read(m.text);
    expect(merged.levels.map((l) => [l.id, l.rows.join('/')])).toEqual([
      ['l-aaaaaaaaaa', 'C#../..../....'],
      ['l-bbbbbbbbbb', 'C../.../..#'],
      ['l-oooooooooo', 'C.#/.../...'],
      ['l-tttttttttt', 'C../#../...'],
    ]);
    // The merged file is canonical: the bytes the studio and the CLI write.
    expect(exportPack(merged)).toBe(m.text);
  });

  it('two branches that each wall one cell of the same row, each solvable alone and unsolvable together, stop as a conflict keeping both', () => {
    const oursRows = ['C#..', '....', '....'], theirsRows = ['C..#', '....', '....'];
    expect(naiveSolution(oursRows)).not.toBeNull();
    expect(naiveSolution(theirsRows)).not.toBeNull();
    expect(naiveSolution(['C#.#', '....', '....'])).toBeNull();
    const m = mergeBranches(true, withLevels(BASE, [lv('l-aaaaaaaaaa', oursRows, 'one'), BASE.levels[1]!]), withLevels(BASE, [lv('l-aaaaaaaaaa', theirsRows, 'one'), BASE.levels[1]!]));
    expect(m.merge.status).not.toBe(0);
    expect(m.merge.out).toMatch(/CONFLICT level l-aaaaaaaaaa "one": .*UNSOLVABLE/);
    expect(m.unmerged).toBe('levels.longcat-pack.json');
    expect(m.text).toMatch(/<<<<<<< ours[^\n]*\n[\s\S]*"C#\.\.",[\s\S]*\|\|\|\|\|\|\| base[\s\S]*=======\n[\s\S]*"C\.\.#",[\s\S]*>>>>>>> theirs/);
  });

  it('walls on two rows of one level: git alone merges them into an unsolvable level without a word, the driver stops', () => {
    const oursRows = ['C#..', '....', '....'], theirsRows = ['C...', '....', '.#..'];
    expect(naiveSolution(oursRows)).not.toBeNull();
    expect(naiveSolution(theirsRows)).not.toBeNull();
    expect(naiveSolution(['C#..', '....', '.#..'])).toBeNull();
    const ours = withLevels(BASE, [lv('l-aaaaaaaaaa', oursRows, 'one'), BASE.levels[1]!]);
    const theirs = withLevels(BASE, [lv('l-aaaaaaaaaa', theirsRows, 'one'), BASE.levels[1]!]);
    const plain = mergeBranches(false, ours, theirs);
    expect(plain.merge.status).toBe(0);
    expect(read(plain.text).levels[0]!.rows).toEqual(['C#..', '....', '.#..']);
    const m = mergeBranches(true, ours, theirs);
    expect(m.merge.status).not.toBe(0);
    expect(m.unmerged).toBe('levels.longcat-pack.json');
  });

  it('both branches changing one cell differently stop as a conflict', () => {
    const m = mergeBranches(true, withLevels(BASE, [BASE.levels[0]!, lv('l-bbbbbbbbbb', ['C#.', '...', '...'], 'two')]), withLevels(BASE, [BASE.levels[0]!, lv('l-bbbbbbbbbb', ['.C.', '...', '...'], 'two')]));
    expect(m.merge.status).not.toBe(0);
    expect(m.merge.out).toMatch(/CONFLICT level l-bbbbbbbbbb "two": both sides changed cell \(1,0\)/);
    expect(m.text).toContain('"C#.",');
    expect(m.text).toContain('".C.",');
  });
});

describe('longcat diff, lint and format', () => {
  const dir = tempDir('longcat-repo-');
  const file = (name: string, p: LevelPack | string) => {
    const path = join(dir, name);
    writeFileSync(path, typeof p === 'string' ? p : exportPack(p));
    return path;
  };

  it('diff exits 1 naming a level an edit made unsolvable, 0 when every level stays solvable, 2 for a bad file', async () => {
    const old = file('old.json', BASE);
    const broken = file('broken.json', withLevels(BASE, [lv('l-aaaaaaaaaa', ['C#.#', '....', '....'], 'one'), BASE.levels[1]!]));
    const fine = file('fine.json', withLevels(BASE, [lv('l-aaaaaaaaaa', ['C#..', '....', '....'], 'one'), BASE.levels[1]!]));
    const r1 = await runCli(['diff', old, broken]);
    expect(r1.status).toBe(1);
    expect(r1.stdout).toMatch(/^changed {2}l-aaaaaaaaaa "one": 2 cells \(1,0\) \.->#  ?\(3,0\) \.->#; solvable -> UNSOLVABLE/m);
    expect(r1.stdout).toMatch(/^BROKEN {3}l-aaaaaaaaaa was solvable and no longer is$/m);
    const r0 = await runCli(['diff', old, fine, '--json']);
    expect(r0.status).toBe(0);
    const d = JSON.parse(r0.stdout) as { changed: { after: { shortestSolution: number; solutions: number; deadStates: number } }[] };
    const naive = naiveAnalyze(['C#..', '....', '....']);
    expect(d.changed[0]!.after).toMatchObject({ shortestSolution: naive.features.shortestSolutionLength, solutions: naive.features.solutionPaths, deadStates: naive.classes.dead });
    expect((await runCli(['diff', old, file('bad.json', '{"format":"longcat-pack"')])).status).toBe(2);
    expect((await runCli(['diff', old, old])).stdout).toBe('no differences\n');
  });

  it('lint prints one line per violation and exits 1; a clean pack exits 0', async () => {
    const pack = file('lint.json', withLevels(BASE, [...BASE.levels, lv('l-cccccccccc', ['...', '...', '..C'], 'two turned'), lv('l-dddddddddd', ['C#.#', '....', '....'], 'stuck')]));
    const r = await runCli(['lint', pack]);
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      `${pack}: #3 l-cccccccccc "two turned": noSymmetricDuplicates: the same level as #2 l-bbbbbbbbbb "two" up to rotation or mirroring`,
      `${pack}: #4 l-dddddddddd "stuck": solvable: the level has no solution`,
    ]);
    // A rules file: the shortest solutions from the naive solver decide which levels break the minimum.
    const rules = file('rules.json', JSON.stringify({ format: 'longcat-lint-rules', version: 1, minShortestSolution: 5 }));
    const short = BASE.levels.filter((l) => naiveAnalyze(l.rows).features.shortestSolutionLength < 5).map((l) => l.id);
    const r2 = await runCli(['lint', file('base.json', BASE), '--rules', rules]);
    expect(r2.stdout.trim().split('\n').filter(Boolean).map((l) => /l-\w+/.exec(l)![0])).toEqual(short);
    expect(r2.status).toBe(short.length > 0 ? 1 : 0);
    expect((await runCli(['lint', file('ok.json', withLevels(BASE, [BASE.levels[0]!]))])).status).toBe(0);
    expect((await runCli(['lint', pack, '--rules', file('typo.json', '{"format":"longcat-lint-rules","version":1,"uniqeSolution":true}')])).status).toBe(2);
  });

  it('format: read then write is the same bytes; an old layout is rewritten; --check says which file is not canonical', async () => {
    const canonical = file('canonical.json', BASE);
    const before = readFileSync(canonical, 'utf8');
    expect((await runCli(['format', '--check', canonical])).status).toBe(0);
    expect((await runCli(['format', canonical])).status).toBe(0);
    expect(readFileSync(canonical, 'utf8')).toBe(before);
    const old = file('old-layout.json', JSON.stringify({ ...JSON.parse(before), version: 1, rules: undefined }, null, 2));
    const check = await runCli(['format', '--check', old]);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('not in the canonical layout');
    expect((await runCli(['format', old])).status).toBe(0);
    expect(readFileSync(old, 'utf8')).toBe(before);
  });
});
