/**
 * Model files and checkpoints in a folder (the CLI's storage): `model.json`,
 * `weights.bin`, `meta.json`; a checkpoint adds `optimizer.json` (Adam's
 * names and shapes), `optimizer.bin` (its values, float32) and, when the
 * caller keeps one, `session.json`. Reading assembles the record the
 * checkpoint schema in `src/ml/checkpoint.ts` parses; nothing is trusted here.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointStorage } from '../ml/checkpoint';
import type { ModelFiles } from '../ml/modelFiles';
import { CliError } from './args';

export function writeModelDir(dir: string, files: ModelFiles): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'model.json'), files.modelJson);
  writeFileSync(join(dir, 'weights.bin'), files.weights);
  writeFileSync(join(dir, 'meta.json'), files.meta);
}

export function readModelDir(dir: string): ModelFiles {
  try {
    return {
      modelJson: readFileSync(join(dir, 'model.json'), 'utf8'),
      weights: new Uint8Array(readFileSync(join(dir, 'weights.bin'))),
      meta: readFileSync(join(dir, 'meta.json'), 'utf8'),
    };
  } catch (e) {
    throw new CliError(`cannot read the model in ${dir}: ${(e as Error).message}`);
  }
}

const CHECKPOINT_FILES = ['model.json', 'weights.bin', 'meta.json', 'optimizer.json', 'optimizer.bin', 'session.json', 'saved.txt'];

/** A checkpoint folder as {@link CheckpointStorage}. */
export function folderCheckpointStorage(dir: string): CheckpointStorage {
  return {
    async write(c) {
      writeModelDir(dir, c.files);
      if (c.optimizer !== null) {
        writeFileSync(join(dir, 'optimizer.json'), JSON.stringify(c.optimizer.manifest));
        const v = c.optimizer.values;
        writeFileSync(join(dir, 'optimizer.bin'), new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      } else {
        rmSync(join(dir, 'optimizer.json'), { force: true });
        rmSync(join(dir, 'optimizer.bin'), { force: true });
      }
      if (c.session !== undefined) writeFileSync(join(dir, 'session.json'), JSON.stringify(c.session));
      writeFileSync(join(dir, 'saved.txt'), c.savedAt + '\n');
    },
    async read() {
      if (!existsSync(join(dir, 'meta.json'))) return undefined;
      let optimizer: unknown = null;
      if (existsSync(join(dir, 'optimizer.json'))) {
        const bin = readFileSync(join(dir, 'optimizer.bin'));
        if (bin.byteLength % 4 !== 0) throw new Error(`optimizer.bin has ${bin.byteLength} bytes, not a whole number of float32 values`);
        // Copied: a Buffer's bytes may sit at an offset no Float32Array can start at.
        const values = new Float32Array(new Uint8Array(bin).buffer);
        optimizer = { manifest: JSON.parse(readFileSync(join(dir, 'optimizer.json'), 'utf8')) as unknown, values };
      }
      const session = existsSync(join(dir, 'session.json')) ? (JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')) as unknown) : undefined;
      const savedAt = existsSync(join(dir, 'saved.txt')) ? readFileSync(join(dir, 'saved.txt'), 'utf8').trim() : '';
      return { files: readModelDir(dir), optimizer, ...(session !== undefined ? { session } : {}), savedAt };
    },
    async remove() {
      for (const f of CHECKPOINT_FILES) rmSync(join(dir, f), { force: true });
    },
  };
}
