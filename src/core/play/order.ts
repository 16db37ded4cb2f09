/**
 * The order a player meets a pack's levels in (SPEC §13 "Honest
 * intervals"): the pack's own order, or, when the pack's `playOrder` says
 * shuffle, a random order of each player's own, so that practice (how
 * many levels a player met before) and a level's difficulty stop moving
 * together and the rating model can tell them apart. The order is drawn
 * from the player's id and the pack's identity, so the same player meets
 * the same order every time they open the pack (a reload, another day),
 * and two players (or one player's two packs) get independent orders.
 * `keepFirst` leaves the pack's first level first (a tutorial level).
 */
import type { PackPlayOrder } from '../pack/schema';
import { createRng } from '../util/rng';

/** FNV-1a of `text` (UTF-16 code units), a uint32 seed. */
export function orderSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The pack indices 0..count-1 in the order they are presented: the
 * identity without a shuffle; else a Fisher-Yates shuffle seeded by
 * {@link orderSeed}(`seedText`), index 0 kept first when `keepFirst`.
 * Always a permutation; the same arguments give the same order. O(count).
 */
export function presentationOrder(count: number, playOrder: PackPlayOrder | undefined, seedText: string): number[] {
  const order = Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => i);
  if (playOrder === undefined || !playOrder.shuffle) return order;
  const rng = createRng(orderSeed(seedText));
  const from = playOrder.keepFirst ? 1 : 0;
  for (let i = order.length - 1; i > from; i--) {
    const j = from + rng.int(i - from + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The seed text of one player in one pack: both matter, so each pack gets its own order per player. */
export function playerOrderSeed(packIdentity: string, player: string): string {
  return `${packIdentity}/${player}`;
}
