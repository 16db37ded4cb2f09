/**
 * Where play mode's pack comes from: the JSON a standalone file carries in
 * `<script id="longcat-pack">`, else the page's `#pack=` link. Both are
 * validated like a pack file; a bad one is a sentence and nothing else
 * (no progress is read or written for it).
 */
import { decodeEmbeddedPack, decodePackLink, hasPackLink, packIdentity, type LinkedPack } from '../core/pack/link';
import { err, ok, type Result } from '../core/util/result';

export interface PackSource {
  readonly linked: LinkedPack;
  readonly identity: string;
  readonly from: 'file' | 'link';
}

export function readPackSource(doc: Document, hash: string): Result<PackSource, string> {
  const embedded = doc.getElementById('longcat-pack')?.textContent?.trim() ?? '';
  if (embedded !== '') {
    const r = decodeEmbeddedPack(embedded);
    return r.ok ? ok({ linked: r.value, identity: packIdentity(r.value.pack), from: 'file' }) : err(r.error);
  }
  if (!hasPackLink(hash)) return err('this page plays a Longcat level pack, but its link has no pack in it; ask the designer for the whole link');
  const r = decodePackLink(hash);
  return r.ok ? ok({ linked: r.value, identity: packIdentity(r.value.pack), from: 'link' }) : err(r.error);
}
