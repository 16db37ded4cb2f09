/**
 * The pack leaving the studio for players: as a play link (the pack in the
 * URL fragment of play.html), or as one standalone HTML file that plays it
 * offline. Both carry only the playable part (names, ids, rows) and are
 * made from what `selectExportPack` exports.
 */
import { encodePackLink } from '../../core/pack/link';
import { standaloneFromTemplate } from '../../core/pack/standalone';
import type { LevelPack } from '../../core/pack/schema';
import type { Result } from '../../core/util/result';
import { err, ok } from '../../core/util/result';

/** The play link for `pack` on the studio at `pageUrl`, or why it cannot be one. */
export function playLink(pageUrl: string, pack: LevelPack): Result<string, string> {
  if (pack.levels.length === 0) return err('the pack has no levels to play');
  const encoded = encodePackLink(pack);
  if (!encoded.ok) return err(encoded.error.message);
  return ok(new URL(`play.html${encoded.value.fragment}`, pageUrl.replace(/#.*$/, '')).href);
}

/** The standalone player file for `pack` (the template is loaded on first use: it is ~350 kB). */
export async function standalonePlayer(pack: LevelPack): Promise<Result<string, string>> {
  if (pack.levels.length === 0) return err('the pack has no levels to play');
  const { default: template } = await import('virtual:player-template');
  return standaloneFromTemplate(template, pack);
}
