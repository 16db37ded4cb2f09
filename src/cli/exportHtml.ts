/** `export --format html`: the standalone HTML player (built in its own branch; this build has none). */
import type { LevelPack } from '../core/pack/schema';
import { CliError } from './args';

/** The pack as one self-contained HTML file that plays it offline. */
export async function standaloneHtml(_pack: LevelPack): Promise<string> {
  throw new CliError('the standalone HTML player is not part of this build; choose --format json, text, arduboy, csv or pack');
}
