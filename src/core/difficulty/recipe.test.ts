/**
 * The shipped default difficulty model (SPEC §5, models/difficulty/default.json):
 * (a) it is reproducible from the recipe recorded in the file;
 * (b) tunnels stay trivial — thesis §4 (Figure 4.1): long corridors with no
 *     choices inflated the iteration-5 predictor; the default model must not
 *     reward them (hand-built corridor levels, analysed for real);
 * (c) calibration holds on fresh RSD 8x8 levels (thesis: 91% of unique levels
 *     below 20, 4% above 30);
 * (d) monotonicity that follows from the file's coefficient signs and the clamp.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import shipped from '../../../models/difficulty/default.json';
import { analyzeLevel } from '../graph/analyze';
import { FEATURE_NAMES, type LevelFeatures } from '../graph/features';
import { createLevelSource } from '../generators/registry';
import { parseRows } from '../level/format';
import { levelKey, type Level } from '../level/level';
import { DEFAULT_DIFFICULTY_MODEL } from './defaultModel';
import { FIT_METHODS, type FeatureName, type FitMethod } from './model';
import { calibrateToThesis } from './calibrate';
import { explainDifficulty, predictDifficulty } from './predict';
import { buildModelFromGenerated, ITERATION_7_FEATURES } from './recipe';

const MODEL = DEFAULT_DIFFICULTY_MODEL;

/** Every feature 0. */
const zeroFeatures = (): LevelFeatures => Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as unknown as LevelFeatures;

// ---------------------------------------------------------------------------
// (a) Reproducibility
// ---------------------------------------------------------------------------

/** The fit-predictor options in a recorded command line, with the CLI's documented defaults. */
function parseRecipeCommand(command: string): { generated: number; seed: number; method: FitMethod; features: FeatureName[]; name: string; out: string } {
  const tokens = command.trim().split(/\s+/);
  const at = tokens.indexOf('fit-predictor');
  if (at < 0) throw new Error(`not a fit-predictor command: ${command}`);
  const opts = new Map<string, string>();
  for (let i = at + 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.startsWith('--')) throw new Error(`unexpected argument ${t}`);
    const next = tokens[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      opts.set(t.slice(2), next);
      i++;
    } else opts.set(t.slice(2), 'true');
  }
  const generated = opts.get('generated');
  if (generated === undefined) throw new Error('the default model must come from --generated');
  const method = (opts.get('method') ?? 'ridge') as FitMethod;
  expect(FIT_METHODS).toContain(method);
  const features = (opts.get('features')?.split(',') ?? [...ITERATION_7_FEATURES]) as FeatureName[];
  for (const f of features) expect(FEATURE_NAMES).toContain(f);
  return { generated: Number(generated), seed: Number(opts.get('seed') ?? '1'), method, features, name: opts.get('name') ?? 'custom', out: opts.get('out') ?? '' };
}

/** The model JSON with createdAt blanked and the --out path of the command replaced. */
function normalised(model: unknown): unknown {
  const j = JSON.parse(JSON.stringify(model)) as { provenance: { createdAt: string; command?: string } };
  j.provenance.createdAt = '<createdAt>';
  if (j.provenance.command !== undefined) j.provenance.command = j.provenance.command.replace(/--out\s+\S+/, '--out <out>');
  return j;
}

describe('(a) reproducibility of models/difficulty/default.json', () => {
  it('rebuilding with the recorded recipe gives the same file (except createdAt and the --out path)', () => {
    const command = shipped.provenance.command;
    const recipe = parseRecipeCommand(command);
    expect(recipe.generated).toBeGreaterThan(0);
    expect(recipe.seed).toBe(shipped.provenance.seed);
    const rebuiltCommand = command.replace(/--out\s+\S+/, '--out /tmp/elsewhere/default.json');
    const rebuilt = buildModelFromGenerated(
      { name: recipe.name, iterations: recipe.generated, seed: recipe.seed, method: recipe.method, features: recipe.features, command: rebuiltCommand },
      '2000-01-01T00:00:00.000Z',
    );
    expect(rebuilt.provenance.createdAt).toBe('2000-01-01T00:00:00.000Z');
    expect(normalised(rebuilt)).toEqual(normalised(shipped));
  });
});

