/**
 * Level streams on disk (SPEC §11; the line format is `core/jobs/levelStream.ts`):
 * a line reader and writer that hold one chunk at a time, and the repeat
 * filter `generate` and `merge` use, which keeps the first occurrence of
 * each level in stream order with memory that does not grow with the
 * stream's length.
 *
 * The filter is hash-partitioned: pass 1 appends each line with its
 * sequence number and key to one of {@link PARTITIONS} temporary files by a
 * hash of its key; pass 2 reads one partition at a time and keeps the first
 * line of each key (a partition larger than {@link PARTITION_KEYS} keys is
 * split again by another hash, so no set ever holds more); pass 3 merges the
 * partitions' survivors back into sequence order. Repeats always share a
 * partition, so the result is exactly the first occurrences, in order.
 * Temporary files go under the system's temporary folder (`TMPDIR`) and are
 * removed when the filter ends, whatever happens.
 */
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { MAX_STREAM_LINE } from '../core/jobs/levelStream';
import { CliError } from './args';
import { reason } from './io';

/** Partitions per split. */
export const PARTITIONS = 64;
/** Most keys one partition's set holds before it is split again (about 100 bytes each for 8x8 levels). */
export const PARTITION_KEYS = 500_000;

const CHUNK = 1 << 20;
/** Read size of each input of a many-way merge: 64 of them hold 4 MiB of buffers and about as much text. */
const MERGE_CHUNK = 64 * 1024;

/** Reads a file (or standard input, `-`) line by line, a chunk at a time; lines longer than the stream limit are refused. */
export class LineReader {
  private readonly fd: number;
  private readonly owned: boolean;
  private readonly buffer: Buffer;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private pending = '';
  private lines: string[] = [];
  private at = 0;
  private done = false;
  /** 1-based number of the line `next()` returned last. */
  line = 0;

  /** `chunk`: bytes read at a time (the readers of a many-way merge use small ones, so their buffers stay small together). */
  constructor(readonly file: string, private readonly maxLine = MAX_STREAM_LINE * 4, chunk = CHUNK) {
    try {
      this.fd = file === '-' ? 0 : openSync(file, 'r');
    } catch (e) {
      throw new CliError(`cannot read ${file}: ${reason(e)}`);
    }
    this.owned = file !== '-';
    const stat = this.owned ? fstatSync(this.fd) : null;
    if (stat?.isDirectory()) {
      closeSync(this.fd);
      throw new CliError(`cannot read ${file}: it is a folder`);
    }
    // A small regular file (a partition) gets a small buffer: thousands of them may be read in one run.
    this.buffer = Buffer.allocUnsafe(stat?.isFile() ? Math.min(chunk, Math.max(4096, stat.size + 1)) : chunk);
  }

  /** The next line without its newline (a trailing `\r` is dropped), or null at the end. */
  next(): string | null {
    while (this.at >= this.lines.length) {
      if (this.done) return null;
      this.fill();
    }
    this.line++;
    const l = this.lines[this.at++]!;
    return l.endsWith('\r') ? l.slice(0, -1) : l;
  }

  private fill(): void {
    let n = 0;
    try {
      n = readSync(this.fd, this.buffer, 0, this.buffer.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') return;
      throw new CliError(`cannot read ${this.name()}: ${reason(e)}`);
    }
    let text: string;
    try {
      text = n === 0 ? this.decoder.decode() : this.decoder.decode(this.buffer.subarray(0, n), { stream: true });
    } catch {
      throw new CliError(`${this.name()} is not UTF-8 text (near line ${this.line + this.lines.length - this.at + 1})`);
    }
    const parts = (this.pending + text).split('\n');
    this.pending = parts.pop()!;
    if (n === 0) {
      this.done = true;
      if (this.pending !== '') parts.push(this.pending);
      this.pending = '';
    }
    if (this.pending.length > this.maxLine) throw new CliError(`${this.name()}: line ${this.line + parts.length + 1} is longer than ${this.maxLine} characters; a stream line holds one level`);
    this.lines = parts;
    this.at = 0;
  }

  private name(): string {
    return this.file === '-' ? 'standard input' : this.file;
  }

  close(): void {
    if (this.owned) closeSync(this.fd);
  }
}

/**
 * Writes lines through a 1 MiB buffer. A regular file is written beside its
 * target and renamed over it by {@link commit}, so a failed run leaves the
 * old file as it was; `-` writes to standard output.
 */
export class LineWriter {
  private readonly fd: number;
  private readonly temp: string | null;
  private chunks: string[] = [];
  private size = 0;
  /** Lines written so far. */
  lines = 0;

