import { describe, expect, it } from 'vitest';
import { parseRows } from '../level/format';
import { emptyLevel, levelKey, toRows } from '../level/level';
import {
  createPack,
  exportPack,
  formatPath,
  importPack,
  importPackJson,
  packLevelFromLevel,
  utf8ByteLength,
  type PackProblem,
} from './pack';
import { MAX_PACK_BYTES, MAX_PACK_LEVELS, type LevelPack, type PackLevel } from './schema';

function level(id: string, rows: string[], extra: Partial<PackLevel> = {}): PackLevel {
  return {
    id,
    name: `Level ${id}`,
    rows,
    difficulty: null,
    features: {},
    source: { generator: 'editor', seed: null, temperature: null, model: null },
    ...extra,
  };
}

const handMade: LevelPack = {
  format: 'longcat-pack',
  version: 2,
  rules: 'longcat',
  name: 'Handmade — first steps 🐈',
  description: 'Three small levels\nwith a line break',
  createdWith: 'Longcat Studio 0.1.0',
  levels: [
    level('a', ['C..#', '.#..', '....'], {
      difficulty: 12.5,
      features: { nSolutions: 3, nSolutionBranches: 0, depth: null },
    }),
    level('b', ['C...', '....', '....'], {
      name: '',
      source: { generator: 'rsd', seed: 4294967295, temperature: 0.25, model: 'sd-pcgrl-8x8' },
    }),
    level('c with spaces', ['#'.repeat(16), `C${'.'.repeat(15)}`, '.'.repeat(16)], { difficulty: -0.5 }),
  ],
};

/** The problems of a failed import (fails the test when it succeeded). */
function problemsOf(text: string): PackProblem[] {
  const result = importPack(text);
  if (result.ok) throw new Error('expected the import to fail');
  return result.error;
}

/** A v1 pack as plain JSON, for editing into broken variants. */
function packJson(levels: unknown[] = [level('a', ['C..', '...', '...'])]): Record<string, unknown> {
  return { format: 'longcat-pack', version: 2, rules: 'longcat', name: 'P', levels };
}

const text = (value: unknown): string => JSON.stringify(value);

describe('exportPack / importPack round trip', () => {
  it('gives back a hand-made pack exactly', () => {
    const result = importPack(exportPack(handMade));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.pack).toEqual(handMade);
    expect(result.value.warnings).toEqual([]);
    expect(result.value.levels.map(toRows)).toEqual(handMade.levels.map((l) => l.rows));
    expect(result.value.levels.map((l) => l.name)).toEqual(handMade.levels.map((l) => l.name));
  });

  it('round-trips a pack without optional fields and without levels', () => {
    const empty = createPack('Empty', []);
    const result = importPack(exportPack(empty));
    expect(result.ok && result.value.pack).toEqual(empty);
    expect(Object.keys(JSON.parse(exportPack(empty)) as object)).toEqual(['format', 'version', 'rules', 'name', 'levels']);
  });

  it('writes canonical text: field order, 2-space indent, final newline', () => {
    const out = exportPack(handMade);
    expect(out.startsWith('{\n  "format": "longcat-pack",\n  "version": 2,\n  "rules": "longcat",\n  "name": ')).toBe(true);
    expect(out.endsWith('}\n')).toBe(true);
    const json = JSON.parse(out) as { levels: Record<string, unknown>[] } & Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['format', 'version', 'rules', 'name', 'description', 'createdWith', 'levels']);
    expect(Object.keys(json.levels[0]!)).toEqual(['id', 'name', 'rows', 'difficulty', 'features', 'source']);
    expect(Object.keys(json.levels[0]!['source'] as object)).toEqual(['generator', 'seed', 'temperature', 'model']);
    expect(exportPack(JSON.parse(out) as LevelPack)).toBe(out);
  });

  it('reorders fields and drops unknown ones on export', () => {
    const messy = { levels: [], extra: 1, name: 'N', rules: 'paint', version: 2, format: 'longcat-pack' } as unknown as LevelPack;
    expect(exportPack(messy)).toBe('{\n  "format": "longcat-pack",\n  "version": 2,\n  "rules": "paint",\n  "name": "N",\n  "levels": []\n}\n');
  });

  it('accepts a leading byte-order mark', () => {
    expect(importPack(`\uFEFF${exportPack(handMade)}`).ok).toBe(true);
  });
});

