import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * The profit each side of a perpetual trade realised (in the margin asset, before fees: the part of the position
 * the fill closed times the fill price less the entry, by side), recorded as the fill settles it, so Binance's
 * per-fill `realizedPnl` and `rp` are the ledger's own amounts. Trades from before stay NULL.
 */
export const PERP_TRADE_REALISED_MIGRATION: Migration = {
  version: 41,
  name: 'perpetual trade realised pnl',
  up(dialect) {
    const t = columnTypes(dialect);
    return `ALTER TABLE perp_trades ADD COLUMN maker_realised ${t.int};
ALTER TABLE perp_trades ADD COLUMN taker_realised ${t.int};`;
  },
};
