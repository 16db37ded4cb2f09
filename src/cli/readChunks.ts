/**
 * A file read a piece at a time as UTF-8 text (a character split between
 * two pieces is joined), with the SHA-256 of its bytes: `rate` streams
 * attempts files of any size through it and tells a file given twice.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { CliError } from './args';
import { reason } from './io';

const PIECE = 4 << 20;

/** Calls `onText` with each piece of `file`'s text (`-`: standard input); returns the hex SHA-256 of the bytes. */
export function readChunks(file: string, what: string, onText: (text: string) => void): string {
  let fd: number;
  try {
    fd = file === '-' ? 0 : openSync(file, 'r');
  } catch (e) {
    throw new CliError(`cannot read ${file} (${what}): ${reason(e)}`);
  }
  try {
    try {
      if (fstatSync(fd).isDirectory()) throw new CliError(`cannot read ${file} (${what}): it is a folder, not a file`);
    } catch (e) {
      if (e instanceof CliError) throw e;
      throw new CliError(`cannot read ${file} (${what}): ${reason(e)}`);
    }
    const hash = createHash('sha256'), decoder = new StringDecoder('utf8'), buf = Buffer.allocUnsafe(PIECE);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, PIECE, null);
      } catch (e) {
        // A non-blocking standard input says "try again": wait a little.
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          continue;
        }
        if ((e as NodeJS.ErrnoException).code === 'EOF') break;
        throw new CliError(`cannot read ${file} (${what}): ${reason(e)}`);
      }
      if (n === 0) break;
      const bytes = buf.subarray(0, n);
      hash.update(bytes);
      onText(decoder.write(bytes));
    }
    onText(decoder.end());
    return hash.digest('hex');
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}
