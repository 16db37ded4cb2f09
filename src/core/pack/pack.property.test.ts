/**
 * Property tests for pack import/export (fast-check): no input makes
 * importPack throw, valid packs round-trip exactly, and a wrong type in any
 * field is reported at that field's path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toRows } from '../level/level';
import { compactPackJson, exportPack, formatPath, importPack, importPackJson, utf8ByteLength, type PackProblem } from './pack';
import type { LevelPack, PackLevel } from './schema';

/** JSON writes -0 as 0, so generated numbers avoid -0 (see exportPack). */
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const nullableNumber = fc.option(finite, { nil: null });
/** Up to 100 code points, so at most 200 UTF-16 code units. */
const name = fc.string({ unit: 'binary', maxLength: 100 });
const id = fc.string({ unit: 'binary', minLength: 1, maxLength: 50 });

/** Rows of a random valid grid: 3..16 a side, walls and empties, one head. */
const rows = fc
  .record({ width: fc.integer({ min: 3, max: 16 }), height: fc.integer({ min: 3, max: 16 }) })
  .chain(({ width, height }) =>
    fc
      .tuple(
        fc.array(fc.constantFrom<string>('.', '#'), { minLength: width * height, maxLength: width * height }),
        fc.nat(width * height - 1),
      )
      .map(([cells, head]) => {
        cells[head] = 'C';
        return Array.from({ length: height }, (_, y) => cells.slice(y * width, (y + 1) * width).join(''));
      }),
  );

const packLevel: fc.Arbitrary<PackLevel> = fc.record({
  id,
  name,
  rows,
  difficulty: nullableNumber,
  features: fc.dictionary(
    fc.string({ unit: 'binary', maxLength: 100 }).filter((k) => k !== '__proto__'),
    nullableNumber,
    { maxKeys: 5, noNullPrototype: true },
  ),
  source: fc.record(
    {
      generator: name,
      seed: fc.option(fc.oneof(fc.integer(), finite), { nil: null }),
      temperature: nullableNumber,
      model: fc.option(name, { nil: null }),
    },
    { noNullPrototype: true },
  ),
}, { noNullPrototype: true });

const pack: fc.Arbitrary<LevelPack> = fc.record(
  {
    format: fc.constant('longcat-pack' as const),
    version: fc.constant(2 as const),
    rules: fc.constantFrom('longcat' as const, 'paint' as const),
    name,
    description: fc.string({ unit: 'binary', maxLength: 300 }),
    createdWith: name,
    levels: fc.uniqueArray(packLevel, { selector: (level) => level.id, maxLength: 8 }),
  },
  { requiredKeys: ['format', 'version', 'rules', 'name', 'levels'], noNullPrototype: true },
);

/** A failed import's problems are all well-formed. */
function expectWellFormedFailure(result: ReturnType<typeof importPack>): void {
  if (result.ok) return;
  expect(result.error.length).toBeGreaterThanOrEqual(1);
  for (const problem of result.error) {
    expect(typeof problem.path).toBe('string');
    expect(problem.path.length).toBeGreaterThan(0);
    expect(typeof problem.message).toBe('string');
    expect(problem.message.length).toBeGreaterThan(0);
  }
}

