import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Spot margin (server/margin): orders say which account they trade from; margin accounts (a user's cross account,
 * symbol '', and one per isolated pair) with a line per asset (what it holds, on order, borrowed and the interest
 * owed), the loans with the hours of interest charged on each, and the records a user reads (borrows, repayments,
 * hourly interest, transfers, margin calls, liquidations), and the index prices of the last tick. All are projections
 * of the trading core's journal.
 */
export const MARGIN_MIGRATION: Migration = {
  version: 23,
  name: 'spot margin',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE orders ADD COLUMN account ${t.text} NOT NULL DEFAULT 'spot';
ALTER TABLE orders ADD COLUMN auto_repay ${t.int} NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN borrowed ${t.int} NOT NULL DEFAULT 0;
CREATE INDEX orders_user_account ON orders (user_id, account, status, id);
CREATE TABLE margin_accounts (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL,
  leverage ${t.int} NOT NULL,
  called ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE UNIQUE INDEX margin_accounts_user_symbol ON margin_accounts (user_id, symbol);
CREATE TABLE margin_lines (
  account_id ${t.int} NOT NULL,
  asset ${t.text} NOT NULL,
  balance ${t.int} NOT NULL,
  on_order ${t.int} NOT NULL,
  principal ${t.int} NOT NULL,
  interest ${t.int} NOT NULL,
  PRIMARY KEY (account_id, asset)
);
CREATE TABLE margin_loans (
  id ${t.int} PRIMARY KEY,
  account_id ${t.int} NOT NULL,
  user_id ${t.int} NOT NULL,
  asset ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  principal ${t.int} NOT NULL,
  started_at ${t.int} NOT NULL,
  hours_charged ${t.int} NOT NULL,
  interest_charged ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX margin_loans_open ON margin_loans (principal, account_id);
CREATE TABLE margin_records (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  account_id ${t.int} NOT NULL,
  kind ${t.text} NOT NULL,
  symbol ${t.text},
  asset ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  interest ${t.int} NOT NULL,
  principal ${t.int} NOT NULL,
  level ${t.int},
  hours ${t.int} NOT NULL,
  loan_id ${t.int},
  from_hour ${t.int},
  created_at ${t.int} NOT NULL
);
CREATE INDEX margin_records_user ON margin_records (user_id, id);
CREATE TABLE margin_prices (
  asset ${t.text} PRIMARY KEY,
  price ${t.int} NOT NULL,
  priced_at ${t.int} NOT NULL
);
-- An hour of a loan is charged once: the table refuses a second record of it.
CREATE UNIQUE INDEX margin_interest_once ON margin_records (loan_id, from_hour) WHERE kind = 'interest';`;
  },
};
