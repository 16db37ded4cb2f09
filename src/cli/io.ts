/**
 * Every file the CLI reads or writes goes through here, so each has a size
 * limit and each failure is one sentence ({@link CliError}).
 *
 * Reads: a regular file's size is checked (fstat) before a byte is read;
 * standard input (`-`) and anything else that is not a regular file (a pipe,
 * `/dev/zero`) is read in chunks and refused as soon as it passes the limit.
 *
 * Writes: a regular file is written beside its target and renamed over it,
 * so a full disk leaves the old file as it was (and no half-written one);
 * a device (`/dev/stdout`, `/dev/full`) is written directly. The folder must
 * exist and the target must not be a folder; both are checked before a
 * long run starts ({@link checkOutputFile}). A symbolic link is followed:
 * its target is written (the link stays a link), and a link to nothing is
 * refused. A file written over keeps its permission bits. A file the
 * package ships (its models, sources, docs and builds) is never written
 * over unless the command line says `--force` ({@link allowShippedWrites}).
 */
import { accessSync, chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readlinkSync, readSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CliError } from './args';
import { packageRoot } from './shipped';

/** Input limits in bytes, by kind of file. */
export const READ_LIMITS = {
  /** Level text and level packs (a pack's own limit is 20 MiB). */
  levels: 20 * 1024 * 1024,
  /** Player-data CSV (at most 100,000 rows are read). */
  csv: 32 * 1024 * 1024,
  /** A difficulty model file. */
  difficultyModel: 1024 * 1024,
} as const;

const MiB = (n: number): string => (n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB` : `${n} bytes`);

/** The reason of a Node file-system error, without a stack (`ENOSPC: no space left on device` becomes "no space left on device"). */
export function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const known: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'over the disk quota',
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    ENOENT: 'no such file or folder',
    EISDIR: 'it is a folder',
    ENOTDIR: 'a part of the path is not a folder',
    EROFS: 'the file system is read-only',
    EMFILE: 'too many open files',
    ENAMETOOLONG: 'the name is too long',
    EIO: 'input/output error',
  };
  if (code !== undefined && known[code] !== undefined) return known[code]!;
  const message = e instanceof Error ? e.message : String(e);
  return message.split('\n')[0]!;
}

const sleepMs = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * The bytes of `file` (`-` for standard input), at most `maxBytes`, or a
 * CliError naming the file, `what` it should be and the limit. A regular file
 * over the limit is refused without reading it; a stream is refused after
 * `maxBytes + 1` bytes. Never blocks longer than the source takes to give
 * that many bytes.
 */
export function readBytes(file: string, what: string, maxBytes: number): Buffer {
  const label = file === '-' ? 'standard input' : file;
  let fd: number;
  let stats: Stats;
  try {
    fd = file === '-' ? 0 : openSync(file, 'r');
  } catch (e) {
    throw new CliError(`cannot read ${label} (${what}): ${reason(e)}`);
  }
  try {
    try {
      stats = fstatSync(fd);
    } catch (e) {
      throw new CliError(`cannot read ${label} (${what}): ${reason(e)}`);
    }
    if (stats.isDirectory()) throw new CliError(`cannot read ${label} (${what}): it is a folder, not a file`);
    if (stats.isFile() && stats.size > maxBytes) {
      throw new CliError(`${label} is ${stats.size.toLocaleString('en')} bytes; ${what} may be at most ${MiB(maxBytes)}`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1));
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, Math.min(chunk.length, maxBytes + 1 - total), null);
      } catch (e) {
        // A non-blocking standard input (a terminal or some pipes) says "try again": wait a little.
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
          sleepMs(5);
          continue;
        }
        if ((e as NodeJS.ErrnoException).code === 'EOF') break;
        throw new CliError(`cannot read ${label} (${what}): ${reason(e)}`);
      }
      if (n === 0) break;
      chunks.push(Buffer.from(chunk.subarray(0, n)));
      total += n;
      if (total > maxBytes) throw new CliError(`${label} is over ${MiB(maxBytes)}, the most ${what} may be; nothing was read past that`);
    }
    return Buffer.concat(chunks, total);
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

/** {@link readBytes} decoded as UTF-8 text. */
export function readText(file: string, what: string, maxBytes: number): string {
  return readBytes(file, what, maxBytes).toString('utf8');
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * Top-level folders and files of the package root that the package ships
 * (or that are its sources in a checkout). Inside the package root, an
 * existing file under one of these is written over only with `--force`;
 * everything else (an `out/` folder, a new file, a training checkpoint
 * folder `checkpoint/`, which is git-ignored) may be written.
 */
export const SHIPPED_FOLDERS: readonly string[] = ['bin', 'build', 'models', 'src', 'docs', 'test', 'e2e', 'scripts', 'public', 'bench', '.ci', 'node_modules'];
export const SHIPPED_FILES: readonly string[] = [
  'package.json', 'package-lock.json', 'README.md', 'index.html', 'play.html', 'tsconfig.json', 'eslint.config.js',
  'vite.config.ts', 'vite.player.config.ts', 'playwright.config.ts', 'playwright.extra.config.ts', '.gitignore',
];

/** Whether this command line allows writing over shipped files (`--force`); `main` sets it for each command line. */
let shippedWritesAllowed = false;

/** `--force`: let (true) or stop (false) writes over files the package ships. */
export function allowShippedWrites(allowed: boolean): void {
  shippedWritesAllowed = allowed;
}

/**
 * The path of `file` relative to the package root when it is an existing
 * file the package ships (after following links), else null.
 */
export function shippedFileOf(file: string, root: string | null = packageRoot()): string | null {
  if (root === null) return null;
  let real: string, realRoot: string;
  try {
    real = realpathSync(file);
    realRoot = realpathSync(root);
  } catch {
    return null; // not there (yet): nothing is written over
  }
  const rel = relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  const parts = rel.split(sep);
  if (parts.includes('checkpoint')) return null;
  if (parts.length === 1) return SHIPPED_FILES.includes(rel) ? rel : null;
  return SHIPPED_FOLDERS.includes(parts[0]!) ? rel.split(sep).join('/') : null;
}

/** Refuses (a CliError) to write over a shipped file unless `--force` was given. */
function refuseShipped(file: string, flag: string): void {
  if (shippedWritesAllowed) return;
  const shipped = shippedFileOf(file);
  if (shipped !== null) {
    throw new CliError(`cannot write ${file} (${flag}): it is ${shipped}, a file this package ships; write somewhere else (e.g. out/), or add --force to replace it`);
  }
}

/**
 * Where a write to `file` lands: `file` itself, or the target of the
 * symbolic link(s) it names. A link whose target does not exist is refused
 * with a sentence (writing a new file there is too likely a surprise).
 */
export function writeTarget(file: string, flag = '--out'): string {
  let link: Stats;
  try {
    link = lstatSync(file);
  } catch {
    return file;
  }
  if (!link.isSymbolicLink()) return file;
  try {
    return realpathSync(file);
  } catch {
    let to = '?';
    try {
      to = resolve(dirname(file), readlinkSync(file));
    } catch {
      /* the link went away meanwhile */
    }
    throw new CliError(`cannot write ${file} (${flag}): it is a symbolic link to ${to}, which does not exist; give the target's path or remove the link`);
  }
}

