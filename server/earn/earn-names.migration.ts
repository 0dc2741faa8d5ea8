import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Earn products' names in the site's other languages (isomorphic/contract/local-names.ts): a JSON object of locale
 * to name beside the English `name`; a product from before reads in English everywhere until an operator adds them.
 */
export const EARN_NAMES_MIGRATION: Migration = {
  version: 33,
  name: 'earn product names',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE earn_products ADD COLUMN names ${t.text} NOT NULL DEFAULT '{}';`;
  },
};
