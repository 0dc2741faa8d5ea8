import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * News items and notices that operators publish at run time (POST /api/content/publish). One row per item and
 * locale; the API merges them with the content files, which remain the source of the pre-rendered pages.
 * `item_id` is the public id (above PUBLISHED_ID_BASE, so never an id of a file); `day` is the calendar date
 * shown, YYYY-MM-DD.
 */
export const CONTENT_MIGRATION: Migration = {
  version: 2,
  name: 'published news and notices',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE content_items (
  id ${t.id},
  kind ${t.text} NOT NULL,
  item_id ${t.int} NOT NULL,
  locale ${t.text} NOT NULL,
  title ${t.text} NOT NULL,
  summary ${t.text} NOT NULL,
  body ${t.text} NOT NULL,
  day ${t.text} NOT NULL,
  created_by ${t.int} NOT NULL REFERENCES users(id),
  created_at ${t.int} NOT NULL,
  UNIQUE (kind, item_id, locale)
);
CREATE INDEX content_items_kind ON content_items(kind, item_id);`;
  },
};
