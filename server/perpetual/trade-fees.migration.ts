import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * The fee each side of a perpetual trade was charged: with VIP levels (docs/products/fees.md) it is no longer the
 * contract's rate for everyone, so it is recorded rather than recomputed. Trades from before stay NULL and were
 * charged the contract's rates.
 */
export const PERP_TRADE_FEES_MIGRATION: Migration = {
  version: 36,
  name: 'perpetual trade fees',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE perp_trades ADD COLUMN maker_fee ${t.int};
ALTER TABLE perp_trades ADD COLUMN taker_fee ${t.int};`;
  },
};
