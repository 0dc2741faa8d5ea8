import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Markets, orders, trades, K-lines and watchlists. Prices are integers at the market's price scale, quantities
 * at its quantity scale; quote amounts and fees at the asset's own scale (see server/spot/market.ts).
 */
export const EXCHANGE_MIGRATION: Migration = {
  version: 4,
  name: 'spot exchange',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE markets (
  symbol ${t.text} PRIMARY KEY,
  market ${t.text} NOT NULL,
  coin_type ${t.int} NOT NULL,
  base ${t.text} NOT NULL,
  quote ${t.text} NOT NULL,
  price_scale ${t.int} NOT NULL,
  qty_scale ${t.int} NOT NULL,
  tick ${t.int} NOT NULL,
  lot ${t.int} NOT NULL,
  min_qty ${t.int} NOT NULL,
  min_notional ${t.int} NOT NULL,
  maker_fee_bps ${t.int} NOT NULL,
  taker_fee_bps ${t.int} NOT NULL,
  ref_price ${t.text} NOT NULL,
  plate ${t.text} NOT NULL DEFAULT 'main',
  sort ${t.int} NOT NULL DEFAULT 0,
  status ${t.text} NOT NULL DEFAULT 'active',
  created_at ${t.int} NOT NULL
);
CREATE TABLE orders (
  id ${t.id},
  symbol ${t.text} NOT NULL REFERENCES markets(symbol),
  user_id ${t.int} NOT NULL REFERENCES users(id),
  side ${t.text} NOT NULL,
  kind ${t.text} NOT NULL,
  tif ${t.text} NOT NULL,
  price ${t.int} NOT NULL,
  quantity ${t.int} NOT NULL,
  quote_budget ${t.int} NOT NULL DEFAULT 0,
  filled_qty ${t.int} NOT NULL DEFAULT 0,
  filled_quote ${t.int} NOT NULL DEFAULT 0,
  fee ${t.int} NOT NULL DEFAULT 0,
  frozen ${t.int} NOT NULL DEFAULT 0,
  seq ${t.int} NOT NULL,
  status ${t.text} NOT NULL,
  done_reason ${t.text},
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX orders_user_status ON orders(user_id, status, id);
CREATE INDEX orders_symbol_status ON orders(symbol, status, seq);
CREATE TABLE trades (
  id ${t.id},
  symbol ${t.text} NOT NULL,
  price ${t.int} NOT NULL,
  quantity ${t.int} NOT NULL,
  quote_qty ${t.int} NOT NULL,
  taker_side ${t.text} NOT NULL,
  maker_order_id ${t.int} NOT NULL,
  taker_order_id ${t.int} NOT NULL,
  maker_user_id ${t.int} NOT NULL,
  taker_user_id ${t.int} NOT NULL,
  maker_fee ${t.int} NOT NULL,
  taker_fee ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX trades_symbol ON trades(symbol, id);
CREATE INDEX trades_maker ON trades(maker_user_id, id);
CREATE INDEX trades_taker ON trades(taker_user_id, id);
CREATE TABLE klines (
  symbol ${t.text} NOT NULL,
  interval ${t.text} NOT NULL,
  open_time ${t.int} NOT NULL,
  open ${t.int} NOT NULL,
  high ${t.int} NOT NULL,
  low ${t.int} NOT NULL,
  close ${t.int} NOT NULL,
  volume ${t.int} NOT NULL,
  quote_volume ${t.int} NOT NULL,
  trades ${t.int} NOT NULL,
  PRIMARY KEY (symbol, interval, open_time)
);
CREATE TABLE watchlist (
  user_id ${t.int} NOT NULL REFERENCES users(id),
  symbol ${t.text} NOT NULL REFERENCES markets(symbol),
  created_at ${t.int} NOT NULL,
  PRIMARY KEY (user_id, symbol)
);`;
  },
};
