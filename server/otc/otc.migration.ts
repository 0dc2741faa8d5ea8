import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * OTC with merchants (server/otc): merchant applications, ads, orders with their escrow and appeals, and the chat
 * of orders and customer service. Coin amounts are integers at 8 decimals, fiat amounts and prices integers of
 * cents. The trading core writes the first three behind its journal; chat lines are written by their route.
 * `upload_grants` lets the other side of an order (and operators) see the images one side shows them.
 */
export const OTC_MIGRATION: Migration = {
  version: 24,
  name: 'otc',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE otc_merchants (
  user_id ${t.int} PRIMARY KEY,
  state ${t.text} NOT NULL,
  deposit ${t.int} NOT NULL,
  note ${t.text},
  applied_at ${t.int} NOT NULL,
  reviewed_at ${t.int}
);
CREATE TABLE otc_ads (
  id ${t.int} PRIMARY KEY,
  merchant_id ${t.int} NOT NULL,
  side ${t.text} NOT NULL,
  asset ${t.text} NOT NULL,
  fiat ${t.text} NOT NULL,
  price_type ${t.text} NOT NULL,
  price ${t.int} NOT NULL,
  float_bps ${t.int} NOT NULL,
  total ${t.int} NOT NULL,
  remaining ${t.int} NOT NULL,
  min_fiat ${t.int} NOT NULL,
  max_fiat ${t.int} NOT NULL,
  pay_window ${t.int} NOT NULL,
  payments ${t.text} NOT NULL,
  terms ${t.text} NOT NULL,
  online ${t.int} NOT NULL,
  closed ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX otc_ads_market ON otc_ads (side, asset, fiat, closed, online);
CREATE INDEX otc_ads_merchant ON otc_ads (merchant_id, id);
CREATE TABLE otc_orders (
  id ${t.int} PRIMARY KEY,
  ad_id ${t.int} NOT NULL,
  merchant_id ${t.int} NOT NULL,
  buyer_id ${t.int} NOT NULL,
  seller_id ${t.int} NOT NULL,
  buyer_account ${t.int} NOT NULL,
  seller_account ${t.int} NOT NULL,
  asset ${t.text} NOT NULL,
  fiat ${t.text} NOT NULL,
  price ${t.int} NOT NULL,
  amount ${t.int} NOT NULL,
  fiat_amount ${t.int} NOT NULL,
  payments ${t.text} NOT NULL,
  terms ${t.text} NOT NULL,
  state ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL,
  pay_deadline ${t.int} NOT NULL,
  paid_at ${t.int},
  paid_with ${t.int},
  proof ${t.text},
  appeal_by ${t.text},
  appeal_reason ${t.text},
  appeal_proof ${t.text},
  appeal_at ${t.int},
  ruling ${t.text},
  rule_note ${t.text},
  ruled_by ${t.int},
  ruled_at ${t.int},
  ended_at ${t.int},
  end_reason ${t.text}
);
CREATE INDEX otc_orders_buyer ON otc_orders (buyer_id, id);
CREATE INDEX otc_orders_seller ON otc_orders (seller_id, id);
CREATE INDEX otc_orders_merchant ON otc_orders (merchant_id, id);
CREATE INDEX otc_orders_state ON otc_orders (state, id);
CREATE TABLE chat_lines (
  id ${t.id},
  chat_id ${t.text} NOT NULL,
  author_id ${t.int} NOT NULL,
  content_type ${t.int} NOT NULL,
  content ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX chat_lines_chat ON chat_lines (chat_id, id);
CREATE TABLE chat_reads (
  chat_id ${t.text} NOT NULL,
  reader_id ${t.int} NOT NULL,
  last_id ${t.int} NOT NULL,
  PRIMARY KEY (chat_id, reader_id)
);
CREATE TABLE upload_grants (
  upload_id ${t.text} NOT NULL,
  viewer_id ${t.int} NOT NULL,
  PRIMARY KEY (upload_id, viewer_id)
);
`;
  },
};
