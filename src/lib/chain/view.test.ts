import { describe, expect, it } from 'vitest';
import type { ChainDeposit } from '../../../isomorphic/contract/chain.ts';
import { chainMessageOf, chainTone, depositStatusText, mergeDeposit, reasonKey, shortHash } from './view.ts';

const demo = { key: 'demo', name: 'Demo chain', chainId: 31337, demo: true, confirmations: 12 };
const deposit = (id: number, time: number, over: Partial<ChainDeposit> = {}): ChainDeposit => ({
  id,
  chain: demo,
  coin: 'USDT',
  network: 'ERC20',
  address: '0xabc',
  txHash: `0x${String(id).padStart(64, '0')}`,
  explorerUrl: null,
  amount: '25.00000000',
  status: 'pending',
  confirmations: 1,
  time,
  creditedTime: null,
  ...over,
});

describe('a transaction hash, short', () => {
  it('keeps its ends and says it is cut', () => {
    const hash = `0x${'a'.repeat(60)}beef`;
    expect(shortHash(hash)).toBe('0xaaaa…beef');
  });
  it('is left whole when cutting would not save anything', () => {
    expect(shortHash('0x12345678')).toBe('0x12345678');
  });
});

describe("a deposit's state in words", () => {
  it('counts the confirmations of a pending one against those the chain needs', () => {
    expect(depositStatusText(deposit(1, 0, { confirmations: 3 }))).toEqual({
      key: 'onchain.deposit.pending',
      values: { n: 3, total: 12 },
    });
  });
  it('names the others by their state', () => {
    for (const status of ['credited', 'dropped', 'dust'] as const)
      expect(depositStatusText(deposit(1, 0, { status })).key).toBe(`onchain.deposit.${status}`);
  });
  it('colours money that arrived as done, money that did not as failed, the rest as waiting', () => {
    expect(
      ['credited', 'confirmed', 'dropped', 'dust', 'failed', 'pending', 'queued', 'signed', 'sent'].map(chainTone),
    ).toEqual(['done', 'done', 'failed', 'failed', 'failed', 'todo', 'todo', 'todo', 'todo']);
  });
});

describe('a pushed deposit in the list on screen', () => {
  it('replaces the same deposit where it is (one more confirmation, credited)', () => {
    const list = [deposit(2, 200), deposit(1, 100)];
    const next = mergeDeposit(list, deposit(1, 100, { status: 'credited', confirmations: 12 }), 10);
    expect(next.map((d) => [d.id, d.status])).toEqual([
      [2, 'pending'],
      [1, 'credited'],
    ]);
    expect(list[1]!.status).toBe('pending');
  });
  it('comes in front when new, and the list keeps its length', () => {
    const list = [deposit(2, 200), deposit(1, 100)];
    expect(mergeDeposit(list, deposit(3, 300), 2).map((d) => d.id)).toEqual([3, 2]);
  });
  it('is placed by its time, so a late push of an older deposit does not jump the queue', () => {
    const list = [deposit(3, 300), deposit(1, 100)];
    expect(mergeDeposit(list, deposit(2, 200), 10).map((d) => d.id)).toEqual([3, 2, 1]);
  });
});

describe('the chain messages of the private feed', () => {
  it('are read from CHAIN events only', () => {
    const data = { kind: 'withdrawal' as const, withdrawalId: 7, status: 'sent' as const, txHash: '0x1' };
    expect(chainMessageOf({ event: 'CHAIN', data, ts: 0 })).toEqual(data);
    expect(chainMessageOf({ event: 'HEARTBEAT', ts: 0 })).toBeNull();
  });
});

describe("a review's reason", () => {
  const chain = { status: 'queued' };
  it("words the platform's own approval of a chain withdrawal, and leaves an operator's text as written", () => {
    expect(reasonKey({ status: 'passed', reason: 'auto', chain })).toBe('onchain.autoApproved');
    expect(reasonKey({ status: 'passed', reason: 'auto', chain: null })).toBeUndefined();
    expect(reasonKey({ status: 'failed', reason: 'auto', chain })).toBeUndefined();
    expect(reasonKey({ status: 'passed', reason: 'checked by phone', chain })).toBeUndefined();
  });
});
