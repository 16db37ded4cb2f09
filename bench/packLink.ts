/**
 * How many levels fit in a pack link: RSD levels (seed 1) of a size, named
 * like the studio names them, encoded as a link for growing counts; prints
 * characters per level and the largest count under the link limit.
 *
 *   npx tsx bench/packLink.ts [size=8] [seed=1]
 */
import { generateRsd } from '../src/core/generators/rsd';
import { toRows } from '../src/core/level/level';
import { encodePackLink, MAX_PACK_LINK_CHARS } from '../src/core/pack/link';
import { createPack } from '../src/core/pack/pack';
import { createRng } from '../src/core/util/rng';

const size = Number(process.argv[2] ?? 8), seed = Number(process.argv[3] ?? 1);
const rng = createRng(seed);
const levels = Array.from({ length: 3000 }, (_, i) => ({ id: `rsd-${size}x${size}-s${seed}-${i}`, name: `RSD #${i + 1}`, rows: toRows(generateRsd(size, size, rng).level), difficulty: null, features: {}, source: { generator: 'rsd', seed, temperature: null, model: null } }));
const chars = (n: number): number => {
  const r = encodePackLink(createPack(`RSD ${size}x${size}`, levels.slice(0, n)));
  return r.ok ? r.value.chars : r.error.chars;
};
for (const n of [1, 10, 50, 100, 200]) console.log(`${n} levels: ${chars(n)} characters (${(chars(n) / n).toFixed(1)} per level)`);
let lo = 1, hi = levels.length;
while (lo < hi) {
  const mid = Math.ceil((lo + hi) / 2);
  if (chars(mid) <= MAX_PACK_LINK_CHARS) lo = mid;
  else hi = mid - 1;
}
console.log(`largest ${size}x${size} pack in one link (${MAX_PACK_LINK_CHARS} characters): ${lo} levels`);
