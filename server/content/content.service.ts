import {
  PAGE_SIZE_ALL,
  PUBLISHED_ID_BASE,
  type ContentDetail,
  type ContentSummary,
  type FormId,
  type HelpNode,
  type Page,
  type Publishable,
  type Published,
  type Translation,
} from '../../isomorphic/contract/content.ts';
import type { PublishBody } from '../../isomorphic/contract/content.schemas.ts';
import { plainText, score, terms } from '../../isomorphic/content/search.ts';
import { descendants, nodePath } from '../../isomorphic/content/tree.ts';
import type { CollectionName } from '../../isomorphic/content/schema.ts';
import { DEFAULT_LOCALE, type Locale } from '../../isomorphic/i18n/locales.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { uniqueViolation } from '../storage/unique.ts';
import type { UserRow } from '../user/user.repo.ts';
import { insertItem, maxItemId, publishedItem, publishedOf, type PublishedRow } from './content.repo.ts';
import { localized, type ContentFiles } from './files.ts';

const COLLECTION_OF: Record<FormId, CollectionName> = {
  news: 'news',
  notice: 'notices',
  rule: 'rules',
  article: 'articles',
  terms: 'terms',
  whitepaper: 'whitepaper',
};

interface ListQuery {
  column: 'date' | 'id' | 'title';
  order: 'asc' | 'desc';
  current: number;
  size: number;
  keyword?: string | undefined;
}

/** A page of a list: page(['a','b','c'], 2, 2) → { records: ['c'], total: 3, current: 2, size: 2, pages: 2 }. */
export function page<T>(all: readonly T[], current: number, size: number): Page<T> {
  if (size === PAGE_SIZE_ALL) return { records: [...all], total: all.length, current: 1, size, pages: 1 };
  return {
    records: all.slice((current - 1) * size, current * size),
    total: all.length,
    current,
    size,
    pages: Math.ceil(all.length / size),
  };
}

const matches = (keyword: string | undefined) => {
  const words = terms(keyword ?? '');
  return (d: { title: string; summary: string; content?: string }) =>
    words.length === 0 || score({ title: d.title, summary: d.summary, text: plainText(d.content ?? '') }, words) > 0;
};

const summaryOf = ({ content: _content, ...summary }: ContentDetail): ContentSummary => summary;

/** Published rows of one item in the caller's locale, or English marked as a fallback. */
function pickRow(rows: PublishedRow[], locale: Locale): { row: PublishedRow; fallback: boolean } | undefined {
  const own = rows.find((r) => r.locale === locale);
  if (own) return { row: own, fallback: false };
  const en = rows.find((r) => r.locale === DEFAULT_LOCALE);
  return en ? { row: en, fallback: locale !== DEFAULT_LOCALE } : undefined;
}

function publishedDetail(kind: Publishable, rows: PublishedRow[], locale: Locale): ContentDetail | undefined {
  const picked = pickRow(rows, locale);
  if (!picked) return undefined;
  const { row, fallback } = picked;
  return {
    kind,
    id: row.itemId,
    title: row.title,
    summary: row.summary,
    date: row.day,
    locale: row.locale,
    fallback,
    content: row.body,
  };
}

/**
 * The static content of docs/requirements.md §7 in the caller's language: the content files (read once at start) merged
 * with what operators published into the database (read on every call, so every server process sees it at once).
 */
