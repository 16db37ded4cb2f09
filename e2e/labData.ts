/**
 * Player data for the predictor lab specs, made here in Node: every solvable
 * level of our fixtures (and of the real sets in ../shared/data when they
 * are here) with "seconds" a known linear function of features the naive
 * reference solver computes, one unsolvable level, and malformed rows at
 * known places.
 */
import { dataLevels, fixtureLevels } from './levels';
import { naiveAnalyze } from '../test/naive/naiveSolver';

export type Features = ReturnType<typeof naiveAnalyze>['features'];

/** The synthetic players: seconds = 3 + 2 nSolutions + 1.5 nSolutionBranches + 0.75 nIndeterminateBranches. */
export const truth = (f: Features): number => 3 + 2 * f.nSolutions + 1.5 * f.nSolutionBranches + 0.75 * f.nIndeterminateBranches;

const solvable = (rows: string[]): boolean => naiveAnalyze(rows).features.nSolutions > 0;
export const LEVELS = [...dataLevels('longcat-binswing-52.txt'), ...dataLevels('longcat-arduboy.txt'), ...fixtureLevels().filter((l) => solvable(l.rows))];
export const FEATURES = new Map(LEVELS.map((l) => [l.name, naiveAnalyze(l.rows).features]));
if (FEATURES.size !== LEVELS.length) throw new Error('labData: two levels share a name');

/** The level the lab spec gauges before and after activating its model: binswing-20 when the real sets are here, else our rsd-8x8-15. */
export const GAUGE_LEVEL = LEVELS.find((l) => l.name === 'binswing-20') ?? LEVELS.find((l) => l.name === 'rsd-8x8-15')!;
export const UNSOLVABLE = ['C.#', '##.', '...'];

/** Malformed rows and where they go (0-based position among the lines). */
export const BAD_ROWS: { at: number; text: string; says: string }[] = [
  { at: 4, text: 'C..#/.#x./....,12', says: 'unknown character' },
  { at: 9, text: 'C..#/.#../....,abc', says: 'avgCompletionSeconds must be a non-negative number' },
  { at: 15, text: 'C..#/.#../....,12,3', says: 'expected 2 fields' },
  { at: 22, text: 'C..#/.#/....,5', says: 'every row must be the same width' },
  { at: 40, text: 'C..#/.#../....,-3', says: 'avgCompletionSeconds must be a non-negative number' },
];

/** The CSV: a header, every data level with its synthetic seconds, one unsolvable level, the malformed rows. Returns the text and the bad rows' line numbers. */
export function analyticsCsv(): { text: string; badLines: { line: number; says: string }[]; levels: number } {
  const lines = ['level,avgCompletionSeconds', ...LEVELS.map((l) => `${l.rows.join('/')},${truth(FEATURES.get(l.name)!).toFixed(2)}`), `${UNSOLVABLE.join('/')},10`];
  for (const b of BAD_ROWS) lines.splice(b.at, 0, b.text);
  const badLines = BAD_ROWS.map((b) => ({ line: lines.indexOf(b.text) + 1, says: b.says }));
  return { text: `${lines.join('\n')}\n`, badLines, levels: LEVELS.length };
}