/**
 * Checks, before any work, that `file` can be written: its folder exists and
 * it is not itself a folder, a link leads somewhere, and it is not a file the
 * package ships (unless `--force`). `flag` names the option in the message.
 */
export function checkOutputFile(file: string, flag = '--out'): void {
  if (file.trim() === '') throw new CliError(`${flag} needs a file name, got "${file}"`);
  writeTarget(file, flag);
  refuseShipped(file, flag);
  const target = statOrNull(file);
  if (target?.isDirectory()) throw new CliError(`cannot write ${file} (${flag}): it is a folder; give a file name inside it`);
  const dir = dirname(file);
  const parent = statOrNull(dir);
  if (parent === null) throw new CliError(`cannot write ${file} (${flag}): the folder ${dir} does not exist`);
  if (!parent.isDirectory()) throw new CliError(`cannot write ${file} (${flag}): ${dir} is not a folder`);
  try {
    accessSync(target !== null ? file : dir, constants.W_OK);
  } catch (e) {
    throw new CliError(`cannot write ${file} (${flag}): ${reason(e)}`);
  }
}

/**
 * Writes `data` to `file` (see the module comment: atomic for regular
 * files, direct for devices). On any failure nothing is left behind and the
 * CliError says why.
 */
export function writeOutput(file: string, data: string | Uint8Array, flag = '--out'): void {
  checkOutputFile(file, flag);
  const path = writeTarget(file, flag);
  const target = statOrNull(path);
  if (target !== null && !target.isFile()) {
    try {
      writeFileSync(path, data);
    } catch (e) {
      throw new CliError(`cannot write ${file}: ${reason(e)}`);
    }
    return;
  }
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  try {
    writeFileSync(temp, data);
    // The new file takes the old one's permission bits (a chmod 600 file stays 600).
    if (target !== null) chmodSync(temp, target.mode & 0o7777);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new CliError(`cannot write ${file}: ${reason(e)}; nothing was written`);
  }
}

/**
 * Creates the folder `dir` (and its parents) or says why it cannot; checks it
 * can be written, and that none of `files` in it is a file the package ships
 * (the shipped models' folders), unless `--force`.
 */
export function ensureOutputDir(dir: string, flag = '--out', files: readonly string[] = []): void {
  if (dir.trim() === '') throw new CliError(`${flag} needs a folder name, got "${dir}"`);
  for (const f of files) refuseShipped(join(dir, f), flag);
  const s = statOrNull(dir);
  if (s !== null && !s.isDirectory()) throw new CliError(`${flag} ${dir} is a file, not a folder`);
  try {
    if (s === null) mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new CliError(`${flag} ${dir}: cannot create or write the folder: ${reason(e)}`);
  }
}
