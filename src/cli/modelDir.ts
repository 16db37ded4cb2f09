/**
 * Model files and checkpoints in a folder (the CLI's storage): `model.json`,
 * `weights.bin`, `meta.json`; a checkpoint adds `optimizer.json` (Adam's
 * names and shapes), `optimizer.bin` (its values, float32) and, when the
 * caller keeps one, `session.json`. Reading assembles the record the
 * checkpoint schema in `src/ml/checkpoint.ts` parses; nothing is trusted here.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointStorage } from '../ml/checkpoint';
import { checkModelFiles, MAX_META_JSON_CHARS, MAX_MODEL_JSON_CHARS, MAX_WEIGHT_BYTES } from '../ml/modelCheck';
import type { ModelFiles } from '../ml/schemas';
import { CliError } from './args';
import { ensureOutputDir, readBytes, readText, writeOutput } from './io';

/**
 * Writes the three model files after checking them as a load would: a
 * model that could not be loaded again (NaN weights from a diverged run) is
 * refused and nothing is written.
 */
export function writeModelDir(dir: string, files: ModelFiles): void {
  const checked = checkModelFiles(files);
  if (!checked.ok) throw new CliError(`the model was not written to ${dir}, because it could not be loaded again: ${checked.error}`);
  ensureOutputDir(dir);
  writeOutput(join(dir, 'weights.bin'), files.weights);
  writeOutput(join(dir, 'model.json'), files.modelJson);
  writeOutput(join(dir, 'meta.json'), files.meta);
}

/** The three files of a model folder, each read within its size limit (checked in full by the loader). */
export function readModelDir(dir: string): ModelFiles {
  return {
    modelJson: readText(join(dir, 'model.json'), 'a model.json', 4 * MAX_MODEL_JSON_CHARS),
    weights: new Uint8Array(readBytes(join(dir, 'weights.bin'), 'a weights.bin', MAX_WEIGHT_BYTES)),
    meta: readText(join(dir, 'meta.json'), 'a meta.json', 4 * MAX_META_JSON_CHARS),
  };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new CliError(`${what} is not valid JSON: ${(e as Error).message}`);
  }
}

const CHECKPOINT_FILES = ['model.json', 'weights.bin', 'meta.json', 'optimizer.json', 'optimizer.bin', 'session.json', 'saved.txt'];

/** A checkpoint folder as {@link CheckpointStorage}. */
export function folderCheckpointStorage(dir: string): CheckpointStorage {
  return {
    async write(c) {
      writeModelDir(dir, c.files);
      if (c.optimizer !== null) {
        writeOutput(join(dir, 'optimizer.json'), JSON.stringify(c.optimizer.manifest));
        const v = c.optimizer.values;
        writeOutput(join(dir, 'optimizer.bin'), new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      } else {
        rmSync(join(dir, 'optimizer.json'), { force: true });
        rmSync(join(dir, 'optimizer.bin'), { force: true });
      }
      if (c.session !== undefined) writeOutput(join(dir, 'session.json'), JSON.stringify(c.session));
      writeOutput(join(dir, 'saved.txt'), c.savedAt + '\n');
    },
    async read() {
      if (!existsSync(join(dir, 'meta.json'))) return undefined;
      let optimizer: unknown = null;
      if (existsSync(join(dir, 'optimizer.json'))) {
        const bin = readBytes(join(dir, 'optimizer.bin'), "Adam's state (optimizer.bin)", 2 * MAX_WEIGHT_BYTES + 1024);
        if (bin.byteLength % 4 !== 0) throw new Error(`optimizer.bin has ${bin.byteLength} bytes, not a whole number of float32 values`);
        // Copied: a Buffer's bytes may sit at an offset no Float32Array can start at.
        const values = new Float32Array(new Uint8Array(bin).buffer);
        optimizer = { manifest: parseJson(readText(join(dir, 'optimizer.json'), 'optimizer.json', 1 << 20), 'optimizer.json'), values };
      }
      const session = existsSync(join(dir, 'session.json')) ? parseJson(readText(join(dir, 'session.json'), 'session.json', 16 << 20), 'session.json') : undefined;
      const savedAt = existsSync(join(dir, 'saved.txt')) ? readText(join(dir, 'saved.txt'), 'saved.txt', 1024).trim() : '';
      return { files: readModelDir(dir), optimizer, ...(session !== undefined ? { session } : {}), savedAt };
    },
    async remove() {
      for (const f of CHECKPOINT_FILES) rmSync(join(dir, f), { force: true });
    },
  };
}
