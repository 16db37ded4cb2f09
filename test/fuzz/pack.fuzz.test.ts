/**
 * Fuzz: level packs. Packs built here within every documented limit
 * (docs/formats.md) are accepted and survive export-and-import; the same
 * packs with one fault of a known kind (a grid the independent judge
 * refuses, a repeated, empty or 101-character id, a 201-character name,
 * `rows` or `difficulty` of the wrong type, a `__proto__` feature, 21 tags,
 * 2,001 characters of notes, negative playtests, a wrong format tag or
 * version) are refused with a problem at the field's path. A random JSON
 * value anywhere in a valid pack never makes the importer throw, and
 * whatever it accepts passes the independent checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportPack, importPack } from '../../src/core/pack/pack';
import { fuzzRuns } from '../fuzzRuns';
import { judgeRows, spoiledRows, validRows } from './grids';

const text = (max: number) => fc.string({ maxLength: max });
const level = fc.record({
  id: fc.string({ minLength: 1, maxLength: 100 }),
  name: text(200),
  rows: validRows(3, 8),
  difficulty: fc.option(fc.double({ min: 0, max: 500, noNaN: true }), { nil: null }),
  features: fc.dictionary(fc.constantFrom('nSolutions', 'nStates', 'expectedMoves', 'custom'), fc.option(fc.nat(1000), { nil: null })),
  source: fc.record({ generator: text(20), seed: fc.option(fc.nat(), { nil: null }), temperature: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), model: fc.option(text(20), { nil: null }) }),
  tags: fc.array(text(40), { maxLength: 20 }),
  notes: text(200),
});
const pack = fc.record({
  format: fc.constant('longcat-pack'),
  version: fc.constant(1),
  name: text(200),
  levels: fc.uniqueArray(level, { selector: (l) => l.id, minLength: 1, maxLength: 6 }),
});

const FAULTS = ['badGrid', 'repeatedId', 'emptyId', 'longId', 'longName', 'rowsText', 'difficultyText', 'protoFeature', 'manyTags', 'longNotes', 'negativePlaytests', 'format', 'version', 'rules', 'levelsObject', 'packName'] as const;

describe('level pack fuzz', () => {
  it('accepts packs within every limit, and export-then-import gives them back', () => {
    fc.assert(
      fc.property(pack, (p) => {
        const r = importPack(JSON.stringify(p));
        expect(r.ok, r.ok ? '' : JSON.stringify(r.error.slice(0, 2))).toBe(true);
        if (!r.ok) return;
        expect(r.value.pack.levels.map((l) => l.rows)).toEqual(p.levels.map((l) => l.rows));
        expect(r.value.pack.levels.map((l) => l.id)).toEqual(p.levels.map((l) => l.id));
        const again = importPack(exportPack(r.value.pack));
        expect(again.ok && again.value.pack).toEqual(r.value.pack);
      }),
      { numRuns: fuzzRuns() },
    );
  });

  it('refuses a pack with one known fault, naming the field', () => {
    fc.assert(
      fc.property(pack, fc.constantFrom(...FAULTS), fc.nat(), spoiledRows().filter((s) => !judgeRows(s.rows)), (generated, fault, n, spoiled) => {
        const p = structuredClone(generated); // fast-check reuses generated values while shrinking: never change them
        const i = n % p.levels.length;
        const l = p.levels[i] as Record<string, unknown>;
        const json = p as unknown as Record<string, unknown>;
        let where = `levels[${i}]`;
        switch (fault) {
          case 'badGrid': l.rows = spoiled.rows; where = `levels[${i}].rows`; break;
          case 'repeatedId':
            p.levels.push({ ...p.levels[i]!, rows: ['C..', '...', '...'] });
            where = `levels[${p.levels.length - 1}].id`;
            break;
          case 'emptyId': l.id = ''; where += '.id'; break;
          case 'longId': l.id = 'i'.repeat(101); where += '.id'; break;
          case 'longName': l.name = 'n'.repeat(201); where += '.name'; break;
          case 'rowsText': l.rows = (l.rows as string[]).join('\n'); where += '.rows'; break;
          case 'difficultyText': l.difficulty = '12'; where += '.difficulty'; break;
          case 'protoFeature': l.features = JSON.parse('{"__proto__": 1}'); where += '.features'; break;
          case 'manyTags': l.tags = Array.from({ length: 21 }, (_, k) => `t${k}`); where += '.tags'; break;
          case 'longNotes': l.notes = 'x'.repeat(2001); where += '.notes'; break;
          case 'negativePlaytests': l.playtests = { played: -1 - (n % 5), solved: 0, meanSeconds: null }; where += '.playtests'; break;
          case 'format': json.format = ['longcat-pak', 'LONGCAT-PACK', '', null][n % 4]; where = 'format'; break;
          case 'version': json.version = [3, 0, '1', null, 1.5][n % 5]; where = 'version'; break;
          case 'rules': json.version = 2; json.rules = ['chess', null, 3, 'Paint'][n % 4]; where = 'rules'; break;
          case 'levelsObject': json.levels = { 0: p.levels[0] }; where = 'levels'; break;
          case 'packName': json.name = n % 2 ? 'p'.repeat(201) : 7; where = 'name'; break;
        }
        const r = importPack(JSON.stringify(p));
        expect(r.ok, `${fault} was accepted`).toBe(false);
        if (!r.ok) expect(r.error.some((e) => e.path.startsWith(where)), `${fault}: no problem at ${where}: ${JSON.stringify(r.error.slice(0, 3))}`).toBe(true);
      }),
      { numRuns: fuzzRuns() },
    );
  });

  it('never throws on a random value anywhere in a pack; what it accepts passes the independent checks', () => {
    const paths = (v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) => {
      out.push(at);
      if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
      else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
      return out;
    };
    fc.assert(
      fc.property(pack, fc.nat(), fc.jsonValue({ maxDepth: 2 }), (generated, n, value) => {
        const p = structuredClone(generated);
        const all = paths(p);
        const path = all[n % all.length]!;
        let json: unknown = p;
        if (path.length === 0) json = value;
        else {
          let o = p as unknown as Record<string | number, unknown>;
          for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
          o[path.at(-1)!] = value;
        }
        const r = importPack(JSON.stringify(json));
        if (!r.ok) return;
        const ids = r.value.pack.levels.map((l) => l.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const l of r.value.pack.levels) {
          expect(judgeRows(l.rows)).toBe(true);
          expect(l.id.length >= 1 && l.id.length <= 100).toBe(true);
          expect(l.name.length).toBeLessThanOrEqual(200);
          expect(l.difficulty === null || Number.isFinite(l.difficulty)).toBe(true);
        }
        expect(r.value.pack.name.length).toBeLessThanOrEqual(200);
      }),
      { numRuns: fuzzRuns() },
    );
  });
});
