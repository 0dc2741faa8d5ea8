import { columnTypes } from '../storage/db.ts';
import type { Dialect } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * The clearing account (type 106) stands at minus the open positions' PnL, so like the external world (102) it may
 * go below zero: the accounts table's check says so. SQLite cannot change a check in place, so the table is copied.
 */
function clearingMayGoNegative(dialect: Dialect): string {
  const check = 'CHECK (type IN (102, 106) OR (available >= 0 AND frozen >= 0))';
  if (dialect === 'postgres')
    return `ALTER TABLE accounts DROP CONSTRAINT accounts_check;\nALTER TABLE accounts ADD CONSTRAINT accounts_check ${check};`;
  const t = columnTypes(dialect);
  // SQLite's procedure: a new table under another name, the rows copied, the old one dropped, the new one renamed.
  return `CREATE TABLE accounts_next (
  id ${t.id},
  owner_id ${t.int} REFERENCES users(id),
  type ${t.int} NOT NULL,
  asset ${t.text} NOT NULL REFERENCES assets(code),
  available ${t.int} NOT NULL DEFAULT 0,
  frozen ${t.int} NOT NULL DEFAULT 0,
  updated_at ${t.int} NOT NULL,
  ${check}
);
INSERT INTO accounts_next (id, owner_id, type, asset, available, frozen, updated_at) SELECT id, owner_id, type, asset, available, frozen, updated_at FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_next RENAME TO accounts;
CREATE UNIQUE INDEX accounts_owner_type_asset ON accounts(COALESCE(owner_id, 0), type, asset);`;
}

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
  rebuildsTable: true,
  up(dialect) {
    const t = columnTypes(dialect);
    return `${clearingMayGoNegative(dialect)}
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
  funding ${t.int} NOT NULL,
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
