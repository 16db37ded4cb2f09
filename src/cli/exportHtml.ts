/**
 * The standalone player file for `longcat export --format html`: the built
 * player page (build/player/play.html, made by `vite.player.config.ts`)
 * with the pack inside, through the same `standaloneFromTemplate` the
 * studio uses. The template is looked for beside the code: from the bundle
 * (build/cli/...) and from the sources under tsx (src/cli/...) the nearest
 * ancestor folder with `build/player/play.html` holds it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { standaloneFromTemplate } from '../core/pack/standalone';
import type { LevelPack } from '../core/pack/schema';
import { CliError } from './args';

/** The template's path relative to the package root. */
export const PLAYER_TEMPLATE = join('build', 'player', 'play.html');

/** The template's absolute path, or null when no ancestor of this module has it. */
export function findPlayerTemplate(from: string = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from, i = 0; i < 8; i++) {
    const candidate = join(dir, PLAYER_TEMPLATE);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

/**
 * One self-contained HTML file that plays `pack` offline (no server, no
 * network). Rejects with a sentence when the player template is missing
 * (`npm run build:cli` builds it) or is not a player template.
 */
export async function standaloneHtml(pack: LevelPack): Promise<string> {
  const path = findPlayerTemplate();
  if (path === null) throw new CliError(`the standalone player is not built (${PLAYER_TEMPLATE} is missing): run \`npm run build:cli\``);
  const html = standaloneFromTemplate(await readFile(path, 'utf8'), pack);
  if (!html.ok) throw new CliError(html.error);
  return html.value;
}
