/**
 * The frontmatter of every content file (src/content/<collection>/<locale>/<slug>.md), defined once: Astro's
 * content layer (src/content.config.ts) and the server's loader (server/content/files.ts) both check files
 * against these schemas, so the site and the API can never read the same file differently.
 */
import { z } from 'zod';
import { PUBLISHED_ID_BASE, RULE_CODES } from '../contract/content.ts';

/** Ids in files stay below the range operators publish into. */
const id = z
  .number()
  .int()
  .min(1)
  .max(PUBLISHED_ID_BASE - 1);
/** A calendar date. YAML reads an unquoted 2026-03-01 as a Date, so both spellings are accepted. */
const date = z.union([
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  z.date().transform((d) => d.toISOString().slice(0, 10)),
]);
const text = z.string().trim().min(1);
const code = z.string().regex(/^[a-z0-9-]+$/);

const dated = z.object({ id, title: text, date, summary: text });

export const SCHEMAS = {
  news: dated,
  notices: dated,
  rules: dated.extend({ code: z.enum(RULE_CODES) }),
  /** Top-level help categories: pid 0 (docs/requirements.md §3). */
  categories: z.object({ id, pid: z.literal(0), code, title: text, summary: text, sort: z.number().int() }),
  /** Help sections: pid is their category. */
  sections: z.object({ id, pid: id, code, title: text, summary: text, sort: z.number().int() }),
  /** Help articles name their section and, for a quick breadcrumb, its category. */
  articles: dated.extend({ category: id, section: id, sort: z.number().int() }),
  terms: dated,
  whitepaper: dated,
} as const;

export type CollectionName = keyof typeof SCHEMAS;
export const COLLECTIONS = Object.keys(SCHEMAS) as CollectionName[];
export type Frontmatter<C extends CollectionName> = z.output<(typeof SCHEMAS)[C]>;
