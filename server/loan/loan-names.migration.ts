import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Loan products' names and lending institutions in the site's other languages (isomorphic/contract/local-names.ts):
 * JSON objects of locale to text beside the English `name` and `institution`.
 */
export const LOAN_NAMES_MIGRATION: Migration = {
  version: 34,
  name: 'loan product names',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE loan_products ADD COLUMN names ${t.text} NOT NULL DEFAULT '{}';
ALTER TABLE loan_products ADD COLUMN institutions ${t.text} NOT NULL DEFAULT '{}';`;
  },
};
