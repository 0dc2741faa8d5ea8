import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

/**
 * The inline scripts a page may run, as CSP hash sources: Astro inlines its island loaders and our small page
 * scripts, and the page policy allows exactly those instead of `'unsafe-inline'`. Read from the built file the
 * first time it is served and again whenever a build replaces it.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types a browser runs; JSON data blocks and the like need no hash. */
const RUNNABLE = /^\s*$|^\s*(text|application)\/(java|ecma)script\s*$|^\s*module\s*$/i;

/** "'sha256-…'" for every inline script of an HTML text that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs!)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs!)?.[1] ?? '';
    if (!RUNNABLE.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const cache = new Map<string, { mtimeMs: number; sources: string }>();

/** The hash sources of one built page, cached until the file changes. */
export function pageScriptSources(file: string): string {
  const { mtimeMs } = statSync(file);
  const hit = cache.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.sources;
  const sources = inlineScriptHashes(readFileSync(file, 'utf8')).join(' ');
  cache.set(file, { mtimeMs, sources });
  return sources;
}

const PAGE_SCRIPTS = Symbol('pageScripts');
type WithScripts = ServerResponse & { [PAGE_SCRIPTS]?: string };

/** Marks the response of a page with the inline scripts its policy allows (read back by the helmet config). */
export function allowPageScripts(res: ServerResponse, sources: string): void {
  (res as WithScripts)[PAGE_SCRIPTS] = sources;
}

/** The CSP `script-src` sources a page's response was marked with; none for anything else. */
export function allowedPageScripts(_req: unknown, res: ServerResponse): string {
  return (res as WithScripts)[PAGE_SCRIPTS] ?? '';
}