  /** `direct`: write `file` itself, not beside it (the filter's own temporary files). */
  constructor(readonly file: string, private readonly chunk = CHUNK, direct = false) {
    this.temp = file === '-' || direct ? null : join(dirname(file), `.${basename(file)}.${process.pid}.partial`);
    try {
      this.fd = file === '-' ? 1 : openSync(this.temp ?? file, 'w', 0o644);
    } catch (e) {
      throw new CliError(`cannot write ${file}: ${reason(e)}`);
    }
  }

  write(line: string): void {
    this.chunks.push(line, '\n');
    this.size += line.length + 1;
    this.lines++;
    if (this.size >= this.chunk) this.flush();
  }

  private flush(): void {
    if (this.chunks.length === 0) return;
    const data = this.chunks.join('');
    this.chunks = [];
    this.size = 0;
    writeAll(this.fd, Buffer.from(data), this.file);
  }

  /** Flushes and puts the file in place. */
  commit(): void {
    this.flush();
    if (this.fd !== 1) closeSync(this.fd);
    if (this.temp === null) return;
    try {
      renameSync(this.temp, this.file);
    } catch (e) {
      rmSync(this.temp, { force: true });
      throw new CliError(`cannot write ${this.file}: ${reason(e)}`);
    }
  }

  /** Drops a file that was not committed (the target is left as it was). */
  abort(): void {
    if (this.temp === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    rmSync(this.temp, { force: true });
  }
}

/** A short pause for a full pipe to drain (standard output may be non-blocking). */
const pause = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Writes every byte: a pipe takes at most its buffer (64 KiB) per write and a
 * non-blocking one says EAGAIN when full, so the rest is written as it drains.
 */
export function writeAll(fd: number, data: Buffer, file: string): void {
  for (let at = 0; at < data.length; ) {
    try {
      at += writeSync(fd, data, at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') pause(2);
      // A reader that went away (`merge ... --out - | head`) is no error: the command ends quietly.
      else if (code === 'EPIPE' && fd === 1) throw new CliError('standard output was closed by its reader', 0);
      else throw new CliError(`cannot write ${file === '-' ? 'standard output' : file}: ${reason(e)}`);
    }
  }
}

/** FNV-1a over the key's UTF-16 units, salted by the split depth. */
function hash(key: string, depth: number): number {
  let h = (0x811c9dc5 ^ Math.imul(depth + 1, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Appends `seq\tkey\tline` records to one of {@link PARTITIONS} files. */
class Partitions {
  readonly files: string[];
  readonly counts: number[];
  private readonly writers: LineWriter[];

  constructor(dir: string, prefix: string, private readonly depth: number, private readonly n: number) {
    this.counts = new Array<number>(n).fill(0);
    this.files = Array.from({ length: n }, (_, p) => join(dir, `${prefix}-${p}`));
    this.writers = this.files.map((f) => new LineWriter(f, CHUNK / 4, true));
  }

  add(seq: number, key: string, line: string): void {
    const p = hash(key, this.depth) % this.n;
    this.counts[p]!++;
    this.writers[p]!.write(`${seq}\t${key}\t${line}`);
  }

  commit(): void {
    for (const w of this.writers) w.commit();
  }
}

/** The first record of each key in `file` (records in sequence order), as `seq\tline` records in `out`; returns how many. */
function firstOfEachKey(dir: string, file: string, count: number, out: string, depth: number, limit: number, n: number): number {
  if (count > limit && depth < 8) {
    const split = new Partitions(dir, `${basename(file)}.d${depth + 1}`, depth + 1, n);
    const r = new LineReader(file, Infinity);
    for (let l = r.next(); l !== null; l = r.next()) {
      const a = l.indexOf('\t'), b = l.indexOf('\t', a + 1);
      split.add(Number(l.slice(0, a)), l.slice(a + 1, b), l.slice(b + 1));
    }
    r.close();
    split.commit();
    rmSync(file);
    const parts = split.files.map((f, p) => {
      const survivors = `${f}.kept`;
      firstOfEachKey(dir, f, split.counts[p]!, survivors, depth + 1, limit, n);
      return survivors;
    });
    return mergeBySequence(parts, out, (seq, line) => `${seq}\t${line}`);
  }
  const seen = new Set<string>();
  const w = new LineWriter(out, CHUNK, true);
  const r = new LineReader(file, Infinity);
  for (let l = r.next(); l !== null; l = r.next()) {
    const a = l.indexOf('\t'), b = l.indexOf('\t', a + 1);
    const key = l.slice(a + 1, b);
    if (seen.has(key)) continue;
    seen.add(key);
    w.write(`${l.slice(0, a)}\t${l.slice(b + 1)}`);
  }
  r.close();
  w.commit();
  rmSync(file);
  return w.lines;
}

/** Merges `seq\tline` files, each in sequence order, into one sequence order; `emit` gives each output line. */
function mergeBySequence(files: readonly string[], out: string | LineWriter, emit: (seq: number, line: string) => string): number {
  const readers = files.map((f) => new LineReader(f, Infinity, MERGE_CHUNK));
  const heads: ({ seq: number; line: string } | null)[] = readers.map(() => null);
  const advance = (i: number): void => {
    const l = readers[i]!.next();
    if (l === null) {
      heads[i] = null;
      return;
    }
    const a = l.indexOf('\t');
    heads[i] = { seq: Number(l.slice(0, a)), line: l.slice(a + 1) };
  };
  readers.forEach((_, i) => advance(i));
  const w = typeof out === 'string' ? new LineWriter(out, CHUNK, true) : out;
  let n = 0;
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) if (heads[i] !== null && (best < 0 || heads[i]!.seq < heads[best]!.seq)) best = i;
    if (best < 0) break;
    w.write(emit(heads[best]!.seq, heads[best]!.line));
    n++;
    advance(best);
  }
  readers.forEach((r) => r.close());
  if (typeof out === 'string') w.commit();
  files.forEach((f) => rmSync(f, { force: true }));
  return n;
}

/**
 * Keeps the first line of each key, in the order added, with bounded
 * memory (see the file comment). `add` every line, then `finish` writes the
 * survivors to a {@link LineWriter}; `dispose` (in a finally) removes the
 * temporary files.
 */
export class RepeatFilter {
  private readonly dir: string;
  private readonly partitions: Partitions;
  private seq = 0;

  /** `partitionKeys`: most keys one set holds; `partitions`: files per split (tests make both small to exercise the splits). */
  constructor(private readonly partitionKeys = PARTITION_KEYS, private readonly split = PARTITIONS) {
    this.dir = mkdtempSync(join(tmpdir(), 'longcat-'));
    this.partitions = new Partitions(this.dir, 'p', 0, split);
  }

  add(key: string, line: string): void {
    this.partitions.add(this.seq++, key, line);
  }

  /** Writes the first occurrences in order; returns how many lines were kept and how many were repeats. */
  finish(out: LineWriter): { kept: number; repeats: number } {
    this.partitions.commit();
    const survivors = this.partitions.files.map((f, p) => {
      const kept = `${f}.kept`;
      firstOfEachKey(this.dir, f, this.partitions.counts[p]!, kept, 0, this.partitionKeys, this.split);
      return kept;
    });
    const kept = mergeBySequence(survivors, out, (_seq, line) => line);
    return { kept, repeats: this.seq - kept };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** True when `file` names a level stream (`.ndjson` or `.jsonl`) rather than a pack. */
export function isStreamFile(file: string): boolean {
  return /\.(ndjson|jsonl)$/i.test(file);
}