// ---------------------------------------------------------------------------
// (b) Tunnels stay trivial
// ---------------------------------------------------------------------------

const DX = [0, 0, -1, 1], DY = [-1, 1, 0, 0];

function level(rows: readonly string[]): Level {
  const r = parseRows(rows);
  if (!r.ok) throw new Error(`bad test level: ${r.error.message}`);
  return r.value;
}

function analysed(rows: readonly string[]): LevelFeatures {
  const r = analyzeLevel(level(rows));
  if (!r.ok) throw new Error(r.error.message);
  return r.value.features;
}

const isOpen = (rows: readonly string[], x: number, y: number): boolean => y >= 0 && y < rows.length && x >= 0 && x < rows[0]!.length && rows[y]![x] !== '#';
const openNeighbours = (rows: readonly string[], x: number, y: number): number => [0, 1, 2, 3].filter((d) => isOpen(rows, x + DX[d]!, y + DY[d]!)).length;
function openCells(rows: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  rows.forEach((r, y) => [...r].forEach((c, x) => c !== '#' && out.push([x, y])));
  return out;
}

/**
 * Walks a 1-cell-wide corridor from the head. Checks it is one: every open
 * cell has exactly two open neighbours except the two ends, the head is an
 * end, and the walk visits every open cell. Returns the number of straight
 * segments, i.e. the moves that fill it (the head slides to each turn).
 */
function corridorSegments(rows: readonly string[]): number {
  const cells = openCells(rows);
  const ends = cells.filter(([x, y]) => openNeighbours(rows, x, y) === 1);
  expect(ends).toHaveLength(2);
  for (const [x, y] of cells) expect(openNeighbours(rows, x, y)).toBeLessThanOrEqual(2);
  const hy = rows.findIndex((r) => r.includes('C')), hx = rows[hy]!.indexOf('C');
  expect(openNeighbours(rows, hx, hy)).toBe(1);
  const seen = new Set([`${hx},${hy}`]);
  let [x, y] = [hx, hy], dir = -1, segments = 0;
  for (;;) {
    const d = [0, 1, 2, 3].find((dd) => isOpen(rows, x + DX[dd]!, y + DY[dd]!) && !seen.has(`${x + DX[dd]!},${y + DY[dd]!}`));
    if (d === undefined) break;
    if (d !== dir) segments++;
    dir = d;
    x += DX[d]!;
    y += DY[d]!;
    seen.add(`${x},${y}`);
  }
  expect(seen.size).toBe(cells.length);
  return segments;
}

/** A 1-cell-wide snake filling a 10x10 grid, turning at almost every cell (head at one end). */
const SNAKE_10 = [
  'C.#####...',
  '#..###..#.',
  '##.##..#..',
  '#..#..#..#',
  '..#..#..##',
  '.#..#..###',
  '...#..#...',
  '###..#..#.',
  '###.#..#..',
  '###...#..#',
];

/** The same idea on 8x8. */
const SNAKE_8 = [
  'C#...###',
  '...#.###',
  '###..###',
  '##..#...',
  '#..#..#.',
  '..#..#..',
  '.#..#..#',
  '...#..##',
];

/** SNAKE_10 with two dead-end side pockets of length 1, at (9,5) and (2,9), late in the corridor. */
const SNAKE_10_POCKETS = [
  'C.#####...',
  '#..###..#.',
  '##.##..#..',
  '#..#..#..#',
  '..#..#..##',
  '.#..#..##.',
  '...#..#...',
  '###..#..#.',
  '###.#..#..',
  '##....#..#',
];

/**
 * A room and a tunnel (thesis Figure 4.1). The head C at (1,0) chooses:
 * right fills the room (1,0)-(4,0),(3,1),(4,1) then runs the tunnel from
 * (3,2) back round to (0,0): solved. Left runs the tunnel the other way and
 * arrives in the room from below, sliding up past (3,1) to (3,0): (2,0) is
 * then cut off. Every state along that tunnel still has its empty cells
 * connected, so the whole wrong-way tunnel is a chain of indeterminate states
 * with one move each: many indeterminate states, no indeterminate branch.
 * The two levels differ only in the tunnel; rows 0-1, columns 0-5 are equal.
 */