describe('importPack never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json()), (text) => {
        expectWellFormedFailure(importPack(text));
      }),
      { numRuns: 500 },
    );
  });

  it('on arbitrary values, as JSON text and as objects', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (value) => {
        expectWellFormedFailure(importPackJson(value));
        expectWellFormedFailure(importPack(value as string));
        const json = JSON.stringify(value) as string | undefined;
        if (json !== undefined) expectWellFormedFailure(importPack(json));
      }),
      { numRuns: 500 },
    );
  });

  it('on valid packs with any field replaced by any JSON value', () => {
    fc.assert(
      fc.property(pack, fc.nat(), fc.jsonValue({ maxDepth: 3 }), (valid, pick, replacement) => {
        const json = JSON.parse(exportPack(valid)) as unknown;
        const paths = fieldPaths(json);
        setAt(json, paths[pick % paths.length]!, replacement);
        expectWellFormedFailure(importPack(JSON.stringify(json)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('valid packs', () => {
  it('round-trip exactly through exportPack / importPack', () => {
    fc.assert(
      fc.property(pack, (original) => {
        const text = exportPack(original);
        const result = importPack(text);
        if (!result.ok) throw new Error(JSON.stringify(result.error));
        expect(result.value.pack).toStrictEqual(original);
        expect(result.value.warnings).toEqual([]);
        expect(result.value.levels.map(toRows)).toEqual(original.levels.map((level) => level.rows));
        expect(exportPack(result.value.pack)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

/** Every path into a JSON value (not the root), parents before children. */
function fieldPaths(json: unknown, at: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [];
  if (Array.isArray(json)) json.forEach((item: unknown, i) => paths.push([...at, i], ...fieldPaths(item, [...at, i])));
  else if (typeof json === 'object' && json !== null) {
    for (const [key, value] of Object.entries(json)) paths.push([...at, key], ...fieldPaths(value, [...at, key]));
  }
  return paths;
}

function setAt(json: unknown, path: readonly (string | number)[], value: unknown): void {
  let target = json as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1]!] = value;
}

/** What each field accepts, to pick a value of the wrong type. */
type FieldKind = 'format' | 'version' | 'string' | 'nullableString' | 'nullableNumber' | 'array' | 'object';

function kindOf(path: readonly (string | number)[]): FieldKind {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (path.length === 1) {
    return last === 'format' ? 'format' : last === 'version' ? 'version' : last === 'levels' ? 'array' : 'string';
  }
  if (path.length === 2) return 'object'; // levels[i]
  if (parent === 'rows') return 'string';
  if (parent === 'features') return 'nullableNumber';
  if (parent === 'source') return last === 'generator' ? 'string' : last === 'model' ? 'nullableString' : 'nullableNumber';
  if (last === 'rows') return 'array';
  if (last === 'features' || last === 'source') return 'object';
  return last === 'difficulty' ? 'nullableNumber' : 'string';
}

function isRightType(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'format': return value === 'longcat-pack';
    case 'version': return value === 1;
    case 'string': return typeof value === 'string';
    case 'nullableString': return value === null || typeof value === 'string';
    case 'nullableNumber': return value === null || typeof value === 'number';
    case 'array': return Array.isArray(value);
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

describe('a wrong type in one field', () => {
  it('is reported at that field', () => {
    const nonEmpty = pack.filter((p) => p.levels.length > 0);
    fc.assert(
      fc.property(nonEmpty, fc.nat(), fc.jsonValue({ maxDepth: 2 }), (valid, pick, replacement) => {
        const json = JSON.parse(exportPack(valid)) as unknown;
        const paths = fieldPaths(json);
        const path = paths[pick % paths.length]!;
        fc.pre(!isRightType(kindOf(path), replacement));
        setAt(json, path, replacement);
        const result = importPack(JSON.stringify(json));
        expect(result.ok).toBe(false);
        const problems: PackProblem[] = result.ok ? [] : result.error;
        expect(problems.map((p) => p.path)).toContain(formatPath(path));
      }),
      { numRuns: 500 },
    );
  });
});

describe('utf8ByteLength', () => {
  it('agrees with TextEncoder', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)) }), (s) => {
        expect(utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
  });
});

describe('compactPackJson', () => {
  it('is the same JSON value as exportPack, written compactly (as JSON.stringify writes the parsed export)', () => {
    fc.assert(
      fc.property(pack, (p) => {
        const text = compactPackJson(p);
        expect(text).toBe(JSON.stringify(JSON.parse(exportPack(p))));
      }),
      { numRuns: 200 },
    );
  });

  it('hands the same field definitions to every call for packs without fields (a cache keyed by them can hit)', () => {
    const seen: unknown[] = [];
    const record = (l: PackLevel, defs: readonly unknown[]): string => {
      seen.push(defs);
      return JSON.stringify(l.id);
    };
    const a = { format: 'longcat-pack', version: 2, rules: 'longcat', name: 'a', levels: [{ id: 'x', name: 'x', rows: ['C..', '...', '...'], difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } }] } as LevelPack;
    compactPackJson(a, record);
    compactPackJson({ ...a, name: 'b' }, record);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});
