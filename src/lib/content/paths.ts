/**
 * Addresses of the content pages (docs/requirements.md §2), without locale prefix; localizePath adds it. One place, so
 * pages, the sitemap, the search index and the API's links agree.
 */
import {
  PUBLISHED_ID_BASE,
  type ArticleType,
  type FormId,
  type RuleCode,
} from '../../../isomorphic/contract/content.ts';

export const NEWS_INDEX = '/news/index';
export const RULE_INDEX = '/rule/index';
export const ARTICLE_INDEX = '/article/main/index';

const newsPath = (id: number) => `/news/detail/${id}`;
const noticePath = (id: number) => `/news/notice/${id}`;
const rulePath = (code: RuleCode) => `${RULE_INDEX}#${code}`;
export const categoryPath = (id: number) => `/article/main/categories/${id}`;
export const sectionPath = (id: number) => `/article/main/sections/${id}`;
const articlePath = (type: ArticleType, id: number) => `/article/main/content/${type}/${id}`;

/** True for items operators published through the API: they have no pre-rendered page of their own. */
export const isPublished = (id: number) => id > PUBLISHED_ID_BASE;

/**
 * The page of any document: documentPath('news', 3) → '/news/detail/3'. News and notices that operators
 * published live only in the database, not in the build, so they open in the news page's reader instead
 * (/news/index?tab=…&id=…).
 */
export function documentPath(kind: FormId, id: number, code?: string): string {
  switch (kind) {
    case 'news':
      return isPublished(id) ? `${NEWS_INDEX}?tab=news&id=${id}` : newsPath(id);
    case 'notice':
      return isPublished(id) ? `${NEWS_INDEX}?tab=notice&id=${id}` : noticePath(id);
    case 'rule':
      return rulePath((code as RuleCode | undefined) ?? 'second-contract');
    case 'article':
      return articlePath('help', id);
    case 'terms':
    case 'whitepaper':
      return articlePath(kind, id);
  }
}