const ROOM_LONG_TUNNEL = [
  '.C...##...',
  '.##..#..#.',
  '.##.#..#..',
  '..#...#..#',
  '#..###..##',
  '##.##..###',
  '#..#..####',
  '..#..#####',
  '.#..######',
  '...#######',
];
const ROOM_SHORT_TUNNEL = [
  '.C...#####',
  '.##..#####',
  '....######',
  '##########',
  '##########',
  '##########',
  '##########',
  '##########',
  '##########',
  '##########',
];

describe('(b) tunnels stay trivial under the default model (thesis §4, Figure 4.1)', () => {
  it('a 1-wide snake corridor with many turns: many states and moves, one solution, no choice -> trivial (< 20)', () => {
    for (const [rows, minSegments] of [[SNAKE_10, 40], [SNAKE_8, 25]] as const) {
      const segments = corridorSegments(rows);
      expect(segments).toBeGreaterThanOrEqual(minSegments);
      const f = analysed(rows);
      // Hand-derived: one move per straight segment, one state per stop, never a choice.
      expect(f.nStates).toBe(segments + 1);
      expect(f.shortestSolutionLength).toBe(segments);
      expect(f.expectedMoves).toBe(segments);
      expect(f.nSolutions).toBe(1);
      expect(f.nBranches).toBe(0);
      const d = predictDifficulty(MODEL, f);
      expect(d).toBeLessThan(20);
      expect(explainDifficulty(MODEL, f).band).toBe('trivial');
    }
  });

  it('a snake corridor with dead-end side pockets: a long chain of indeterminate states without branches -> trivial', () => {
    // The pockets: wall cells of the snake opened, each with exactly one open neighbour.
    const added = openCells(SNAKE_10_POCKETS).filter(([x, y]) => !isOpen(SNAKE_10, x, y));
    expect(added).toEqual([[9, 5], [2, 9]]);
    for (const [x, y] of added) expect(openNeighbours(SNAKE_10_POCKETS, x, y)).toBe(1);
    // A corridor with a side pocket cannot be filled: the level is unsolvable,
    // and every state before the first pocket is indeterminate (connected, doomed), with one move.
    const f = analysed(SNAKE_10_POCKETS);
    expect(f.nSolutions).toBe(0);
    expect(f.nIndeterminate).toBeGreaterThanOrEqual(30);
    expect(f.nIndeterminateBranches).toBe(0);
    expect(f.nStates).toBeGreaterThanOrEqual(40);
    expect(predictDifficulty(MODEL, f)).toBeLessThan(20);
  });

  it('a room with a long winding tunnel: many indeterminate states and moves, yet trivial and exactly as hard as the same room with a short tunnel', () => {
    // Hand-checked structure: the two levels share the room; outside it every open cell is a tunnel cell with two open neighbours.
    for (const rows of [ROOM_LONG_TUNNEL, ROOM_SHORT_TUNNEL]) {
      expect(rows.slice(0, 2).map((r) => r.slice(0, 6))).toEqual(['.C...#', '.##..#']);
      for (const [x, y] of openCells(rows)) if (y >= 2 || x >= 6 || (x === 0 && y <= 1)) expect(openNeighbours(rows, x, y), `${x},${y}`).toBe(2);
    }
    const long = analysed(ROOM_LONG_TUNNEL), short = analysed(ROOM_SHORT_TUNNEL);
    for (const f of [long, short]) {
      expect(f.nSolutions).toBe(1);
      expect(f.nSolutionBranches).toBe(1); // the one choice, at the start
      expect(f.nIndeterminateBranches).toBe(0);
    }
    // The long tunnel inflates exactly what inflated the thesis's iteration-5 predictor ...
    expect(long.nIndeterminate).toBeGreaterThanOrEqual(30);
    expect(long.nIndeterminate).toBeGreaterThan(5 * short.nIndeterminate);
    expect(long.nStates).toBeGreaterThan(4 * short.nStates);
    expect(long.shortestSolutionLength).toBeGreaterThan(5 * short.shortestSolutionLength);
    expect(long.expectedMoves).toBeGreaterThan(5 * short.expectedMoves);
    // ... but not the default model.
    const dLong = predictDifficulty(MODEL, long), dShort = predictDifficulty(MODEL, short);
    expect(dLong).toBe(dShort);
    expect(dLong).toBeLessThan(20);
  });

  it('the default model ignores tunnel-length features: changing them alone never changes the prediction (property)', () => {
    const tunnelish: FeatureName[] = ['nStates', 'nIndeterminate', 'shortestSolutionLength', 'expectedMoves', 'expectedDecisions', 'nNonDead', 'size', 'nFails'];
    for (const n of tunnelish) expect(MODEL.features).not.toContain(n);
    fc.assert(
      fc.property(fc.constantFrom(SNAKE_10, SNAKE_8, ROOM_LONG_TUNNEL), fc.constantFrom(...tunnelish), fc.nat({ max: 1e6 }), (rows, name, v) => {
        const f = analysed(rows);
        expect(predictDifficulty(MODEL, { ...f, [name]: v })).toBe(predictDifficulty(MODEL, f));
      }),
      { numRuns: 40 },
    );
  });
});

