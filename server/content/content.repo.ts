import type { Publishable, Translation } from '../../isomorphic/contract/content.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { num, type Queryable } from '../storage/db.ts';

/** One locale of a published item. */
export interface PublishedRow {
  kind: Publishable;
  itemId: number;
  locale: Locale;
  title: string;
  summary: string;
  body: string;
  day: string;
}

const toRow = (r: Record<string, unknown>): PublishedRow => ({
  kind: r.kind as Publishable,
  itemId: num(r.item_id),
  locale: r.locale as Locale,
  title: String(r.title),
  summary: String(r.summary),
  body: String(r.body),
  day: String(r.day),
});

/** Every locale of every published item of a kind. The table holds what operators typed, so it stays small. */
export async function publishedOf(q: Queryable, kind: Publishable): Promise<PublishedRow[]> {
  const rows = await q.all(
    'SELECT kind, item_id, locale, title, summary, body, day FROM content_items WHERE kind = ? ORDER BY item_id, locale',
    [kind],
  );
  return rows.map(toRow);
}

export async function publishedItem(q: Queryable, kind: Publishable, itemId: number): Promise<PublishedRow[]> {
  const rows = await q.all(
    'SELECT kind, item_id, locale, title, summary, body, day FROM content_items WHERE kind = ? AND item_id = ? ORDER BY locale',
    [kind, itemId],
  );
  return rows.map(toRow);
}

/** The highest public id of a kind, or 0 when none is published yet. */
export async function maxItemId(q: Queryable, kind: Publishable): Promise<number> {
  const row = await q.get<{ m: unknown }>('SELECT MAX(item_id) AS m FROM content_items WHERE kind = ?', [kind]);
  return num(row?.m);
}

export async function insertItem(
  q: Queryable,
  item: {
    kind: Publishable;
    itemId: number;
    day: string;
    createdBy: number;
    translations: Partial<Record<Locale, Translation>>;
  },
  now: number,
): Promise<void> {
  for (const [locale, t] of Object.entries(item.translations)) {
    await q.run(
      'INSERT INTO content_items (kind, item_id, locale, title, summary, body, day, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [item.kind, item.itemId, locale, t!.title, t!.summary, t!.content, item.day, item.createdBy, now],
    );
  }
}
