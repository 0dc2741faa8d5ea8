/**
 * The content collections as the pages read them at build time (Astro only: it uses astro:content). English is
 * the schema: every English entry exists in every language, in its translation or, where one is missing, in
 * English marked as a fallback (docs/architecture.md, "The site"), so no content route is ever missing in a language.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { ArticleType, FormId, RuleCode } from '../../../isomorphic/contract/content.ts';
import { DEFAULT_LOCALE, localizePath, type Locale } from '../../../isomorphic/i18n/locales.ts';
import type { CollectionName } from '../../../isomorphic/content/schema.ts';
import { ARTICLE_INDEX, NEWS_INDEX, RULE_INDEX, categoryPath, documentPath, sectionPath } from './paths.ts';
import { plainText, type SearchDoc } from '../../../isomorphic/content/search.ts';
import { breadcrumb, type Crumb } from '../../../isomorphic/content/tree.ts';

export interface Doc<C extends CollectionName> {
  entry: CollectionEntry<C>;
  data: CollectionEntry<C>['data'];
  slug: string;
  /** True when this is the English text standing in for a missing translation. */
  fallback: boolean;
}

const split = (id: string) => {
  const at = id.indexOf('/');
  return { locale: id.slice(0, at), slug: id.slice(at + 1) };
};

/** A collection in one language, in English order: localized('news', 'de'). */
export async function localized<C extends CollectionName>(name: C, locale: Locale): Promise<Array<Doc<C>>> {
  const all = (await getCollection(name)) as Array<CollectionEntry<C>>;
  const own = new Map<number, CollectionEntry<C>>();
  const english: Array<CollectionEntry<C>> = [];
  for (const entry of all) {
    const { locale: l } = split(entry.id);
    if (l === locale) own.set((entry.data as { id: number }).id, entry);
    if (l === DEFAULT_LOCALE) english.push(entry);
  }
  return english.map((en) => {
    const mine = own.get((en.data as { id: number }).id);
    const entry = mine ?? en;
    return { entry, data: entry.data, slug: split(entry.id).slug, fallback: !mine && locale !== DEFAULT_LOCALE };
  });
}

/** Newest first, then by id: the order of news and notice lists. */
export const byDateDesc = <T extends { data: { date: string; id: number } }>(a: T, b: T) =>
  b.data.date.localeCompare(a.data.date) || b.data.id - a.data.id;

export interface HelpTreeNode {
  id: number;
  pid: number;
  sort: number;
  type: 'category' | 'section' | 'article';
  title: string;
  summary: string;
  fallback: boolean;
}

/** The help-centre tree in one language: categories (pid 0), sections, articles (pid = their section). */
export async function helpTree(locale: Locale): Promise<HelpTreeNode[]> {
  const [categories, sections, articles] = await Promise.all([
    localized('categories', locale),
    localized('sections', locale),
    localized('articles', locale),
  ]);
  const node = (
    type: HelpTreeNode['type'],
    d: { data: { id: number; title: string; summary: string; sort: number }; fallback: boolean },
    pid: number,
  ): HelpTreeNode => ({
    id: d.data.id,
    pid,
    sort: d.data.sort,
    type,
    title: d.data.title,
    summary: d.data.summary,
    fallback: d.fallback,
  });
  return [
    ...categories.map((c) => node('category', c, 0)),
    ...sections.map((s) => node('section', s, s.data.pid)),
    ...articles.map((a) => node('article', a, a.data.section)),
  ];
}

/** The standing documents shown as /article/main/content/{type}/{id}. */
export const STANDING: ReadonlyArray<Extract<ArticleType, 'terms' | 'whitepaper'>> = ['terms', 'whitepaper'];

/** Everything the site search finds, in one language (the body of src/pages/[...lang]/search-index.json.ts). */
export async function searchDocs(locale: Locale): Promise<SearchDoc[]> {
  const sources: Array<[FormId, CollectionName]> = [
    ['news', 'news'],
    ['notice', 'notices'],
    ['rule', 'rules'],
    ['article', 'articles'],
    ['terms', 'terms'],
    ['whitepaper', 'whitepaper'],
  ];
  const docs: SearchDoc[] = [];
  for (const [kind, name] of sources) {
    for (const d of await localized(name, locale)) {
      const data = d.data as { id: number; title: string; summary: string; date: string; code?: RuleCode };
      docs.push({
        kind,
        id: data.id,
        title: data.title,
        summary: data.summary,
        text: plainText(d.entry.body ?? ''),
        path: documentPath(kind, data.id, data.code),
        date: data.date,
      });
    }
  }
  return docs;
}

/** Every content page, without locale prefix, for the sitemap. */
export async function contentPaths(): Promise<string[]> {
  const en = DEFAULT_LOCALE;
  const [news, notices, tree] = await Promise.all([localized('news', en), localized('notices', en), helpTree(en)]);
  const standing = await Promise.all(
    STANDING.map(async (type) => (await localized(type, en)).map((d) => documentPath(type, d.data.id))),
  );
  return [
    NEWS_INDEX,
    ...news.map((d) => documentPath('news', d.data.id)),
    ...notices.map((d) => documentPath('notice', d.data.id)),
    RULE_INDEX,
    ARTICLE_INDEX,
    ...tree.map(helpNodePath),
    ...standing.flat(),
  ];
}

/** The page of a help-tree node: a category, a section or an article. */
export function helpNodePath(node: Pick<HelpTreeNode, 'type' | 'id'>): string {
  if (node.type === 'category') return categoryPath(node.id);
  if (node.type === 'section') return sectionPath(node.id);
  return documentPath('article', node.id);
}

/** docs/requirements.md §2: the breadcrumb of a help page, from All down the category tree, with localized links. */
export function helpCrumbs(nodes: readonly HelpTreeNode[], id: number, locale: Locale, allLabel: string): Crumb[] {
  return breadcrumb(nodes, id, { label: allLabel, href: localizePath(ARTICLE_INDEX, locale) }, (n) => ({
    label: n.title,
    href: localizePath(helpNodePath(n), locale),
  }));
}