// ---------------------------------------------------------------------------
// (c) Calibration on fresh RSD 8x8 levels
// ---------------------------------------------------------------------------

describe('(c) calibration to the thesis on fresh RSD 8x8 levels', () => {
  it('4,000 iterations with another seed: unique levels 0.85..0.96 below 20 and 0.02..0.07 above 30 (thesis: 91%, 4%)', () => {
    const recipeSeed = parseRecipeCommand(shipped.provenance.command).seed;
    const seed = 424242;
    expect(seed).not.toBe(recipeSeed);
    const source = createLevelSource({ generator: 'rsd', width: 8, height: 8, seed });
    const seen = new Set<string>();
    const d: number[] = [];
    for (let i = 0; i < 4000; i++) {
      for (const lvl of source.generate(i).levels) {
        const key = levelKey(lvl);
        if (seen.has(key)) continue;
        seen.add(key);
        const r = analyzeLevel(lvl);
        if (!r.ok) throw new Error(r.error.message);
        expect(r.value.features.nSolutions).toBeGreaterThan(0); // RSD levels are solvable by construction
        d.push(predictDifficulty(MODEL, r.value.features));
      }
    }
    expect(d.length).toBeGreaterThan(3500);
    const below20 = d.filter((v) => v < 20).length / d.length;
    const above30 = d.filter((v) => v > 30).length / d.length;
    expect(below20).toBeGreaterThanOrEqual(0.85);
    expect(below20).toBeLessThanOrEqual(0.96);
    expect(above30).toBeGreaterThanOrEqual(0.02);
    expect(above30).toBeLessThanOrEqual(0.07);
  });
});

describe('(c) calibrateToThesis on a hand-made case', () => {
  it('maps the 91st and 96th percentiles of the raw output to 20 and 30', () => {
    // Raw output = nStates; the set holds 0..999 once each (shuffled). Quantiles by index:
    // lo = raw[floor(0.91 * 1000)] = 910, hi = raw[floor(0.96 * 1000)] = 960,
    // so scale = 10 / 50 = 0.2 and offset = 20 - 0.2 * 910 = -162.
    const model = {
      ...MODEL,
      features: ['nStates'] as FeatureName[],
      means: [0],
      scales: [1],
      coefficients: [1],
      intercept: 0,
      label: { ...MODEL.label, scale: 1, offset: 0 },
    };
    const set = Array.from({ length: 1000 }, (_, i) => ({ ...zeroFeatures(), nStates: (i * 7919) % 1000 }));
    const cal = calibrateToThesis(model, set);
    expect(cal.label.scale).toBeCloseTo(0.2, 12);
    expect(cal.label.offset).toBeCloseTo(-162, 9);
    // Below 20: raw 0..909 (910 levels); above 30: raw 961..999 (39 levels); max 0.2 * 999 - 162.
    expect(cal.metrics.calibrationLevels).toBe(1000);
    expect(cal.metrics.calibrationBelow20).toBeCloseTo(0.91, 12);
    expect(cal.metrics.calibrationAbove30).toBeCloseTo(0.039, 12);
    expect(cal.metrics.calibrationMax).toBeCloseTo(37.8, 9);
    expect(cal.metrics.calibrationMedian).toBe(0); // raw 500 -> -62, clamped
    expect(predictDifficulty(cal, { ...zeroFeatures(), nStates: 910 })).toBeCloseTo(20, 9);
    expect(predictDifficulty(cal, { ...zeroFeatures(), nStates: 960 })).toBeCloseTo(30, 9);
  });

  it('refuses fewer than 100 levels and a model that does not separate the percentiles', () => {
    const few = Array.from({ length: 99 }, (_, i) => ({ ...zeroFeatures(), nIndeterminateBranches: i }));
    expect(() => calibrateToThesis(MODEL, few)).toThrow(/at least 100 levels/);
    const flat = Array.from({ length: 200 }, () => zeroFeatures());
    expect(() => calibrateToThesis(MODEL, flat)).toThrow(/does not separate/);
  });
});

