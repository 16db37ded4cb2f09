/**
 * The shipped SD-PCGRL policies (`models/sd-pcgrl-<w>x<h>/`) as files for a
 * worker: Vite emits each file as an asset, found by glob so a build without
 * a trained model still works (SD-PCGRL is then reported as missing).
 */
import type { ModelFiles } from '../../ml/modelFiles';

const urls = import.meta.glob(['/models/sd-pcgrl-*/model.json', '/models/sd-pcgrl-*/weights.bin', '/models/sd-pcgrl-*/meta.json'], {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Sizes with a shipped policy, e.g. `['8x8']`. */
export function shippedPolicySizes(): string[] {
  const sizes = new Set<string>();
  for (const path of Object.keys(urls)) {
    const m = /\/models\/sd-pcgrl-(\d+x\d+)\/meta\.json$/.exec(path);
    if (m && urls[`/models/sd-pcgrl-${m[1]}/model.json`] !== undefined && urls[`/models/sd-pcgrl-${m[1]}/weights.bin`] !== undefined) sizes.add(m[1]!);
  }
  return [...sizes].sort();
}

/** Fetches the shipped policy's files for a size, or says why there are none. */
export async function loadShippedPolicyFiles(width: number, height: number): Promise<{ ok: true; value: ModelFiles } | { ok: false; error: string }> {
  const size = `${width}x${height}`;
  const dir = `/models/sd-pcgrl-${size}`;
  const [modelUrl, weightsUrl, metaUrl] = [urls[`${dir}/model.json`], urls[`${dir}/weights.bin`], urls[`${dir}/meta.json`]];
  if (modelUrl === undefined || weightsUrl === undefined || metaUrl === undefined) {
    const have = shippedPolicySizes();
    return { ok: false, error: `No SD-PCGRL model ships for ${size} levels${have.length > 0 ? ` (there is one for ${have.join(', ')})` : ' yet'}.` };
  }
  try {
    const [modelJson, weights, meta] = await Promise.all([
      fetch(modelUrl).then((r) => r.text()),
      fetch(weightsUrl).then(async (r) => new Uint8Array(await r.arrayBuffer())),
      fetch(metaUrl).then((r) => r.text()),
    ]);
    return { ok: true, value: { modelJson, weights, meta } };
  } catch (e) {
    return { ok: false, error: `The SD-PCGRL model files could not be loaded: ${(e as Error).message}.` };
  }
}
