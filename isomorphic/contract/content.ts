/**
 * Wire contract of the static-content calls (docs/requirements.md §7 helpCenterInfo, notice/list, cgform-api
 * getData/detailData) and of operator publishing: the constants and types islands and server share. The request schemas
 * the server checks live beside it in content.schemas.ts, so islands that need a constant here never pull zod into the
 * browser.
 */
import type { Locale } from '../i18n/locales.ts';

/** docs/requirements.md §9: page size -521 means "all records". */
export const PAGE_SIZE_ALL = -521;
/** docs/requirements.md §9: the default page size. */
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
/** The four rules of /rule/index, in tab order (docs/requirements.md §2). */
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
  /** True when the text is the English fallback for a missing translation (docs/architecture.md, "The site"). */
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

/**
 * docs/requirements.md §3 article category/section, and the articles that hang below them: a tree where pid 0 is top
 * level.
 */
export interface HelpNode {
  id: number;
  pid: number;
  type: 'category' | 'section' | 'article';
  /** docs/requirements.md §3 section_code: a stable slug of the node. */
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

export type { NumberedPage as Page } from './page.ts';

/** One language of a published item (POST /api/content/publish, `translations` keyed by locale). */
export interface Translation {
  title: string;
  summary: string;
  /** Markdown. */
  content: string;
}

/** What POST /api/content/publish answers. */
export interface Published {
  kind: Publishable;
  id: number;
  date: string;
  locales: Locale[];
}
