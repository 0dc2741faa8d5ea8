import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Perpetual futures (server/perpetual): orders and trades on the contracts' books, positions (one per user and
 * contract, which also keep the user's leverage and margin mode for it), take-profit and stop-loss orders, the
 * funding history and every liquidation and auto-deleveraging. Prices are integers at the contract's price scale,
 * quantities at its quantity scale, money at 8 decimals of the margin asset. All are projections of the trading
 * core's journal (server/core), written behind it.
 */
export const PERPETUAL_MIGRATION: Migration = {
  version: 22,
  name: 'perpetual futures',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE perp_orders (
  id ${t.int} PRIMARY KEY,
  symbol ${t.text} NOT NULL,
  user_id ${t.int} NOT NULL,
  side ${t.text} NOT NULL,
  kind ${t.text} NOT NULL,
  tif ${t.text} NOT NULL,
  price ${t.int} NOT NULL,
  quantity ${t.int} NOT NULL,
  filled_qty ${t.int} NOT NULL,
  filled_value ${t.int} NOT NULL,
  fee ${t.int} NOT NULL,
  margin ${t.int} NOT NULL,
  reduce_only ${t.int} NOT NULL,
  margin_mode ${t.text} NOT NULL,
  leverage ${t.int} NOT NULL,
  source ${t.text} NOT NULL,
  realised ${t.int} NOT NULL,
  status ${t.text} NOT NULL,
  done_reason ${t.text},
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX perp_orders_user ON perp_orders (user_id, id);
CREATE INDEX perp_orders_live ON perp_orders (status);
CREATE TABLE perp_trades (
  id ${t.int} PRIMARY KEY,
  symbol ${t.text} NOT NULL,
  price ${t.int} NOT NULL,
  quantity ${t.int} NOT NULL,
  taker_side ${t.text} NOT NULL,
  maker_order_id ${t.int} NOT NULL,
  taker_order_id ${t.int} NOT NULL,
  maker_user_id ${t.int} NOT NULL,
  taker_user_id ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX perp_trades_symbol ON perp_trades (symbol, id);
CREATE TABLE perp_positions (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL,
  qty ${t.int} NOT NULL,
  cost ${t.int} NOT NULL,
  margin_mode ${t.text} NOT NULL,
  leverage ${t.int} NOT NULL,
  isolated_margin ${t.int} NOT NULL,
  realised ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL,
  UNIQUE (user_id, symbol)
);
CREATE TABLE perp_stops (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL,
  kind ${t.text} NOT NULL,
  trigger_price ${t.int} NOT NULL,
  trigger_by ${t.text} NOT NULL,
  position_side ${t.text} NOT NULL,
  status ${t.text} NOT NULL,
  order_id ${t.int},
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX perp_stops_user ON perp_stops (user_id, id);
CREATE TABLE perp_funding (
  symbol ${t.text} NOT NULL,
  funding_time ${t.int} NOT NULL,
  rate ${t.int} NOT NULL,
  mark ${t.int} NOT NULL,
  positions ${t.int} NOT NULL,
  PRIMARY KEY (symbol, funding_time)
);
CREATE TABLE perp_liquidations (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  symbol ${t.text} NOT NULL,
  side ${t.text} NOT NULL,
  kind ${t.text} NOT NULL,
  quantity ${t.int} NOT NULL,
  price ${t.int} NOT NULL,
  mark ${t.int} NOT NULL,
  fee ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX perp_liquidations_user ON perp_liquidations (user_id, id);
`;
  },
};
