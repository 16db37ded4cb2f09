/**
 * A whole pack as a link: the pack's playable part (name, play order, and
 * per level its id, name and rows) as JSON, zlib-compressed with fflate (deflate with an
 * Adler-32 checksum), written in base64url into the URL fragment:
 * `#pack=1.<base64url>`. The fragment never
 * reaches a server, so the link works from any static host or from disk.
 *
 * Decoding is a boundary like a file import: the text is checked for
 * length, alphabet and version before any work, the inflated size is
 * capped, the checksum is verified (fflate does not check it; a link cut
 * or changed in transit is refused, not opened as another pack), and the
 * JSON goes through {@link importPackJson}, the same checks
 * a pack file gets. Annotations a link might carry (difficulty, features,
 * source, notes) are dropped, never trusted: play mode needs only the grids.
 * Nothing throws; a bad link is one sentence.
 */
import { unzlibSync, zlibSync } from 'fflate';
import type { Level } from '../level/level';
import { err, ok, type Result } from '../util/result';
import { CURRENT_PACK_VERSION } from './migrations';
import { importPack, importPackJson } from './pack';
import { EDITOR_GENERATOR, PACK_FORMAT, type LevelPack } from './schema';

/** The fragment parameter that holds a pack. */
export const PACK_LINK_PARAM = 'pack';
/** Version of the link encoding (zlib + base64url of pack JSON); the pack inside has its own version. */
export const PACK_LINK_ENCODING = '1';
/**
 * Longest encoded pack (the part after `pack=`) a link may hold, in
 * characters. Browsers accept far longer URLs, but mail and chat programs
 * cut or mangle long ones; a larger pack is sent as a file instead.
 */
export const MAX_PACK_LINK_CHARS = 32_000;
/** Largest JSON a link may unpack to, in bytes. (A deflate stream inflates at most ~1,032x, so the link length bounds the work before this cap is checked.) */
export const MAX_PACK_LINK_JSON_BYTES = 4 * 1024 * 1024;

/** A pack read from a link: only its playable part, validated. */
export interface LinkedPack {
  readonly pack: LevelPack;
  /** `pack.levels[i]` parsed, same order. */
  readonly levels: Level[];
}

/**
 * The part of `pack` a link carries: the pack's name and each level's id,
 * name and rows; every annotation reset to what a studio recomputes.
 */
export function playablePack(pack: LevelPack): LevelPack {
  return {
    format: PACK_FORMAT,
    version: CURRENT_PACK_VERSION,
    rules: pack.rules,
    name: pack.name,
    ...(pack.playOrder !== undefined ? { playOrder: { ...pack.playOrder } } : {}),
    levels: pack.levels.map((l) => ({
      id: l.id,
      name: l.name,
      rows: [...l.rows],
      difficulty: null,
      features: {},
      source: { generator: EDITOR_GENERATOR, seed: null, temperature: null, model: null },
    })),
  };
}

