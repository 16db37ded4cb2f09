/**
 * Content-Security-Policy for every built page (docs/security.md): a
 * `<meta http-equiv="Content-Security-Policy">` written into the HTML at
 * build time, so it holds however the files are served, and from disk.
 *
 * - The studio and the play page load their scripts, styles and workers
 *   from their own origin only; WebAssembly (tfjs's WASM backend) may be
 *   compiled; nothing is framed, no plugin runs, no form is sent, and
 *   `<base>` cannot move the page's links.
 * - The standalone player is one file with its script inline: the policy
 *   allows exactly that script by its SHA-256 hash (computed here, after
 *   vite-plugin-singlefile has inlined it) and nothing from anywhere else:
 *   no network at all, so a pack's text cannot fetch, beacon or load a
 *   script even if it got past the JSON escaping. The pack itself sits in a
 *   `<script type="application/json">` data block, which is never run.
 *
 * The dev server gets no policy (its hot reload injects inline scripts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The policy of the studio and the play page. */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The standalone player's policy for inline scripts with these hashes (`sha256-...`). */
export function standaloneCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scriptHashes.map((h) => `'${h}'`).join(' ')}`,
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Inline scripts a browser runs (not JSON data blocks), as `[whole tag, its text]`. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]!;
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type !== undefined && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    out.push(m[2]!);
  }
  return out;
}

export const sha256Source = (text: string): string => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** The policy as a meta element, after `<meta charset>` and before any script or style. */
function withMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}" />`;
  if (/<meta charset[^>]*>/i.test(html)) return html.replace(/(<meta charset[^>]*>)/i, `$1\n    ${meta}`);
  if (!/<head[^>]*>/i.test(html)) throw new Error('no <head> to put the Content-Security-Policy in');
  return html.replace(/<head([^>]*)>/i, `<head$1>\n    ${meta}`);
}

/** The studio's pages (index.html, play.html): {@link PAGE_CSP}. */
export function pageCsp(): Plugin {
  return {
    name: 'longcat-page-csp',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => withMeta(html, PAGE_CSP) },
  };
}

/**
 * The standalone player: hashes of its inlined scripts. vite-plugin-singlefile
 * inlines them as the bundle is generated, so the policy is written into the
 * files once they are on disk.
 */
export function standaloneCspPlugin(): Plugin {
  return {
    name: 'longcat-standalone-csp',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!file.fileName.endsWith('.html')) continue;
        const path = join(options.dir ?? 'dist', file.fileName);
        const html = readFileSync(path, 'utf8');
        const scripts = inlineScripts(html);
        if (scripts.length === 0) throw new Error(`${file.fileName}: no inline script to allow`);
        writeFileSync(path, withMeta(html, standaloneCsp(scripts.map(sha256Source))));
      }
    },
  };
}
