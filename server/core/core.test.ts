import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { credit, insertTestUser, tradingOn } from '../../tests/support/trading.ts';
import { spotBooksOf } from '../spot/spot-books.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { fail } from '../outcome.ts';
import { findOrder } from '../spot/orders.repo.ts';
import { seedMarkets } from '../spot/seed.ts';
import type { CorePart, CommandType } from './command.ts';
import { appendBatch, batchesAfter, createJournal, journalOf, latestSnapshot } from './journal/journal.repo.ts';
import type { RiskRule } from './risk/risk-rule.ts';

/**
 * A toy product, defined here only: a coin flip on the spot account. It brings its own rule, state and commands
 * and plugs into the core without a line of spot's code changing (issue: "a product plugs in as a risk rule").
 */
interface Flip {
  id: number;
  userId: number;
  stake: bigint;
}
const flipRule: RiskRule<Flip, 'win' | 'lose'> = {
  name: 'flip',
  hold(risk, f) {
    if (risk.available(f.userId, ACCOUNT.spot, 'USDT') < f.stake) fail('insufficientBalance');
    risk.hold(`flip:${f.id}`, f.userId, ACCOUNT.spot, 'USDT', f.stake, {
      billType: 'order_freeze',
      refType: 'flip',
      refId: f.id,
    });
  },
  settle(_risk, f, outcome) {
    const spends = [{ hold: `flip:${f.id}`, amount: f.stake }];
    return outcome === 'win'
      ? {
          spends,
          lines: [
            { owner: null, type: ACCOUNT.safetyFund, asset: 'USDT', available: -f.stake },
            { owner: f.userId, type: ACCOUNT.spot, asset: 'USDT', available: 2n * f.stake },
          ],
        }
      : { spends, lines: [{ owner: null, type: ACCOUNT.safetyFund, asset: 'USDT', available: f.stake }] };
  },
  release(risk, f) {
    risk.release(`flip:${f.id}`, { billType: 'order_unfreeze', refType: 'flip', refId: f.id });
  },
};
class Flips implements CorePart {
  readonly name = 'flips';
  open = new Map<number, Flip>();
  next = 1;
  async load(): Promise<void> {}
  snapshot(): unknown {
    return { next: this.next, open: [...this.open.values()].map((f) => [f.id, f.userId, `${f.stake}`]) };
  }
  restore(data: unknown): void {
    const s = data as { next: number; open: Array<[number, number, string]> };
    this.next = s.next;
    this.open = new Map(s.open.map(([id, userId, stake]) => [id, { id, userId, stake: BigInt(stake) }]));
  }
}
const openFlip: CommandType<{ userId: number; stake: bigint }, number> = {
  type: 'flip.open',
  encode: (p) => [p.userId, `${p.stake}`],
  decode: (v) => ({ userId: (v as [number, string])[0], stake: BigInt((v as [number, string])[1]) }),
  apply(ctx, p) {
    const flips = ctx.part<Flips>('flips');
    const f = { id: flips.next, ...p };
    flipRule.hold(ctx.risk, f);
    flips.next++;
    flips.open.set(f.id, f);
    return f.id;
  },
};
const settleFlip: CommandType<{ id: number; outcome: 'win' | 'lose' }, void> = {
  type: 'flip.settle',
  encode: (p) => [p.id, p.outcome],
  decode: (v) => ({ id: (v as [number, 'win' | 'lose'])[0], outcome: (v as [number, 'win' | 'lose'])[1] }),
  apply(ctx, { id, outcome }) {
    const flips = ctx.part<Flips>('flips');
    const f = flips.open.get(id);
    if (!f) fail('notFound');
    const part = flipRule.settle(ctx.risk, f, outcome);
    ctx.risk.post(part.lines, { billType: 'trade', refType: 'flip', refId: id }, part.spends);
    flips.open.delete(id);
  },
};