/** The compact JSON a link carries (annotations left out: the schema's defaults fill them on import). */
function linkJson(pack: LevelPack): string {
  return JSON.stringify({
    format: PACK_FORMAT,
    version: CURRENT_PACK_VERSION,
    rules: pack.rules,
    name: pack.name,
    // Only where set, so a pack without it keeps its link and its identity (its players' progress).
    ...(pack.playOrder !== undefined ? { playOrder: pack.playOrder } : {}),
    levels: pack.levels.map((l) => ({ id: l.id, name: l.name, rows: l.rows })),
  });
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: String.fromCharCode over a whole large array overflows the argument stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Adler-32 of `bytes` (RFC 1950 §8.2), the checksum a zlib stream ends with. */
function adler32(bytes: Uint8Array): number {
  let a = 1, b = 0;
  for (let i = 0; i < bytes.length; ) {
    // 3,800 steps keep b below 2^31 before the modulo (zlib's NMAX is 5,552 for unsigned 32-bit).
    const end = Math.min(bytes.length, i + 3800);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** An encoded link, or why the pack does not fit in one. */
export type PackLinkEncoding = Result<{ readonly fragment: string; readonly chars: number }, { readonly chars: number; readonly message: string }>;

/**
 * The fragment (with its `#`) that carries `pack`'s playable part, or, when
 * the encoding is longer than {@link MAX_PACK_LINK_CHARS}, a sentence saying
 * so (the caller offers the file instead). O(size of the pack).
 */
export function encodePackLink(pack: LevelPack): PackLinkEncoding {
  const json = new TextEncoder().encode(linkJson(pack));
  const code = `${PACK_LINK_ENCODING}.${toBase64Url(zlibSync(json, { level: 9 }))}`;
  if (code.length > MAX_PACK_LINK_CHARS) {
    return err({
      chars: code.length,
      message: `the pack is too large for a link (${code.length.toLocaleString('en-US')} characters; a link holds at most ${MAX_PACK_LINK_CHARS.toLocaleString('en-US')}): send the pack file or the standalone HTML instead`,
    });
  }
  return ok({ fragment: `#${PACK_LINK_PARAM}=${code}`, chars: code.length });
}

/** True when the fragment names a pack (valid or not); `#level=` links are the editor's. */
export function hasPackLink(hash: string): boolean {
  return /^#?pack=/.test(hash) || /[#&]pack=/.test(hash);
}

/** The `pack=` value of a fragment, or null. (Not URLSearchParams: it would turn `+` into a space and hide a tampered link.) */
function packParam(hash: string): string | null {
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (part.startsWith(`${PACK_LINK_PARAM}=`)) return part.slice(PACK_LINK_PARAM.length + 1);
  }
  return null;
}

/**
 * Reads the pack in a fragment such as `#pack=1.xxxx`. Never throws: a
 * missing, truncated, oversized, tampered or random value gives one
 * sentence. Work is bounded by {@link MAX_PACK_LINK_CHARS} and
 * {@link MAX_PACK_LINK_JSON_BYTES} whatever the input.
 */
export function decodePackLink(hash: string): Result<LinkedPack, string> {
  if (typeof hash !== 'string') return err('the link has no pack in it');
  const code = packParam(hash);
  if (code === null || code === '') return err('the link has no pack in it');
  if (code.length > MAX_PACK_LINK_CHARS + 2) {
    return err(`the link is too long (${code.length.toLocaleString('en-US')} characters; a pack link holds at most ${MAX_PACK_LINK_CHARS.toLocaleString('en-US')})`);
  }
  const dot = code.indexOf('.');
  const version = dot < 0 ? '' : code.slice(0, dot);
  if (version !== PACK_LINK_ENCODING) {
    return err(/^\d+$/.test(version) ? `the link was made by a newer studio (link version ${version}); this player reads version ${PACK_LINK_ENCODING}` : 'the link is not a Longcat pack link (it may have been cut short or changed)');
  }
  const bytes = fromBase64Url(code.slice(dot + 1));
  if (bytes === null || bytes.length === 0) return err('the link is damaged: it has characters a pack link never has, or was cut short');
  let inflated: Uint8Array;
  try {
    inflated = unzlibSync(bytes);
  } catch {
    return err('the link is damaged (it does not unpack): it may have been cut short or changed; ask for the link again');
  }
  if (inflated.length > MAX_PACK_LINK_JSON_BYTES) return err('the link unpacks to more than a pack link may hold; it was not made by the studio');
  const n = bytes.length;
  const stored = n < 6 ? -1 : ((bytes[n - 4]! << 24) | (bytes[n - 3]! << 16) | (bytes[n - 2]! << 8) | bytes[n - 1]!) >>> 0;
  if (stored !== adler32(inflated)) return err('the link is damaged: it was cut short or changed on the way (its checksum does not match); ask for the link again');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated));
  } catch {
    return err('the link is damaged: its contents are not a pack; ask for the link again');
  }
  const imported = importPackJson(json);
  if (!imported.ok) {
    const shown = imported.error.slice(0, 3).map((p) => `${p.path}: ${p.message}`);
    const more = imported.error.length > 3 ? ` (and ${imported.error.length - 3} more)` : '';
    return err(`the link's pack is not valid: ${shown.join('; ')}${more}`);
  }
  if (imported.value.levels.length === 0) return err('the link\'s pack has no levels');
  return ok({ pack: playablePack(imported.value.pack), levels: imported.value.levels });
}

/**
 * Reads the pack JSON a standalone player file carries (no link-size limit:
 * packs too large for a link travel this way). The same checks as a pack
 * file; annotations dropped as for a link. Never throws.
 */
export function decodeEmbeddedPack(text: string): Result<LinkedPack, string> {
  const imported = importPack(text);
  if (!imported.ok) {
    const shown = imported.error.slice(0, 3).map((p) => `${p.path}: ${p.message}`);
    return err(`the pack in this file is not valid: ${shown.join('; ')}${imported.error.length > 3 ? ` (and ${imported.error.length - 3} more)` : ''}`);
  }
  if (imported.value.levels.length === 0) return err('the pack in this file has no levels');
  return ok({ pack: playablePack(imported.value.pack), levels: imported.value.levels });
}

/**
 * The text to put inside `<script type="application/json">` in a standalone
 * file: the playable pack as JSON with every `<` escaped, so no level or
 * pack name can close the script element or open a comment.
 */
export function embeddedPackJson(pack: LevelPack): string {
  return linkJson(pack).replace(/</g, '\\u003c');
}

/**
 * A short, stable identity of a pack's playable part (name, ids, rows), for
 * keeping a player's progress per pack: two 32-bit FNV-1a hashes with
 * different offsets, as 16 hex digits. Not a security measure; a changed
 * level gives a new identity, so old progress never marks new levels solved.
 */
export function packIdentity(pack: LevelPack): string {
  const text = linkJson(playablePack(pack));
  let a = 0x811c9dc5, b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
