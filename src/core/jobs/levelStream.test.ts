import { describe, expect, it } from 'vitest';
import { createPack, exportPack, packLevelFromLevel } from '../pack/pack';
import { parseLevel } from '../level/format';
import { formatStreamLine, MAX_STREAM_LINE, parseStreamLine } from './levelStream';

const level = (() => {
  const r = parseLevel('C..#\n.#..\n....');
  if (!r.ok) throw new Error('fixture');
  return packLevelFromLevel({ ...r.value, name: 'tiny' }, { id: 'tiny-1', difficulty: 7.5, features: { nStates: 13 }, source: { generator: 'rsd', seed: 3 } });
})();

describe('level stream lines', () => {
  it('a line is "rules" then the pack level as the pack writes it, and reads back to the same level', () => {
    const line = formatStreamLine(level);
    expect(line).not.toMatch(/\n/);
    const inPack = (JSON.parse(exportPack(createPack('p', [level]))) as { levels: unknown[] }).levels[0];
    expect(JSON.parse(line)).toEqual({ rules: 'longcat', ...(inPack as object) });
    expect(Object.keys(JSON.parse(line) as object)[0]).toBe('rules');
    const back = parseStreamLine(line, 1);
    expect(back.ok && back.value.level).toEqual(level);
    expect(back.ok && back.value.key).toBe('4x3:C..#/.#../....');
    expect(back.ok && back.value.rules).toBe('longcat');
  });

  it('a paint line names paint and reads back as paint', () => {
    const line = formatStreamLine(level, 'paint');
    expect(JSON.parse(line)).toMatchObject({ rules: 'paint', id: 'tiny-1' });
    const back = parseStreamLine(line, 1);
    expect(back.ok && back.value.rules).toBe('paint');
    expect(back.ok && back.value.level).toEqual(level);
  });

  it('bad lines come back with their line number and reason, never a throw', () => {
    const bad = (text: string, pattern: RegExp): void => {
      const r = parseStreamLine(text, 7);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.map((p) => `${p.path}: ${p.message}`).join('; ')).toMatch(pattern);
    };
    const obj = JSON.parse(formatStreamLine(level)) as Record<string, unknown>;
    bad('{"rules":', /^line 7: not valid JSON/);
    bad('[1,2]', /^line 7: expected a level object/);
    bad(JSON.stringify({ ...obj, rules: 'sokoban' }), /^line 7\.rules: expected one of "longcat", "paint", "ice" but found "sokoban"/);
    bad(JSON.stringify({ ...obj, rules: undefined }), /line 7\.rules: expected one of "longcat", "paint", "ice" but found nothing/);
    bad(JSON.stringify({ ...obj, rows: ['C.', '#'] }), /^line 7/);
    bad(JSON.stringify({ ...obj, id: '' }), /^line 7\.id: the id is empty/);
    bad(JSON.stringify({ ...obj, name: 'x'.repeat(MAX_STREAM_LINE) }), /longer than 65536 characters/);
  });
});
