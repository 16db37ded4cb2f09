/**
 * Model files in the page: the shipped SD-PCGRL models' URLs (emitted by
 * Vite), one per ruleset, fetching them, reading the three files a user
 * picks for upload, and saving the three files as downloads.
 */
import { z } from 'zod';
import { allRulesets, rulesetByName } from '../../core/rules/registry';
import type { RulesetName } from '../../core/rules/ruleset';
import { modelRulesProblem } from '../../ml/modelRules';
import { parseModelMeta, type ModelFiles, type ModelMeta } from '../../ml/schemas';
import { downloadBlob } from '../files/download';
import { DEFAULT_RULESET_NAME } from '../../core/rules/ruleset';

/**
 * The shipped models, `models/sd-pcgrl-8x8/` (Longcat) and
 * `models/sd-pcgrl-<rules>-8x8/` (another ruleset, e.g. paint), as asset
 * URLs. A glob rather than `?url` imports so that a checkout without a
 * model still builds (the panel then says that model is missing).
 */
const shipped = import.meta.glob('../../../models/sd-pcgrl-*/{model.json,weights.bin,meta.json}', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

/** The folder of the shipped model for a ruleset, as its folder names it (`Ruleset.assets.rlModelFolder`). */
export function shippedModelFolder(rules: RulesetName): string {
  return rulesetByName(rules).assets.rlModelFolder;
}

/** The ruleset whose shipped model lives in `folder`, or null. */
export function folderRules(folder: string): RulesetName | null {
  return allRulesets().find((r) => r.assets.rlModelFolder === folder)?.name ?? null;
}

function shippedUrl(rules: RulesetName, name: string): string | undefined {
  return Object.entries(shipped).find(([path]) => {
    const parts = path.split('/');
    return parts.at(-1) === name && folderRules(parts.at(-2) ?? '') === rules;
  })?.[1];
}

/** True when the build includes the shipped model of `rules`. */
export function hasShippedModel(rules: RulesetName = DEFAULT_RULESET_NAME): boolean {
  return ['model.json', 'weights.bin', 'meta.json'].every((n) => shippedUrl(rules, n) !== undefined);
}

/** The sentence for a build without the shipped model of `rules`. */
export function missingShippedModel(rules: RulesetName): string {
  return `the shipped model for this ruleset (models/${shippedModelFolder(rules)}) is not part of this build`;
}

/** The shipped model's meta.json for `rules`, checked by its schema and its ruleset (the worker checks the whole model when it loads it). */
export async function fetchShippedMeta(rules: RulesetName = DEFAULT_RULESET_NAME): Promise<ModelMeta> {
  const url = shippedUrl(rules, 'meta.json');
  if (url === undefined) throw new Error(missingShippedModel(rules));
  const r = await fetch(url);
  if (!r.ok) throw new Error(`could not fetch the shipped model's meta.json: HTTP ${r.status}`);
  const parsed = parseModelMeta(await r.text());
  if (!parsed.ok) throw new Error(`the shipped model's ${parsed.error}`);
  // A folder whose meta names other rules than its name is a packaging mistake: refused like any other model.
  const problem = modelRulesProblem(parsed.meta, rules);
  if (problem !== null) throw new Error(`models/${shippedModelFolder(rules)}: ${problem}`);
  return parsed.meta;
}

/** Fetches the shipped model's three files for `rules` (the loader checks its meta's ruleset). */
export async function fetchShippedModel(rules: RulesetName = DEFAULT_RULESET_NAME): Promise<ModelFiles> {
  const get = async (name: string): Promise<Response> => {
    const url = shippedUrl(rules, name);
    if (url === undefined) throw new Error(`${missingShippedModel(rules)} (models/${shippedModelFolder(rules)}/${name} is missing)`);
    const r = await fetch(url);
    if (!r.ok) throw new Error(`could not fetch the shipped model's ${name}: HTTP ${r.status}`);
    return r;
  };
  const [modelJson, weights, meta] = await Promise.all([get('model.json').then((r) => r.text()), get('weights.bin').then((r) => r.arrayBuffer()), get('meta.json').then((r) => r.text())]);
  return { modelJson, weights: new Uint8Array(weights), meta };
}

/** Any JSON object (anything else sorts as an empty one). */
const JsonObjectSchema = z.record(z.string(), z.unknown()).catch({});

/**
 * Sorts picked files into model.json, weights.bin and meta.json by content
 * (a browser may have renamed a download "model (1).json"): the binary file
 * is the weights, the JSON with `modelTopology` the network, the JSON with
 * `"format": "longcat-rl-model"` the meta. Returns a sentence when the set
 * is not three such files.
 */
export async function readModelUpload(files: readonly File[]): Promise<{ ok: true; files: ModelFiles } | { ok: false; error: string }> {
  if (files.length !== 3) return { ok: false, error: `pick the model's three files (model.json, weights.bin, meta.json); got ${files.length}` };
  let modelJson: string | null = null, meta: string | null = null, weights: Uint8Array | null = null;
  const unknown: string[] = [];
  for (const f of files) {
    if (f.size > 64 * 1024 * 1024) return { ok: false, error: `${f.name} is larger than 64 MB: not a model file of ours` };
    if (/\.json$/i.test(f.name)) {
      const text = await f.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        return { ok: false, error: `${f.name} is not valid JSON: ${(e as Error).message}` };
      }
      // Only sorting here: the contents are parsed on load (parseModelJson, parseModelMeta).
      const o = JsonObjectSchema.parse(parsed);
      if ('modelTopology' in o || 'weightsManifest' in o) modelJson = text;
      else if (o.format === 'longcat-rl-model' || /meta/i.test(f.name)) meta = text;
      else unknown.push(f.name);
    } else if (/\.bin$/i.test(f.name)) weights = new Uint8Array(await f.arrayBuffer());
    else unknown.push(f.name);
  }
  if (unknown.length > 0) return { ok: false, error: `${unknown.join(', ')}: not model.json, weights.bin or meta.json` };
  const missing = [modelJson === null && 'model.json', weights === null && 'weights.bin', meta === null && 'meta.json'].filter((m): m is string => m !== false);
  if (missing.length > 0) return { ok: false, error: `missing ${missing.join(' and ')}` };
  return { ok: true, files: { modelJson: modelJson!, weights: weights!, meta: meta! } };
}

/** Saves the three files as three downloads (no zip: the upload takes the same three back). */
export function downloadModelFiles(files: ModelFiles): void {
  downloadBlob(new Blob([files.modelJson], { type: 'application/json' }), 'model.json');
  downloadBlob(new Blob([files.weights as BlobPart], { type: 'application/octet-stream' }), 'weights.bin');
  downloadBlob(new Blob([files.meta], { type: 'application/json' }), 'meta.json');
}