// ---------------------------------------------------------------------------
// (d) Monotonicity from the file's coefficient signs
// ---------------------------------------------------------------------------

describe('(d) monotone in each model feature in the direction of its coefficient', () => {
  const base = (a: number, b: number, c: number): LevelFeatures => ({ ...zeroFeatures(), nSolutions: a, nSolutionBranches: b, nIndeterminateBranches: c });

  it('indeterminate branches carry a positive weight (thesis: the states where a player can get lost)', () => {
    const i = MODEL.features.indexOf('nIndeterminateBranches');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(MODEL.coefficients[i]).toBeGreaterThan(0);
    expect(MODEL.label.scale).toBeGreaterThan(0);
    expect(MODEL.label.transform).toBe('identity');
  });

  it('adding k of a feature moves its contribution (difficulty units) by scale k coef / sd, and the difficulty by as much, or less at the clamp (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 40 }), fc.nat({ max: 40 }), fc.nat({ max: 40 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 2 }), (a, b, c, k, j) => {
        const name = MODEL.features[j]!;
        const coef = MODEL.coefficients[j]!, sd = MODEL.scales[j]!;
        const f = base(a, b, c);
        const g = { ...f, [name]: f[name] + k };
        const ef = explainDifficulty(MODEL, f), eg = explainDifficulty(MODEL, g);
        // Only feature j's contribution moves, by exactly scale k coef / sd (contributions are in difficulty units).
        expect(ef.units).toBe('difficulty');
        eg.contributions.forEach((ct, i) => {
          if (i === j) expect(ct.contribution - ef.contributions[i]!.contribution).toBeCloseTo((MODEL.label.scale * k * coef) / sd, 9);
          else expect(ct.contribution).toBe(ef.contributions[i]!.contribution);
        });
        // Direction follows the sign; the clamp at 0 can only shorten the step.
        const step = eg.value - ef.value;
        if (coef > 0) expect(step).toBeGreaterThanOrEqual(0);
        if (coef < 0) expect(step).toBeLessThanOrEqual(0);
        expect(Math.abs(step)).toBeLessThanOrEqual((MODEL.label.scale * k * Math.abs(coef)) / sd + 1e-9);
        if (ef.value > 0 && eg.value > 0) expect(step).toBeCloseTo((MODEL.label.scale * k * coef) / sd, 9);
      }),
      { numRuns: 500 },
    );
  });

  it('adding indeterminate branches never lowers difficulty, all else fixed (property)', () => {
    const j = MODEL.features.indexOf('nIndeterminateBranches');
    fc.assert(
      fc.property(fc.nat({ max: 10 }), fc.nat({ max: 60 }), fc.nat({ max: 60 }), fc.integer({ min: 1, max: 30 }), (a, b, c, k) => {
        const f = base(a, b, c);
        const before = predictDifficulty(MODEL, f);
        const after = predictDifficulty(MODEL, { ...f, nIndeterminateBranches: c + k });
        expect(after).toBeGreaterThanOrEqual(before);
        // Off the clamp the step is exactly scale k coef / sd.
        if (before > 0) expect(after - before).toBeCloseTo((MODEL.label.scale * k * MODEL.coefficients[j]!) / MODEL.scales[j]!, 9);
      }),
      { numRuns: 300 },
    );
  });
});