export function contentService(db: Db, files: ContentFiles) {
  const fromFiles = (form: FormId, locale: Locale): ContentDetail[] =>
    localized(files, COLLECTION_OF[form], locale).map((e) => {
      const d = e.data as {
        id: number;
        title: string;
        summary: string;
        date?: string;
        code?: string;
        category?: number;
        section?: number;
      };
      return {
        kind: form,
        id: d.id,
        title: d.title,
        summary: d.summary,
        date: d.date ?? '',
        locale: e.locale,
        fallback: e.fallback,
        content: e.body,
        ...(d.code ? { code: d.code } : {}),
        ...(d.category ? { category: d.category, section: d.section } : {}),
      };
    });

  async function documents(form: FormId, locale: Locale): Promise<ContentDetail[]> {
    const docs = fromFiles(form, locale);
    if (form !== 'news' && form !== 'notice') return docs;
    const byItem = new Map<number, PublishedRow[]>();
    for (const row of await publishedOf(db, form)) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row]);
    for (const rows of byItem.values()) {
      const doc = publishedDetail(form, rows, locale);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  /**
   * The help tree (docs/requirements.md §3): categories at pid 0, sections, then articles hanging below their section.
   */
  function helpNodes(locale: Locale): HelpNode[] {
    const node = (
      type: HelpNode['type'],
      e: { data: { id: number; title: string; summary: string }; slug: string; locale: Locale; fallback: boolean },
      pid: number,
      code: string,
      sort: number,
    ) => ({
      id: e.data.id,
      pid,
      type,
      section_code: code,
      path: '',
      title: e.data.title,
      summary: e.data.summary,
      sort,
      locale: e.locale,
      fallback: e.fallback,
    });
    const nodes: HelpNode[] = [
      ...localized(files, 'categories', locale).map((e) => node('category', e, 0, e.data.code, e.data.sort)),
      ...localized(files, 'sections', locale).map((e) => node('section', e, e.data.pid, e.data.code, e.data.sort)),
      ...localized(files, 'articles', locale).map((e) => node('article', e, e.data.section, e.slug, e.data.sort)),
    ];
    for (const n of nodes) n.path = nodePath(nodes, n.id);
    return nodes;
  }

  return {
    /** GET /cgform-api/getData/{formId}: summaries, searched, sorted and paged. */
    async list(form: FormId, locale: Locale, q: ListQuery): Promise<Page<ContentSummary>> {
      const dir = q.order === 'asc' ? 1 : -1;
      const compare = (a: ContentDetail, b: ContentDetail) => {
        if (q.column === 'title') return dir * a.title.localeCompare(b.title, locale) || a.id - b.id;
        if (q.column === 'date') return dir * (a.date.localeCompare(b.date) || a.id - b.id);
        return dir * (a.id - b.id);
      };
      const docs = (await documents(form, locale)).filter(matches(q.keyword)).sort(compare);
      const result = page(docs, q.current, q.size);
      return { ...result, records: result.records.map(summaryOf) };
    },

    /** GET /cgform-api/detailData/{formId}/{id}: one document with its Markdown body. */
    async detail(form: FormId, id: number, locale: Locale): Promise<ContentDetail> {
      if ((form === 'news' || form === 'notice') && id > PUBLISHED_ID_BASE) {
        const doc = publishedDetail(form, await publishedItem(db, form, id), locale);
        return doc ?? fail('notFound');
      }
      return fromFiles(form, locale).find((d) => d.id === id) ?? fail('notFound');
    },

    /** POST /api/helpCenterInfo/{id}: the nodes below id, depth first (0 is the whole tree). */
    async helpCenter(
      id: number,
      locale: Locale,
      q: { current: number; size: number; keyword?: string | undefined },
    ): Promise<Page<HelpNode>> {
      const nodes = helpNodes(locale);
      if (id !== 0 && !nodes.some((n) => n.id === id)) fail('notFound');
      return page(descendants(nodes, id).filter(matches(q.keyword)), q.current, q.size);
    },

    /** POST /api/content/publish: stores an item in every locale given, under a new id above the files' range. */
    async publish(user: UserRow, body: PublishBody): Promise<Published> {
      const day = body.date ?? new Date().toISOString().slice(0, 10);
      const translations = body.translations as Partial<Record<Locale, Translation>>;
      // Two operators publishing at once may pick the same id: the UNIQUE constraint refuses one, which retries.
      for (let attempt = 0; ; attempt++) {
        try {
          const id = await db.tx(async (q) => {
            const itemId = Math.max(PUBLISHED_ID_BASE, await maxItemId(q, body.kind)) + 1;
            await insertItem(q, { kind: body.kind, itemId, day, createdBy: user.id, translations }, Date.now());
            return itemId;
          });
          return { kind: body.kind, id, date: day, locales: Object.keys(translations) as Locale[] };
        } catch (err) {
          if (!uniqueViolation(err) || attempt >= 4) throw err;
        }
      }
    },
  };
}
