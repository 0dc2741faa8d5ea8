import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { auditLedger } from '../../ledger/ledger.ts';
import { MarketMakers } from './market-maker.ts';
import { spotBooksOf } from '../spot-books.ts';

describe.each(FEATURE_DIALECTS)('the market makers on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let makers: MarketMakers;
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    makers = new MarketMakers(t.db, app.core, app.spot, app.marketData, app.prices, app.log, {
      intervalMs: 0,
      seed: 42,
    });
    await makers.start();
  });
  afterAll(async () => {
    makers.stop();
    await app.close();
    await t.drop();
  });

  it('keep every book quoted on both sides, print trades, and keep the ledger balanced', async () => {
    for (let i = 0; i < 6; i++) {
      await app.prices.advance();
      await makers.tick();
    }
    for (const m of app.markets.values()) {
      if (m.market !== 'spot') continue;
      // The trade screen's 20 levels a side, less what the taker's market orders took from the inner ones.
      const depth = spotBooksOf(app.core).engine(m.symbol).depth(25);
      expect(depth.bids.length, m.symbol).toBeGreaterThanOrEqual(17);
      expect(depth.asks.length, m.symbol).toBeGreaterThanOrEqual(17);
      expect(depth.bids.length + depth.asks.length, m.symbol).toBeLessThanOrEqual(40);
      expect(depth.bids[0]![0]).toBeLessThan(depth.asks[0]![0]);
    }
    // The tables are the core's projection: read them once it has caught up.
    await app.core.settled();
    const trades = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM trades');
    expect(Number(trades!.n)).toBeGreaterThan(0);
    expect(app.marketData.ticker('xauusd').close).not.toBe(265000n);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('requote only the inner five levels while the price stays near the outer ones', async () => {
    const books = spotBooksOf(app.core);
    const makerOrders = () => [...books.live.values()].filter((o) => o.symbol === 'btcusdt'); // only the maker rests here;
    const before = new Set(makerOrders().map((o) => o.id));
    await makers.tick(); // no walk: nothing is due
    expect(new Set(makerOrders().map((o) => o.id))).toEqual(before);
    for (let i = 0; i < 15; i++) await makers.tick(); // the inner tier grows old first
    const after = makerOrders().map((o) => o.id);
    const kept = after.filter((id) => before.has(id));
    expect(kept.length).toBeGreaterThanOrEqual(30); // the outer fifteen a side stayed
    expect(after.length - kept.length).toBeLessThanOrEqual(10); // at most five new a side
  });
});
