import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { api, signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, ccxtSpotLive, ed25519KeyFor, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';
import { sign } from '../../api-keys/signature.ts';
import { signedQuery } from './ws-api-request.ts';
import { auditLedger } from '../../ledger/ledger.ts';

type Answer = Record<string, any>;

/** A raw WebSocket API session: send a request, get the answer with its id. */
async function session(url: string) {
  const socket = new WebSocket(url);
  const heard: Answer[] = [];
  socket.on('message', (raw) => heard.push(JSON.parse(String(raw))));
  await new Promise<void>((ok, ko) => {
    socket.once('open', ok);
    socket.once('error', ko);
  });
  let n = 0;
  return {
    socket,
    async call(method: string, params?: Record<string, unknown>): Promise<Answer> {
      const id = `r${++n}`;
      socket.send(JSON.stringify({ id, method, ...(params ? { params } : {}) }));
      const deadline = Date.now() + 5_000;
      while (!heard.some((a) => a.id === id)) {
        if (Date.now() > deadline) throw new Error(`no answer to ${method}; heard ${JSON.stringify(heard)}`);
        await new Promise((ok) => setTimeout(ok, 10));
      }
      return heard.find((a) => a.id === id)!;
    },
  };
}

/** Waits until `done` holds, looking again every few milliseconds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 8_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((ok) => setTimeout(ok, 10));
  }
}

describe.each(FEATURE_DIALECTS)('the Binance WebSocket API (%s)', (_n, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let wsApi: string;
  const users: Record<string, { id: number; token: string; apiKey: string; secret: string }> = {};
  const order = (who: string, payload: Record<string, string>) =>
    api(app, '/api/currency/order/submit', { token: users[who]!.token, payload });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    base = await listening(app);
    wsApi = `${base.replace(/^http/, 'ws')}/ws-api/v3`;
    for (const who of ['wanda', 'xavier']) {
      const u = await signUp(app, `${who}_wsapi`);
      users[who] = { ...u, ...(await apiKeyFor(app, u.token)) };
    }
    await credit(app.core, users.wanda!.id, 'BTC', 10n ** 8n);
    await credit(app.core, users.xavier!.id, 'USDT', 100_000n * 10n ** 8n);
  });
  afterAll(async () => {
    // Whatever the door did, the ledger still balances: per asset every account sums to zero, none is negative.
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('answers ping and time, and an unknown method with a 400 error', async () => {
    const s = await session(wsApi);
    expect(await s.call('ping')).toEqual({ id: 'r1', status: 200, result: {} });
    const time = await s.call('time');
    expect(time.result.serverTime).toBeGreaterThan(0);
    expect(await s.call('order.nope')).toMatchObject({ id: 'r3', status: 400, error: { code: -1000 } });
    s.socket.close();
  });

  it('refuses a bad signature, a stale timestamp and a replayed signature', async () => {
    const { apiKey, secret } = users.wanda!;
    const s = await session(wsApi);
    const signed = (timestamp: number) => {
      const params = { apiKey, timestamp: String(timestamp) };
      return { ...params, signature: sign(secret, signedQuery(params)) };
    };
    const bad = await s.call('userDataStream.subscribe.signature', {
      apiKey,
      timestamp: Date.now(),
      signature: 'ab'.repeat(32),
    });
    expect(bad).toMatchObject({ status: 400, error: { code: -1022 } });
    const stale = await s.call('userDataStream.subscribe.signature', signed(Date.now() - 60_000));
    expect(stale.error.code).toBe(-1021);
    const once = signed(Date.now());
    expect((await s.call('userDataStream.subscribe.signature', once)).result).toEqual({ subscriptionId: 0 });
    expect((await s.call('userDataStream.subscribe.signature', once)).status).toBe(400);
    expect(await s.call('userDataStream.unsubscribe', { subscriptionId: 0 })).toMatchObject({
      status: 200,
      result: {},
    });
    expect((await s.call('userDataStream.unsubscribe', { subscriptionId: 0 })).status).toBe(400);
    s.socket.close();
  });

  it("tells CCXT pro's watchOrders, watchBalance and watchMyTrades a spot order's NEW and its FILL", async () => {
    const exchange = await ccxtSpotLive(base, users.wanda!);
    await exchange.loadMarkets();
    // CCXT resolves a watch once per update and keeps every update in its caches, which the test reads: the
    // watches are kept running (a watch only waits for the next update, so awaiting one could miss the last).
    let watching = true;

    const keep = async (watch: () => Promise<unknown>) => {
      while (watching) await watch().catch(() => {});
    };
    const orders = () => (exchange.orders ?? []) as Array<Record<string, any>>;
    const balance = () => (exchange.balance as Record<string, any>).spot ?? {};
    try {
      // The subscription the watches make (a watch returns before its answer, so the test waits for it first);
      // what happens after the answer is heard.
      await exchange.ensureUserDataStreamWsSubscribeSignature('spot');
      void keep(() => exchange.watchOrders('BTC/USDT'));
      void keep(() => exchange.watchBalance());
      void keep(() => exchange.watchMyTrades('BTC/USDT'));
      const sell = await order('wanda', {
        symbol: 'btcusdt',
        side: 'sell',
        type: 'limit',
        price: '96000',
        quantity: '0.1',
      });
      const id = String(sell.data.id);
      await until(() => orders().some((o) => o.id === id));
      expect(orders().find((o) => o.id === id)).toMatchObject({
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'limit',
        status: 'open',
        price: 96000,
        amount: 0.1,
        filled: 0,
      });
      await until(() => balance().BTC?.used === 0.1);
      expect(balance().BTC).toMatchObject({ free: 0.9, used: 0.1 });
      await order('xavier', { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '96000', quantity: '0.1' });
      await until(() => orders().some((o) => o.id === id && o.status === 'closed'));
      expect(orders().find((o) => o.id === id)).toMatchObject({ status: 'closed', filled: 0.1, remaining: 0 });
      const trades = () => (exchange.myTrades ?? []) as Array<Record<string, any>>;
      await until(() => trades().some((tr) => tr.order === id));
      expect(trades().find((tr) => tr.order === id)).toMatchObject({
        symbol: 'BTC/USDT',
        side: 'sell',
        price: 96000,
        amount: 0.1,
        takerOrMaker: 'maker',
      });
      await until(() => balance().BTC?.used === 0 && balance().USDT?.free > 0);
      expect(balance().BTC).toMatchObject({ free: 0.9, used: 0 });
      expect(balance().USDT.free).toBeGreaterThan(9000);
    } finally {
      watching = false;
      await exchange.close().catch(() => {});
    }
  });

  it('subscribes CCXT pro with an Ed25519 key (a PEM private key as its secret) and tells it an order', async () => {
    const wanda = users.wanda!;
    const exchange = await ccxtSpotLive(base, await ed25519KeyFor(app, wanda.token, ['read']));
    await exchange.loadMarkets();
    let watching = true;
    const orders = () => (exchange.orders ?? []) as Array<Record<string, any>>;
    try {
      await exchange.ensureUserDataStreamWsSubscribeSignature('spot');
      void (async () => {
        while (watching) await exchange.watchOrders('BTC/USDT').catch(() => {});
      })();
      const sell = await order('wanda', {
        symbol: 'btcusdt',
        side: 'sell',
        type: 'limit',
        price: '97000',
        quantity: '0.1',
      });
      const id = String(sell.data.id);
      await until(() => orders().some((o) => o.id === id));
      expect(orders().find((o) => o.id === id)).toMatchObject({ status: 'open', price: 97000, amount: 0.1 });
      const cancelled = await api(app, `/api/currency/order/cancelOrder?id=${id}`, { token: wanda.token, payload: {} });
      expect(cancelled.code).toBe(200);
      await until(() => orders().some((o) => o.id === id && o.status === 'canceled'));
    } finally {
      watching = false;
      await exchange.close().catch(() => {});
    }
  });
});
