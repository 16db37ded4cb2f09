/**
 * The repository spec's pack files, written by the core (canonical bytes)
 * in a `tsx` process: the core's rulesets import their JSON models, which
 * Playwright's loader cannot import, so the spec runs this
 * (`tsx e2e/repoPacks.ts`) and reads the texts it prints as JSON.
 */
import { parseRows } from '../src/core/level/format';
import { createPack, exportPack, packLevelFromLevel } from '../src/core/pack/pack';
import type { LevelPack, PackLevel } from '../src/core/pack/schema';

const lv = (id: string, rows: string[], name = id): PackLevel => {
  const p = parseRows(rows);
  if (!p.ok) throw new Error(p.error.message);
  return { ...packLevelFromLevel(p.value, { id }), name };
};
const A = ['C...', '....', '....'], B = ['C..', '...', '..#'];
const base = createPack('game', [lv('l-aaaaaaaaaa', A, 'one'), lv('l-bbbbbbbbbb', B, 'two')]);
const packs: Record<string, LevelPack> = {
  base,
  // Level one walled so it is stuck, and a level added: what Compare… shows.
  broken: { ...base, levels: [lv('l-aaaaaaaaaa', ['C#.#', '....', '....'], 'one'), base.levels[1]!, lv('l-cccccccccc', ['C..', '.#.', '...'], 'three')] },
  // Each side walls one cell of level one's first row: each solvable alone, unsolvable together.
  ours: { ...base, levels: [lv('l-aaaaaaaaaa', ['C#..', '....', '....'], 'one'), base.levels[1]!] },
  theirs: { ...base, levels: [lv('l-aaaaaaaaaa', ['C..#', '....', '....'], 'one'), base.levels[1]!] },
};
process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(packs).map(([k, p]) => [k, exportPack(p)]))));
