/**
 * Results files from a shuffled pack (its `playOrder`) carry each player's
 * order in their attempts' start times, and the ratings read it: players
 * in their own orders give practice the model can fit ("varied"), the same
 * players all in the pack's order give an order it cannot separate from
 * difficulty ("fixed"). The orders are core/play/order.ts's for each id.
 */
import { describe, expect, it } from 'vitest';
import { playerOrderSeed, presentationOrder } from '../play/order';
import { formatResults, RESULTS_FORMAT, RESULTS_VERSION } from '../play/results';
import { matchAttempts, readAttempts } from './importAttempts';
import { rateLevels } from './rate';

const LEVELS = ['..#', '.#.', '#..', '...', '#.#', '##.'].map((last, i) => ({ id: `l${i}`, name: `Level ${i + 1}`, rows: ['C..', '...', last] }));
const IDENTITY = '00112233445566aa';

/** One player's results file: every level solved once, in `order`, a minute apart. */
function resultsFile(player: string, order: readonly number[]): string {
  const start = Date.UTC(2026, 10, 27, 20, 0, 0);
  const at = new Map(order.map((level, k) => [level, k]));
  return formatResults({
    format: RESULTS_FORMAT,
    version: RESULTS_VERSION,
    rules: 'longcat',
    pack: { name: 'P', identity: IDENTITY },
    player,
    exportedAt: new Date(start + 3_600_000).toISOString(),
    order: order.map((i) => LEVELS[i]!.id),
    levels: LEVELS.map((l, i) => ({ ...l, attempts: [{ outcome: 'solved' as const, seconds: 10 + 3 * i + (player.length % 3), moves: 3, undos: 0, restarts: 0, startedAt: new Date(start + 60_000 * at.get(i)!).toISOString(), replay: false }] })),
  });
}

function rate(files: readonly string[]) {
  const attempts = files.flatMap((text) => {
    const r = readAttempts(text);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return matchAttempts(r.value.attempts, LEVELS).attempts;
  });
  return rateLevels(LEVELS.length, attempts, LEVELS.map(() => null));
}

describe('ratings read the order a shuffled pack gave each player', () => {
  const players = Array.from({ length: 12 }, (_, p) => `p-player${String(p).padStart(2, '0')}`);
  it('shuffled: practice is fitted (orders vary); the pack order for everyone: practice cannot be told apart', () => {
    const shuffled = players.map((p) => resultsFile(p, presentationOrder(LEVELS.length, { shuffle: true, keepFirst: false }, playerOrderSeed(IDENTITY, p))));
    const fixed = players.map((p) => resultsFile(p, presentationOrder(LEVELS.length, undefined, playerOrderSeed(IDENTITY, p))));
    expect(rate(shuffled).fit.practice.order).toBe('varied');
    expect(rate(fixed).fit.practice.order).toBe('fixed');
  });
});
