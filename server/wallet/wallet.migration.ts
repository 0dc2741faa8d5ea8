import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Wallets: the networks each coin is deposited and withdrawn on (with the withdrawal fee and minimum, as data),
 * uploaded images, recharge (deposit) and withdrawal requests under review, transfers between a user's own
 * account types, swaps, and the operators' audit log. Amounts are integers at 8 decimals like the ledger's.
 */
export const WALLET_MIGRATION: Migration = {
  version: 5,
  name: 'wallet: networks, uploads, recharges, withdrawals, transfers, swaps, audit log',
  up(dialect) {
    const t = columnTypes(dialect);
    // [coin, network, withdrawal fee, withdrawal minimum] in units of 10^-8.
    const networks: Array<[string, string, bigint, bigint]> = [
      ['USDT', 'TRC20', 1_00000000n, 10_00000000n],
      ['USDT', 'ERC20', 5_00000000n, 20_00000000n],
      ['BTC', 'BTC', 50000n, 100000n],
      ['ETH', 'ERC20', 300000n, 1000000n],
      ['BNB', 'BEP20', 500000n, 2000000n],
      ['SOL', 'SOL', 1000000n, 10000000n],
      ['XRP', 'XRP', 25000000n, 2000000000n],
      ['DOGE', 'DOGE', 5_00000000n, 50_00000000n],
      ['ADA', 'ADA', 1_00000000n, 10_00000000n],
      ['TRX', 'TRC20', 1_00000000n, 10_00000000n],
      ['LTC', 'LTC', 100000n, 1000000n],
      ['DOT', 'DOT', 10000000n, 1_00000000n],
    ];
    const seed = networks
      .map(
        ([coin, net, fee, min], i) =>
          `INSERT INTO wallet_networks (coin, network, withdraw_fee, withdraw_min, sort) VALUES ('${coin}', '${net}', ${fee}, ${min}, ${i});`,
      )
      .join('\n');
    return `
CREATE TABLE wallet_networks (
  coin ${t.text} NOT NULL,
  network ${t.text} NOT NULL,
  withdraw_fee ${t.int} NOT NULL,
  withdraw_min ${t.int} NOT NULL,
  deposit_enabled ${t.int} NOT NULL DEFAULT 1,
  withdraw_enabled ${t.int} NOT NULL DEFAULT 1,
  sort ${t.int} NOT NULL DEFAULT 0,
  PRIMARY KEY (coin, network)
);
${seed}
CREATE TABLE uploads (
  id ${t.text} PRIMARY KEY,
  owner_id ${t.int} NOT NULL REFERENCES users(id),
  file ${t.text} NOT NULL,
  mime ${t.text} NOT NULL,
  size ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE TABLE recharges (
  id ${t.id},
  order_no ${t.text} NOT NULL UNIQUE,
  user_id ${t.int} NOT NULL REFERENCES users(id),
  coin ${t.text} NOT NULL,
  network ${t.text} NOT NULL,
  address ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  screenshot ${t.text} NOT NULL REFERENCES uploads(id),
  status ${t.text} NOT NULL DEFAULT 'review',
  reason ${t.text},
  reviewer_id ${t.int},
  created_at ${t.int} NOT NULL,
  reviewed_at ${t.int}
);
CREATE INDEX recharges_user ON recharges(user_id, id);
CREATE INDEX recharges_status ON recharges(status, id);
CREATE TABLE withdrawals (
  id ${t.id},
  order_no ${t.text} NOT NULL UNIQUE,
  user_id ${t.int} NOT NULL REFERENCES users(id),
  coin ${t.text} NOT NULL,
  method ${t.text} NOT NULL,
  network ${t.text},
  address ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  fee ${t.int} NOT NULL,
  status ${t.text} NOT NULL DEFAULT 'review',
  reason ${t.text},
  reviewer_id ${t.int},
  created_at ${t.int} NOT NULL,
  reviewed_at ${t.int}
);
CREATE INDEX withdrawals_user ON withdrawals(user_id, id);
CREATE INDEX withdrawals_status ON withdrawals(status, id);
CREATE TABLE transfers (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  coin ${t.text} NOT NULL,
  from_type ${t.int} NOT NULL,
  to_type ${t.int} NOT NULL,
  amount ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX transfers_user ON transfers(user_id, id);
CREATE TABLE swaps (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  from_coin ${t.text} NOT NULL,
  to_coin ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  received ${t.int} NOT NULL,
  fee ${t.int} NOT NULL,
  from_price ${t.int} NOT NULL,
  to_price ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX swaps_user ON swaps(user_id, id);
CREATE TABLE admin_audit (
  id ${t.id},
  operator_id ${t.int} NOT NULL REFERENCES users(id),
  action ${t.text} NOT NULL,
  target_type ${t.text} NOT NULL,
  target_id ${t.text} NOT NULL,
  detail ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE INDEX admin_audit_time ON admin_audit(created_at);`;
  },
};
