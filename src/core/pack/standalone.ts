/**
 * The standalone player file: the built player (one self-contained HTML
 * page, see `vite.player.config.ts`) with a pack put into its empty
 * `<script id="longcat-pack" type="application/json">` element. The studio
 * and the CLI both write the file through {@link standaloneFromTemplate},
 * so the two never differ.
 */
import { err, ok, type Result } from '../util/result';
import { embeddedPackJson } from './link';
import type { LevelPack } from './schema';

/** The empty element of the template that receives the pack. */
export const PACK_SLOT = '<script id="longcat-pack" type="application/json"></script>';

/**
 * `template` with `pack`'s playable part (name, ids, names, rows) inside the
 * pack slot. The JSON has every `<` escaped, so no name can end the element.
 * Fails with a sentence when the template has no (or more than one) empty
 * slot: it is not the built player, or it already holds a pack.
 * O(template + pack).
 */
export function standaloneFromTemplate(template: string, pack: LevelPack): Result<string, string> {
  const at = template.indexOf(PACK_SLOT);
  if (at < 0 || template.indexOf(PACK_SLOT, at + 1) >= 0) {
    return err('the player template has no single empty pack slot; rebuild it (npx vite build -c vite.player.config.ts)');
  }
  const open = PACK_SLOT.slice(0, PACK_SLOT.indexOf('</script>'));
  // A function replacer would do, but slicing keeps `$` in names from meaning anything.
  return ok(`${template.slice(0, at)}${open}${embeddedPackJson(pack)}</script>${template.slice(at + PACK_SLOT.length)}`);
}