describe.each(DIALECTS)('the trading core on %s', (_name, open) => {
  let t: TestDatabase;
  afterEach(() => t.drop());

  it('writes a batch that was journaled but not projected when the process died, once, and rebuilds its hold', async () => {
    t = await open();
    await seedMarkets(t.db);
    const user = await insertTestUser(t.db, '51000000', 'journal_1');
    // What the core journals for a deposit and a resting sell of 0.5 BTC, as a kill left it: in the journal only.
    // The deposit went in as a prepared command does, in the main database; the order in a batch, in the journal's
    // own file where the storage has one: a restart replays both, in seq order.
    const deposit = [
      'funds.post',
      {
        lines: [
          { owner: null, type: ACCOUNT.external, asset: 'BTC', available: '-100000000n' },
          { owner: user, type: ACCOUNT.spot, asset: 'BTC', available: '100000000n' },
        ],
        meta: { billType: 'dev_credit', refType: 'test', refId: 1 },
      },
    ];
    if (t.db.journal) await createJournal(t.db.journal);
    await appendBatch(journalOf(t.db), {
      seq: 2,
      at: Date.now(),
      body: JSON.stringify([['spot.place', ['btcusdt', user, 'sell', 'limit', 'GTC', '9700000', '50000', '0']]]),
    });
    await appendBatch(t.db, { seq: 1, at: Date.now(), body: JSON.stringify([deposit]) });
    for (let start = 0; start < 2; start++) {
      const { core } = await tradingOn(t.db);
      expect(await findOrder(t.db, 1)).toMatchObject({ userId: user, status: 'open', frozen: 50_000_000n });
      expect(await balanceOf(t.db, user, ACCOUNT.spot, 'BTC')).toEqual({ available: 50_000_000n, frozen: 50_000_000n });
      expect(spotBooksOf(core).engine('btcusdt').depth(5).asks).toHaveLength(1);
      expect(core.risk.heldBy('order:1')).toBe(50_000_000n);
      await core.stop();
    }
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('counts an acknowledged hold at once, and the tables show it once the projector has written it', async () => {
    t = await open();
    await seedMarkets(t.db);
    const user = await insertTestUser(t.db, '51000001', 'journal_2');
    const { core, spot } = await tradingOn(t.db);
    await credit(core, user, 'BTC', 100_000_000n);
    const order = await spot.place(user, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '97000',
      quantity: '0.3',
    });
    await expect(
      spot.place(user, { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97000', quantity: '0.8' }),
    ).rejects.toThrow(/insufficientBalance/);
    await core.settled();
    expect(await findOrder(t.db, order.id)).toMatchObject({ status: 'open', frozen: 30_000_000n });
    expect(await balanceOf(t.db, user, ACCOUNT.spot, 'BTC')).toEqual({ available: 70_000_000n, frozen: 30_000_000n });
    await core.stop();
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('restarts from its snapshot with nothing to replay, in the same state', async () => {
    t = await open();
    await seedMarkets(t.db);
    const user = await insertTestUser(t.db, '51000002', 'journal_3');
    const first = await tradingOn(t.db);
    await credit(first.core, user, 'USDT', 100_000_000_000n);
    await first.spot.place(user, { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '95000', quantity: '0.01' });
    const hash = first.core.stateHash();
    await first.core.stop();
    // The stop's snapshot is of the last batch: a restart has nothing after it to replay.
    expect((await latestSnapshot(t.db, first.core.journaled))?.seq).toBe(first.core.journaled);
    expect(await batchesAfter(t.db, first.core.journaled, 10)).toEqual([]);
    const again = await tradingOn(t.db);
    expect(again.core.journaled).toBe(first.core.journaled);
    expect(again.core.stateHash()).toBe(hash);
    await again.core.stop();
  });

  it('takes a second product as a risk rule with its own state and commands, and replays it', async () => {
    t = await open();
    await seedMarkets(t.db);
    const user = await insertTestUser(t.db, '51000003', 'flipper');
    const extra = () => ({ commands: [openFlip, settleFlip], parts: [new Flips()] });
    const first = await tradingOn(t.db, { extra: extra() });
    // The toy keeps no tables: a snapshot before its first command is where a restart replays it from.
    await first.core.saveSnapshot();
    await credit(first.core, user, 'USDT', 1_000n);
    const win = await first.core.submit(openFlip, { userId: user, stake: 300n });
    const lose = await first.core.submit(openFlip, { userId: user, stake: 500n });
    await expect(first.core.submit(openFlip, { userId: user, stake: 201n })).rejects.toThrow(/insufficientBalance/);
    expect(first.core.risk.balance(user, ACCOUNT.spot, 'USDT')).toEqual({ available: 200n, held: 800n });
    await first.core.submit(settleFlip, { id: lose, outcome: 'lose' });
    await first.core.submit(settleFlip, { id: win, outcome: 'lose' });
    expect(first.core.risk.balance(user, ACCOUNT.spot, 'USDT')).toEqual({ available: 200n, held: 0n });
    const again = await first.core.submit(openFlip, { userId: user, stake: 100n });
    await first.core.submit(settleFlip, { id: again, outcome: 'win' });
    expect(first.core.risk.balance(user, ACCOUNT.spot, 'USDT')).toEqual({ available: 300n, held: 0n });
    await first.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    const hash = first.core.stateHash();
    // A restart replays the flips from the journal through the same rule.
    const second = await tradingOn(t.db, { extra: extra() });
    expect(second.core.stateHash()).toBe(hash);
    await second.core.stop();
  });
});