describe('unknown fields', () => {
  it('are left out of the pack and listed as warnings with their paths', () => {
    const json = packJson([{ ...level('a', ['C..', '...', '...']), colour: 'red', source: { ...level('a', []).source, gpu: 'x' } }]);
    const result = importPack(text({ ...json, theme: 'dark', 'odd key': 1 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.warnings.map((w) => w.path)).toEqual([
      'theme',
      '["odd key"]',
      'levels[0].colour',
      'levels[0].source.gpu',
    ]);
    expect(result.value.pack).toEqual(packJson());
    expect('theme' in result.value.pack).toBe(false);
  });
});

describe('importPack problems', () => {
  it('reports both broken levels of a pack', () => {
    const problems = problemsOf(
      text(packJson([level('a', ['C..', '...', '...']), level('b', ['C..', '..']), level('c', ['C..', '.C.', '...'])])),
    );
    expect(problems.map((p) => p.path)).toEqual(['levels[1].rows[1]', 'levels[2].rows[1]']);
  });

  it('points at a ragged row and gives its column', () => {
    const [problem, ...rest] = problemsOf(text(packJson([level('a', ['C...', '....', '..', '....'])])));
    expect(rest).toEqual([]);
    expect(problem?.path).toBe('levels[0].rows[2]');
    expect(problem?.message).toMatch(/^column 3: row 3 has 2 cells but row 1 has 4/);
  });

  it('points at the second head', () => {
    const problems = problemsOf(text(packJson([level('a', ['C...', '....', '..C.'])])));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('levels[0].rows[2]');
    expect(problems[0]?.message).toMatch(/^column 3: a second head/);
  });

  it('reports unknown characters, no head and no rows', () => {
    const problems = problemsOf(
      text(packJson([level('a', ['C..', '.x.', '...']), level('b', ['...', '...', '...']), level('c', [])])),
    );
    expect(problems).toEqual([
      { path: 'levels[0].rows[1]', message: expect.stringMatching(/^column 2: unknown character "x"/) as unknown },
      { path: 'levels[1].rows', message: "the level has no head 'C'" },
      { path: 'levels[2].rows', message: 'the level has no rows' },
    ]);
  });

  it.each([
    ['2x2', ['C.', '..']],
    ['17x3', [`C${'.'.repeat(16)}`, '.'.repeat(17), '.'.repeat(17)]],
    ['3x17', ['C..', ...Array<string>(16).fill('...')]],
  ])('refuses a %s level', (size, rows) => {
    expect(problemsOf(text(packJson([level('a', rows)])))).toEqual([
      { path: 'levels[0].rows', message: expect.stringContaining(`the level is ${size}`) as unknown },
    ]);
  });

  it('refuses a wrong format tag, and keeps checking the rest', () => {
    const problems = problemsOf(text({ ...packJson([level('a', ['C.', '..'])]), format: 'sokoban-pack' }));
    expect(problems.map((p) => p.path)).toEqual(['format', 'levels[0].rows']);
    expect(problems[0]?.message).toBe('expected "longcat-pack" but found the text "sokoban-pack"; this is not a Longcat level pack');
  });

  it('refuses a version from the future with a clear sentence', () => {
    expect(problemsOf(text({ ...packJson(), version: 99 }))).toEqual([
      { path: 'version', message: 'made by a newer version of Longcat Studio (version 99); this build reads up to 2' },
    ]);
  });

  it('reports the format tag as well when the version is unreadable', () => {
    expect(problemsOf(text({ name: 'x', levels: [] })).map((p) => p.path)).toEqual(['format', 'version']);
    expect(problemsOf(text({ ...packJson(), version: '1' }))[0]?.message).toBe(
      'expected a whole version number such as 2 but found the text "1"',
    );
    expect(problemsOf(text({ ...packJson(), version: 1.5 }))[0]?.path).toBe('version');
    expect(problemsOf(text({ ...packJson(), version: 0 }))[0]?.message).toMatch(/versions start at 1/);
  });

  it('refuses text that is not JSON, with the parser position', () => {
    for (const bad of ['', '{', '{"format": "longcat-pack",}', 'longcat', '{} {}']) {
      const problems = problemsOf(bad);
      expect(problems).toHaveLength(1);
      expect(problems[0]?.path).toBe('$');
      expect(problems[0]?.message).toMatch(/^the file is not valid JSON: ./);
    }
    expect(problemsOf('{\n  "a": 1,\n  oops\n}')[0]?.message).toMatch(/position|line|column/);
  });

  it.each([
    ['[]', 'a list of 0 items'],
    ['[1, 2]', 'a list of 2 items'],
    ['null', 'null'],
    ['42', 'the number 42'],
    ['"pack"', 'the text "pack"'],
    ['true', 'true'],
  ])('refuses the JSON value %s at the root', (json, shown) => {
    expect(problemsOf(json)).toEqual([{ path: '$', message: expect.stringContaining(`but this is ${shown}`) as unknown }]);
  });

  it('reports every duplicate id at its own path', () => {
    const rows = ['C..', '...', '...'];
    const problems = problemsOf(text(packJson([level('x', rows), level('y', rows), level('x', rows), level('x', rows)])));
    expect(problems.map((p) => p.path)).toEqual(['levels[2].id', 'levels[3].id']);
    expect(problems[1]?.message).toBe('the id "x" is already used by levels[0]; ids must be unique within a pack');
  });

  it('refuses too many levels', () => {
    const rows = ['C..', '...', '...'];
    const levels = Array.from({ length: MAX_PACK_LEVELS + 1 }, (_, i) => level(String(i), rows));
    expect(problemsOf(text(packJson(levels)))).toEqual([
      { path: 'levels', message: expect.stringContaining(`the pack has ${MAX_PACK_LEVELS + 1} levels; the limit is ${MAX_PACK_LEVELS}`) as unknown },
    ]);
    expect(importPack(text(packJson(levels.slice(1)))).ok).toBe(true);
  });

  it('refuses a file over the size limit before parsing it, counting UTF-8 bytes', () => {
    expect(problemsOf(' '.repeat(MAX_PACK_BYTES + 1))).toEqual([{ path: '$', message: expect.stringMatching(/20 MiB/) as unknown }]);
    // 7 Mi characters of a 3-byte character: under the limit in length, over it in bytes.
    const euros = `"${'€'.repeat(7 * 1024 * 1024)}"`;
    expect(euros.length).toBeLessThan(MAX_PACK_BYTES);
    expect(problemsOf(euros)[0]?.message).toMatch(/20 MiB/);
    // Just under the limit in bytes: it gets to the JSON step.
    expect(problemsOf(`"${'é'.repeat(MAX_PACK_BYTES / 2 - 2)}"`)[0]?.message).toMatch(/a pack is a JSON object/);
  });

  it('reports missing fields, wrong types and long names, all at once', () => {
    const broken = {
      format: 'longcat-pack',
      version: 1,
      name: 'n'.repeat(201),
      description: 3,
      levels: [
        { id: '', name: 'a', rows: ['C..', '...', '...'], difficulty: '7', features: { ok: 1, bad: 'x' } },
        { id: 'i'.repeat(101), name: null, rows: 'C..', difficulty: null, features: [], source: { generator: 1, seed: 1, temperature: null } },
        7,
      ],
    };
    const problems = problemsOf(text(broken));
    expect(problems).toEqual([
      { path: 'name', message: 'the pack name is 201 characters long; the limit is 200' },
      { path: 'description', message: 'expected text but found the number 3' },
      { path: 'levels[0].id', message: 'the id is empty; every level needs an id' },
      { path: 'levels[0].difficulty', message: 'expected a number or null but found the text "7"' },
      { path: 'levels[0].features.bad', message: 'expected a number or null but found the text "x"' },
      { path: 'levels[1].id', message: 'the id is 101 characters long; the limit is 100' },
      { path: 'levels[1].name', message: 'expected text but found null' },
      { path: 'levels[1].rows', message: expect.stringMatching(/^expected a list of rows .* but found the text "C\.\."$/) as unknown },
      { path: 'levels[1].features', message: expect.stringMatching(/^expected an object of named numbers .* but found a list of 0 items$/) as unknown },
      { path: 'levels[1].source.generator', message: 'expected text but found the number 1' },
      { path: 'levels[1].source.model', message: 'this field is missing; expected text or null' },
      { path: 'levels[2]', message: expect.stringMatching(/^expected a level object .* but found the number 7$/) as unknown },
    ]);
  });

  it('opens a pack of just ids, names and rows: the computable fields default to unknown', () => {
    const r = importPack(text({ format: 'longcat-pack', version: 1, name: 'bare', levels: [{ id: 'a', name: 'A', rows: ['C..', '.#.', '...'] }] }));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.pack.levels[0]).toEqual({ id: 'a', name: 'A', rows: ['C..', '.#.', '...'], difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } });
    expect(r.value.warnings).toEqual([]);
  });

  it('keeps notes, tags and the difficulty model through export and import', () => {
    const pack = { format: 'longcat-pack', version: 1, name: 'p', difficultyModel: 'lab-1', levels: [{ id: 'a', name: 'A', rows: ['C..', '...', '...'], notes: 'opening level', tags: ['intro', 'easy'] }] };
    const first = importPack(text(pack));
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    const again = importPack(exportPack(first.value.pack));
    if (!again.ok) throw new Error(JSON.stringify(again.error));
    expect(again.value.pack).toEqual(first.value.pack);
    expect(again.value.pack.difficultyModel).toBe('lab-1');
    expect(again.value.pack.levels[0]).toMatchObject({ notes: 'opening level', tags: ['intro', 'easy'] });
    expect(problemsOf(text({ ...pack, levels: [{ ...pack.levels[0], tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }] })).map((p) => p.path)).toEqual(['levels[0].tags']);
  });

  it('refuses a feature called __proto__ and long feature names', () => {
    const json = `{"format":"longcat-pack","version":1,"name":"P","levels":[{"id":"a","name":"a","rows":["C..","...","..."],"difficulty":null,"features":{"__proto__":1,"${'f'.repeat(201)}":2},"source":{"generator":"g","seed":null,"temperature":null,"model":null}}]}`;
    expect(problemsOf(json).map((p) => p.path)).toEqual([`levels[0].features.${'f'.repeat(201)}`, 'levels[0].features.__proto__']);
  });

  it('never changes the value it validates', () => {
    const json = { ...packJson(), extra: { deep: [1] } };
    const before = structuredClone(json);
    importPackJson(json);
    expect(json).toEqual(before);
  });

  it('refuses non-text input from untyped callers', () => {
    expect(problemsOf(undefined as unknown as string)[0]?.path).toBe('$');
  });
});

