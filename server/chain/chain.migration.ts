import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Chains and custody (docs/products/chain.md). `chains` and `chain_tokens` are data: which EVM chains exist, the wallet
 * network each serves, confirmations for finality, and each coin's contract, decimals and minimum deposit (8-decimal
 * units like the ledger's). A chain is watched when its RPC URL is configured (EVM_RPC_URL_<KEY>) or, for `demo`,
 * when the demo chain runs. Deposit addresses are allocated once per user and address scheme from a BIP32 index that
 * is never reused; deposits are keyed by (chain, tx hash, log index), native transfers with log index -1.
 */
export const CHAIN_MIGRATION: Migration = {
  version: 29,
  name: 'chains: networks, tokens, deposit addresses, cursors, deposits, payouts, sweeps',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE chains (
  key ${t.text} PRIMARY KEY,
  chain_id ${t.int} NOT NULL,
  network ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  native_coin ${t.text} NOT NULL,
  confirmations ${t.int} NOT NULL,
  explorer_tx ${t.text},
  demo ${t.int} NOT NULL DEFAULT 0,
  sort ${t.int} NOT NULL DEFAULT 0
);
INSERT INTO chains (key, chain_id, network, name, native_coin, confirmations, explorer_tx, sort) VALUES
  ('ethereum', 1, 'ERC20', 'Ethereum', 'ETH', 64, 'https://etherscan.io/tx/{hash}', 1),
  ('bsc', 56, 'BEP20', 'BNB Smart Chain', 'BNB', 15, 'https://bscscan.com/tx/{hash}', 2);
CREATE TABLE chain_tokens (
  chain ${t.text} NOT NULL REFERENCES chains(key),
  coin ${t.text} NOT NULL,
  contract ${t.text},
  decimals ${t.int} NOT NULL,
  min_deposit ${t.int} NOT NULL,
  PRIMARY KEY (chain, coin)
);
INSERT INTO chain_tokens (chain, coin, contract, decimals, min_deposit) VALUES
  ('ethereum', 'ETH', NULL, 18, 100000),
  ('ethereum', 'USDT', '0xdac17f958d2ee523a2206206994597c13d831ec7', 6, 100000000),
  ('ethereum', 'USDC', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 6, 100000000),
  ('bsc', 'BNB', NULL, 18, 1000000),
  ('bsc', 'USDT', '0x55d398326f99059ff775485246999027b3197955', 18, 100000000),
  ('bsc', 'USDC', '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d', 18, 100000000);
CREATE TABLE deposit_addresses (
  scheme ${t.text} NOT NULL,
  idx ${t.int} NOT NULL,
  user_id ${t.int} NOT NULL REFERENCES users(id),
  address ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL,
  PRIMARY KEY (scheme, idx)
);
CREATE UNIQUE INDEX deposit_addresses_user ON deposit_addresses(scheme, user_id);
CREATE UNIQUE INDEX deposit_addresses_address ON deposit_addresses(scheme, address);
CREATE TABLE chain_cursors (
  chain ${t.text} PRIMARY KEY,
  genesis ${t.text} NOT NULL,
  number ${t.int} NOT NULL,
  hash ${t.text} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE TABLE chain_blocks (
  chain ${t.text} NOT NULL,
  number ${t.int} NOT NULL,
  hash ${t.text} NOT NULL,
  PRIMARY KEY (chain, number)
);
CREATE TABLE chain_deposits (
  id ${t.id},
  chain ${t.text} NOT NULL,
  tx_hash ${t.text} NOT NULL,
  log_index ${t.int} NOT NULL,
  block_number ${t.int} NOT NULL,
  block_hash ${t.text} NOT NULL,
  user_id ${t.int} NOT NULL REFERENCES users(id),
  address ${t.text} NOT NULL,
  coin ${t.text} NOT NULL,
  raw_amount ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  status ${t.text} NOT NULL,
  created_at ${t.int} NOT NULL,
  final_at ${t.int}
);
CREATE UNIQUE INDEX chain_deposits_key ON chain_deposits(chain, tx_hash, log_index);
CREATE INDEX chain_deposits_user ON chain_deposits(user_id, id);
CREATE INDEX chain_deposits_status ON chain_deposits(chain, status, block_number);
CREATE TABLE chain_payouts (
  withdrawal_id ${t.int} PRIMARY KEY REFERENCES withdrawals(id),
  chain ${t.text} NOT NULL,
  coin ${t.text} NOT NULL,
  to_address ${t.text} NOT NULL,
  raw_amount ${t.text} NOT NULL,
  status ${t.text} NOT NULL,
  nonce ${t.int},
  tx_hash ${t.text},
  raw_tx ${t.text},
  block_number ${t.int},
  gas_cost ${t.text},
  error ${t.text},
  settled ${t.int} NOT NULL DEFAULT 0,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX chain_payouts_status ON chain_payouts(chain, status);
CREATE TABLE chain_sweeps (
  id ${t.id},
  chain ${t.text} NOT NULL,
  address ${t.text} NOT NULL,
  coin ${t.text} NOT NULL,
  raw_amount ${t.text} NOT NULL,
  status ${t.text} NOT NULL,
  topup_tx ${t.text},
  tx_hash ${t.text},
  gas_cost ${t.text},
  error ${t.text},
  settled ${t.int} NOT NULL DEFAULT 0,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX chain_sweeps_status ON chain_sweeps(chain, status);`;
  },
};
