import { describe, expect, it } from 'vitest';
import { toWithdrawal } from '../../wallet/wallet.service.ts';

const row = {
  id: 7n,
  order_no: 'W1',
  coin: 'USDT',
  method: 'address',
  network: 'ERC20',
  address: '0xabc',
  amount: 100n,
  fee: 1n,
  status: 'passed',
  reason: null,
  created_at: 1n,
  reviewed_at: 2n,
};

describe("a withdrawal's transaction on chain", () => {
  it('links to the explorer of a real chain, not of the demo chain, and is absent without a payout', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const payout = {
      payout_chain: 'ethereum',
      payout_status: 'sent',
      payout_tx: hash,
      payout_error: null,
      payout_chain_name: 'Ethereum',
      payout_chain_id: 1n,
      payout_demo: 0n,
      payout_confirmations: 64n,
      payout_explorer: 'https://etherscan.io/tx/{hash}',
    };
    expect(toWithdrawal({ ...row, ...payout }).chain).toEqual({
      chain: { key: 'ethereum', name: 'Ethereum', chainId: 1, demo: false, confirmations: 64 },
      status: 'sent',
      txHash: hash,
      explorerUrl: `https://etherscan.io/tx/${hash}`,
      error: null,
    });
    const demo = { ...payout, payout_chain: 'demo', payout_demo: 1n, payout_explorer: null };
    expect(toWithdrawal({ ...row, ...demo }).chain).toMatchObject({ explorerUrl: null, chain: { demo: true } });
    expect(toWithdrawal({ ...row, ...payout, payout_tx: null, payout_status: 'queued' }).chain!.explorerUrl).toBeNull();
    expect(toWithdrawal({ ...row, payout_chain: null }).chain).toBeNull();
    expect(toWithdrawal(row).chain).toBeNull();
  });
});