describe('packLevelFromLevel and createPack', () => {
  const grid = parseRows(['C..#', '.#..', '....'], 'tiny');
  if (!grid.ok) throw new Error('fixture');

  it('converts non-finite numbers to null and fills defaults', () => {
    const entry = packLevelFromLevel(grid.value, {
      id: 'L1',
      difficulty: Infinity,
      features: { nSolutions: 2, depth: Infinity, ratio: NaN, low: -Infinity },
      source: { generator: 'rsd', seed: 9 },
    });
    expect(entry).toEqual({
      id: 'L1',
      name: 'tiny',
      rows: ['C..#', '.#..', '....'],
      difficulty: null,
      features: { nSolutions: 2, depth: null, ratio: null, low: null },
      source: { generator: 'rsd', seed: 9, temperature: null, model: null },
    });
    expect(packLevelFromLevel(emptyLevel(3, 3), { id: 'no-name' })).toMatchObject({
      name: 'no-name',
      difficulty: null,
      source: { generator: 'editor', seed: null, temperature: null, model: null },
    });
  });

  it('builds packs that import to the same levels', () => {
    const entries = [packLevelFromLevel(grid.value, { id: 'a', difficulty: 3 }), packLevelFromLevel(emptyLevel(5, 4, 7), { id: 'b' })];
    const pack = createPack('Made', entries, { createdWith: 'test' });
    expect(pack).toEqual({ format: 'longcat-pack', version: 2, rules: 'longcat', name: 'Made', createdWith: 'test', levels: entries });
    const result = importPack(exportPack(pack));
    expect(result.ok && result.value.pack).toEqual(pack);
    expect(result.ok && result.value.levels.map(levelKey)).toEqual([levelKey(grid.value), levelKey(emptyLevel(5, 4, 7))]);
  });

  it('cuts long level names without splitting a character', () => {
    const named = { ...emptyLevel(3, 3), name: `${'a'.repeat(199)}🐈` };
    expect(packLevelFromLevel(named, { id: 'x' }).name).toBe('a'.repeat(199));
  });
});

describe('helpers', () => {
  it('formats paths', () => {
    expect(formatPath([])).toBe('$');
    expect(formatPath(['levels', 3, 'rows', 2])).toBe('levels[3].rows[2]');
    expect(formatPath(['levels', 0, 'features', 'a b'])).toBe('levels[0].features["a b"]');
    expect(formatPath(['1st'])).toBe('["1st"]');
  });

  it('counts UTF-8 bytes like TextEncoder', () => {
    for (const s of ['', 'abc', 'é€🐈', '\uD800x', 'x\uDC00', '\uD83D']) {
      expect(utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length);
    }
  });
});
