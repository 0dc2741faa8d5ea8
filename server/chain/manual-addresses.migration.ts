import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Deposit addresses operators entered (docs/products/chain.md, "Deposit addresses"): for a coin and network no key
 * of the platform's covers, the address of a wallet the operator holds, shown to every user for the manual review
 * flow (screenshot, then an operator's decision). One per wallet network; checked by the network's checksum when set.
 */
export const MANUAL_ADDRESSES_MIGRATION: Migration = {
  version: 30,
  name: 'chains: operator-entered deposit addresses for the manual review flow',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE manual_deposit_addresses (
  coin ${t.text} NOT NULL,
  network ${t.text} NOT NULL,
  address ${t.text} NOT NULL,
  updated_by ${t.int} NOT NULL REFERENCES users(id),
  updated_at ${t.int} NOT NULL,
  PRIMARY KEY (coin, network),
  FOREIGN KEY (coin, network) REFERENCES wallet_networks(coin, network)
);`;
  },
};
