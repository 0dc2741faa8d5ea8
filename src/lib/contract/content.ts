/**
 * Wire contract of the static-content calls (spec §7 helpCenterInfo, notice/list, cgform-api getData/detailData)
 * and of operator publishing: request schemas checked by the server, and the types islands and server share.
 * Islands import only the types, so zod never ships to the browser. Error texts are i18n keys that name the
 * problem in a whole sentence (validation.content.*), so no generic field label is needed.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/locales.ts';

/** spec §9: page size -521 means "all records". */
export const PAGE_SIZE_ALL = -521;
/** spec §9: the default page size. */
export const DEFAULT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
/** Pages beyond this are refused as input rather than answered empty: no list is that long. */
export const MAX_PAGE = 10_000;
/** Ids operators publish start above this, so they never meet the ids of content files (which stay below). */
export const PUBLISHED_ID_BASE = 100_000;

/** The kinds of document the site holds; `cgform-api` calls them form ids. */
export const FORM_IDS = ['news', 'notice', 'rule', 'article', 'terms', 'whitepaper'] as const;
export type FormId = (typeof FORM_IDS)[number];
/** What operators may publish from the console (or POST /api/content/publish). */
export const PUBLISHABLE = ['news', 'notice'] as const;
export type Publishable = (typeof PUBLISHABLE)[number];
/** The four rules of /rule/index, in tab order (spec §2). */
export const RULE_CODES = ['second-contract', 'spot', 'u-contract', 'loan'] as const;
export type RuleCode = (typeof RULE_CODES)[number];
/** The {articleType} of /article/main/content/{articleType}/{id}: a help-centre article or a standing document. */
export const ARTICLE_TYPES = ['help', 'terms', 'whitepaper'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

/** A list entry: what a news list, notice list or search result shows. `date` is a calendar date, YYYY-MM-DD. */
export interface ContentSummary {
  kind: FormId;
  id: number;
  title: string;
  summary: string;
  date: string;
  /** The locale the text is in; differs from the requested one when the entry is not translated yet. */
  locale: Locale;
  /** True when the text is the English fallback for a missing translation (design.md). */
  fallback: boolean;
  /** Rules only: which of the four rules. Help articles: their section and category ids. */
  code?: string;
  category?: number;
  section?: number;
}

/** One document with its body in Markdown. */
export interface ContentDetail extends ContentSummary {
  content: string;
}

/** spec §3 article category/section, and the articles that hang below them: a tree where pid 0 is top level. */
export interface HelpNode {
  id: number;
  pid: number;
  type: 'category' | 'section' | 'article';
  /** spec §3 section_code: a stable slug of the node. */
  section_code: string;
  /** Ids from the top of the tree down to this node, joined by '/': '1/10/101'. */
  path: string;
  title: string;
  summary: string;
  /** Sort order among siblings. */
  sort: number;
  locale: Locale;
  fallback: boolean;
}

/** A page of records, as every list call answers. `size` is -521 when all records were asked for. */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

/**
 * A whole number from JSON or a query string; other types are refused rather than coerced (zod's coerce would
 * read `true` as 1 and `[]` as 0).
 */
function whole(error: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error }).int({ error }),
  );
}

const current = whole('validation.content.page').pipe(z.number().min(1, { error: 'validation.content.page' }).max(MAX_PAGE, { error: 'validation.content.page' }));
const size = whole('validation.content.size').refine((n) => n === PAGE_SIZE_ALL || (n >= 1 && n <= MAX_PAGE_SIZE), { error: 'validation.content.size' });
const keyword = z.string({ error: 'validation.content.keyword' }).trim().max(100, { error: 'validation.content.keyword' });
const id = whole('validation.content.id').pipe(z.number().min(0, { error: 'validation.content.id' }).max(1e9, { error: 'validation.content.id' }));

/** Paging of the spec's list calls: `current` (1-based) and `size` (-521 for all). */
export const pageQuery = z.object({
  current: current.default(1),
  size: size.default(DEFAULT_PAGE_SIZE),
  keyword: keyword.optional(),
});
export type PageQuery = z.input<typeof pageQuery>;

/** POST /api/helpCenterInfo/{id}: the nodes below id (0 is the whole tree). Paging may come in the body or query. */
export const helpCenterParams = z.object({ id });
export const helpCenterBody = pageQuery.nullish().transform((v) => v ?? { current: 1, size: DEFAULT_PAGE_SIZE, keyword: undefined });

/** GET /cgform-api/getData/{formId}?column&order&page&pageSize&keyword */
export const formParams = z.object({ formId: z.enum(FORM_IDS, { error: 'validation.content.form' }) });
export const getDataQuery = z.object({
  column: z.enum(['date', 'id', 'title'], { error: 'validation.content.column' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'validation.content.order' }).default('desc'),
  page: current.default(1),
  pageSize: size.default(DEFAULT_PAGE_SIZE),
  keyword: keyword.optional(),
});
export type GetDataQuery = z.input<typeof getDataQuery>;
export const detailParams = z.object({ formId: formParams.shape.formId, id });

const isoDate = z
  .string({ error: 'validation.content.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.content.date' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: 'validation.content.date' });

const translation = z.object(
  {
    title: z.string({ error: 'validation.content.title' }).trim().min(1, { error: 'validation.content.title' }).max(200, { error: 'validation.content.title' }),
    summary: z.string({ error: 'validation.content.summary' }).trim().min(1, { error: 'validation.content.summary' }).max(500, { error: 'validation.content.summary' }),
    content: z.string({ error: 'validation.content.body' }).trim().min(1, { error: 'validation.content.body' }).max(20_000, { error: 'validation.content.body' }),
  },
  { error: 'validation.content.translation' },
);
export type Translation = z.infer<typeof translation>;

/**
 * POST /api/content/publish (operators): a news item or notice in English and any other locales. Locales left
 * out are served in English, marked as a fallback, until a translation arrives.
 */
export const publishBody = z.object({
  kind: z.enum(PUBLISHABLE, { error: 'validation.content.kind' }),
  date: isoDate.optional(),
  translations: z
    .record(z.string(), translation, { error: 'validation.content.translations' })
    .refine((t) => Object.keys(t).every((k) => (LOCALES as readonly string[]).includes(k)), { error: 'validation.content.locale' })
    .refine((t) => 'en' in t, { error: 'validation.content.english' }),
});
export type PublishBody = z.input<typeof publishBody>;
export interface Published {
  kind: Publishable;
  id: number;
  date: string;
  locales: Locale[];
}
