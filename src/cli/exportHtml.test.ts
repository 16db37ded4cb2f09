/**
 * The CLI's standalone player file: the built template with the pack inside,
 * readable back as the same playable pack; the template is found from the
 * sources and from a bundle's chunk folder (build/cli/chunks).
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeEmbeddedPack, playablePack } from '../core/pack/link';
import { createPack } from '../core/pack/pack';
import { PACK_SLOT } from '../core/pack/standalone';
import { findPlayerTemplate, standaloneHtml } from './exportHtml';
import { noWallClockLimit } from '../../test/support/cpuBudget';

// Bounded by work (and processes by CPU time), never by the wall clock: the suite must hold at a load of 20.
noWallClockLimit();

const root = resolve(import.meta.dirname, '../..');
const pack = createPack('A </script> pack', [
  { id: 'a', name: 'first <b>', rows: ['C..', '##.', '##.'], difficulty: 3, features: { nSolutions: 1 }, source: { generator: 'rsd', seed: 1, temperature: null, model: null } },
  { id: 'b', name: 'second', rows: ['C...', '....', '.#..'], difficulty: null, features: {}, source: { generator: 'editor', seed: null, temperature: null, model: null } },
]);

describe('standaloneHtml', () => {
  it('finds the template from the sources and from a bundle chunk', () => {
    expect(findPlayerTemplate()).toBe(join(root, 'build/player/play.html'));
    expect(findPlayerTemplate(join(root, 'build/cli/chunks'))).toBe(join(root, 'build/player/play.html'));
  });

  it('writes one file holding the playable pack, with no script-closing text from names and nothing to fetch', async () => {
    const html = await standaloneHtml(pack);
    expect(html).not.toContain(PACK_SLOT);
    const m = /<script id="longcat-pack" type="application\/json">([^<]*)<\/script>/.exec(html);
    expect(m).not.toBeNull();
    const back = decodeEmbeddedPack(m![1]!);
    expect(back.ok && back.value.pack).toEqual(playablePack(pack));
    // Self-contained: no external script, stylesheet or module preload.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+rel="(stylesheet|modulepreload)"/);
  });
});
