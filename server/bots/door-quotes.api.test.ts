import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening } from '../../tests/support/binance.ts';
import { testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { listKeys, removeKey } from '../api-keys/api-keys.service.ts';
import { loadSecretSeal } from '../api-keys/secret-seal.ts';
import { clientIdsOf } from '../binance/client-orders.repo.ts';
import { bookOf, clientIdOfOrder } from '../binance/futures/symbols.ts';
import { ManualClock } from '../clock/clock.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { PerpMakers } from '../perpetual/perp-makers.ts';
import { MarketMakers } from '../spot/market-maker/market-maker.ts';
import { restingOrders } from '../spot/orders.repo.ts';
import { findUserBy } from '../user/user.repo.ts';
import { BotKeys } from './bot-keys.ts';
import { perpetualDoorQuotes } from './perpetual-quotes.ts';
import { spotDoorQuotes } from './spot-quotes.ts';

/**
 * The built-in makers as the API clients they are in production: they quote through the real Binance door on a
 * listening server with their account's own key, spot on /api/v3 and the USDT-margined perpetuals on /fapi/v1, so
 * each resting quote carries the client order id the bot gave it through the door.
 */
describe.each(FEATURE_DIALECTS)('the market makers through the door on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let spot: MarketMakers;
  let perp: PerpMakers;
  let makerId = 0;
  const clock = new ManualClock(Date.UTC(2026, 4, 1));
  const start = async (keys: BotKeys) => {
    spot = new MarketMakers(t.db, app.core, app.spot, app.marketData, app.prices, app.log, {
      intervalMs: 0,
      seed: 7,
      levels: 2,
      quotes: (id) => spotDoorQuotes(keys, clock, id),
    });
    await spot.start();
    perp = new PerpMakers(t.db, app.core, app.log, {
      intervalMs: 0,
      seed: 42,
      levels: 2,
      linearQuotes: (id) => perpetualDoorQuotes(keys, clock, id),
    });
    await perp.start();
  };
  beforeAll(async () => {
    t = await open();
    const { app: a, config } = await testApp(t.db, { MARKET_MAKERS: '0' }, clock);
    app = a;
    const base = await listening(app);
    const keysOf = async () =>
      new BotKeys({ db: t.db, clock, seal: await loadSecretSeal(t.db, config.apiKeySealKey), baseUrl: base });
    // Started twice, as after a restart: the second start's key replaces the first's.
    await start(await keysOf());
    await start(await keysOf());
    makerId = (await findUserBy(t.db, 'username', 'market_maker'))!.id;
  });
  afterAll(async () => {
    spot.stop();
    perp.stop();
    await app.close();
    await t.drop();
  });

  const tick = async () => {
    await app.prices.advance();
    await clock.advance(2_000);
    await spot.tick();
    await perp.tick();
    await app.core.settled();
  };

  it('quotes every spot book and every USDT-margined book through the door, on one key per start', async () => {
    // The perpetual books have an index once the price sampler has run over them.
    for (let i = 0; i < 4; i++) await tick();
    for (const m of [...app.markets.values()].filter((x) => x.market === 'spot')) {
      const mine = (await restingOrders(t.db, m.symbol)).filter((o) => o.userId === makerId);
      expect(new Set(mine.map((o) => o.side)), m.symbol).toEqual(new Set(['buy', 'sell']));
      const ids = await clientIdsOf(
        t.db,
        mine.map((o) => o.id),
      );
      for (const o of mine) expect(ids.get(o.id), m.symbol).toMatch(/^mm_[0-9a-z]+_[0-9a-z]+$/);
    }
    const book = bookOf(app.core);
    const quotes = book.userOrders(makerId);
    for (const c of book.contracts.values()) {
      const mine = quotes.filter((o) => o.symbol === c.symbol);
      expect(new Set(mine.map((o) => o.side)), c.symbol).toEqual(new Set(['buy', 'sell']));
      // Coin-margined books have no door (Binance serves them on dapi): they are quoted in process.
      for (const o of mine)
        expect(clientIdOfOrder(app.core, o), c.symbol).toMatch(c.kind === 'linear' ? /^pm_[0-9a-z]+_[0-9a-z]+$/ : /^$/);
    }
    const { records } = await listKeys(t.db, makerId, 1, 100);
    // One key per API: the door takes a signature once across paths, and both makers cancel with the same parameters.
    expect(records.map((k) => [k.label, k.permissions]).sort()).toEqual([
      ['built-in market maker (futures)', ['read', 'trade']],
      ['built-in market maker (spot)', ['read', 'trade']],
    ]);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('quotes through nothing but the door: with its futures key removed, it places no USDT-margined quote', async () => {
    const { records } = await listKeys(t.db, makerId, 1, 100);
    await removeKey(t.db, makerId, records.find((k) => k.label.endsWith('(futures)'))!.id);
    const book = bookOf(app.core);
    const linear = new Set([...book.contracts.values()].filter((c) => c.kind === 'linear').map((c) => c.symbol));
    const ids = (door: boolean) =>
      book
        .userOrders(makerId)
        .filter((o) => linear.has(o.symbol) === door)
        .map((o) => o.id)
        .sort((x, y) => x - y);
    const [doorBefore, coreBefore] = [ids(true), ids(false)];
    // Every book requotes at least every 16 ticks; the door refuses the cancels and the orders (-2015), each tick
    // goes on, and only the coin-margined books, quoted in process, get new quotes. (The taker, in process, may
    // fill some of the old ones.)
    for (let i = 0; i < 16; i++) await tick();
    expect(ids(true).filter((id) => !doorBefore.includes(id))).toEqual([]);
    expect(ids(true).length).toBeGreaterThan(0);
    expect(ids(false)).not.toEqual(coreBefore);
    expect(ids(false).length).toBeGreaterThan(0);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
