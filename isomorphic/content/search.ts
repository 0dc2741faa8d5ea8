/**
 * Site search over the static content (news, notices, rules, help articles, terms, white paper) in one
 * language. The index is a JSON file per locale built with the site (src/pages/[...lang]/search-index.json.ts),
 * so searching needs no server. Matching is by substring, which also works for Chinese, Japanese and Thai
 * (written without spaces).
 */
import type { FormId } from '../contract/content.ts';

export interface SearchDoc {
  kind: FormId;
  id: number;
  title: string;
  summary: string;
  /** The body as plain text. */
  text: string;
  /** Where the document lives, without locale prefix: '/news/detail/3'. */
  path: string;
  date: string;
}

export interface SearchHit {
  doc: SearchDoc;
  score: number;
  /** A short piece of the text around the first match (or the summary). */
  snippet: string;
}

/**
 * Case- and accent-insensitive form for matching: normalize('Dépôt') → 'depot'. Only the combining marks of
 * Latin, Greek and Cyrillic letters are dropped; Thai and Vietnamese tone marks outside that block stay.
 */
export function normalize(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

/** The words of a query: terms('  BTC  deposit ') → ['btc', 'deposit']. */
export function terms(query: string): string[] {
  return normalize(query)
    .split(/[\s,，、。;；]+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** Markdown to the text a reader sees: plainText('## Fees\n* **0.1%** [spot](/x)') → 'Fees 0.1% spot'. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' ')
    .replace(/[*_`~]/g, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const WEIGHTS = { title: 5, summary: 2, text: 1 } as const;

/** How well a document matches every term, 0 when some term is missing anywhere. */
export function score(doc: Pick<SearchDoc, 'title' | 'summary' | 'text'>, queryTerms: readonly string[]): number {
  if (queryTerms.length === 0) return 0;
  const fields = { title: normalize(doc.title), summary: normalize(doc.summary), text: normalize(doc.text) };
  let total = 0;
  for (const term of queryTerms) {
    let best = 0;
    for (const field of ['title', 'summary', 'text'] as const)
      if (fields[field].includes(term)) best = Math.max(best, WEIGHTS[field]);
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** About `length` characters of the text around the first term it holds, or the summary when none. */
export function snippet(doc: Pick<SearchDoc, 'summary' | 'text'>, queryTerms: readonly string[], length = 160): string {
  const lower = normalize(doc.text);
  const at = queryTerms
    .map((t) => lower.indexOf(t))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  if (at === undefined) return doc.summary;
  // normalize() can change lengths (ß → ss); the offset is a good enough position in the original.
  let start = Math.max(0, at - Math.floor(length / 3));
  // Start at a word where words are spaced (within a few characters); Chinese, Japanese and Thai start anywhere.
  const space = start > 0 ? doc.text.lastIndexOf(' ', start) : -1;
  if (space >= 0 && start - space < 20) start = space + 1;
  const piece = doc.text.slice(start, start + length).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + length < doc.text.length ? '…' : ''}`;
}

/** The best matches, highest score first, newer first among equals: search(docs, 'fee spot'). */
export function search(docs: readonly SearchDoc[], query: string, limit = 20): SearchHit[] {
  const queryTerms = terms(query);
  if (queryTerms.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const doc of docs) {
    const s = score(doc, queryTerms);
    if (s > 0) hits.push({ doc, score: s, snippet: snippet(doc, queryTerms) });
  }
  hits.sort((a, b) => b.score - a.score || b.doc.date.localeCompare(a.doc.date) || a.doc.id - b.doc.id);
  return hits.slice(0, limit);
}
