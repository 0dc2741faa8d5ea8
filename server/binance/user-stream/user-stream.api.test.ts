import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { api, signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';
import { ManualClock } from '../../clock/clock.ts';
import { LISTEN_KEY_TTL_MS } from './listen-keys.ts';

type Event = Record<string, any>;

/** A socket on a user stream with what it has heard, and a wait for the next event that matches. */
async function listen(url: string) {
  const socket = new WebSocket(url);
  const heard: Event[] = [];
  const waiters: Array<() => void> = [];
  let closed: number | undefined;
  socket.on('message', (raw) => {
    heard.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  socket.on('close', (code) => {
    closed = code;
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((ok, ko) => {
    socket.once('open', ok);
    socket.once('error', ko);
  });
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`waited in vain; heard ${JSON.stringify(heard)}`);
      await new Promise<void>((ok) => {
        waiters.push(ok);
        setTimeout(ok, 200);
      });
    }
  };
  return {
    socket,
    heard,
    closed: () => closed,
    until,
    /** The first event heard (from `from` on) that matches. */
    async next(match: (e: Event) => boolean, from = 0) {
      await until(() => heard.slice(from).some(match));
      return heard.slice(from).find(match)!;
    },
  };
}

describe.each(FEATURE_DIALECTS)('Binance user data streams (%s)', (_n, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let ws: string;
  const clock = new ManualClock(Date.now());
  const users: Record<string, { id: number; token: string; apiKey: string }> = {};
  const stream = (who: string, method: string, path: string, body = '') =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        'X-MBX-APIKEY': users[who]!.apiKey,
        'content-type': 'application/x-www-form-urlencoded',
      },
      ...(body ? { body } : {}),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const order = (who: string, payload: Record<string, string>) =>
    api(app, '/api/currency/order/submit', {
      token: users[who]!.token,
      payload,
    });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {}, clock));
    base = await listening(app);
    ws = base.replace(/^http/, 'ws');
    for (const who of ['ursula', 'victor']) {
      const u = await signUp(app, `${who}_stream`);
      users[who] = { ...u, apiKey: (await apiKeyFor(app, u.token)).apiKey };
    }
    await credit(app.core, users.ursula!.id, 'BTC', 10n ** 8n);
    await credit(app.core, users.victor!.id, 'USDT', 100_000n * 10n ** 8n);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it("makes one listen key per user, keeps it alive and closes it; another user's is unknown", async () => {
    const first = await stream('ursula', 'POST', '/api/v3/userDataStream');
    expect(first.status).toBe(200);
    const key = first.body.listenKey as string;
    expect(key).toMatch(/^[A-Za-z0-9]{60}$/);
    expect((await stream('ursula', 'POST', '/api/v3/userDataStream')).body).toEqual({ listenKey: key });
    expect(await stream('ursula', 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).toEqual({
      status: 200,
      body: {},
    });
    const unknown = {
      status: 400,
      body: { code: -1125, msg: 'This listenKey does not exist.' },
    };
    expect(await stream('victor', 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).toEqual(unknown);
    expect(await stream('victor', 'DELETE', `/api/v3/userDataStream?listenKey=${key}`)).toEqual(unknown);
    expect((await stream('ursula', 'PUT', '/api/v3/userDataStream')).body.code).toBe(-1102);
    expect(await stream('ursula', 'DELETE', `/api/v3/userDataStream?listenKey=${key}`)).toEqual({
      status: 200,
      body: {},
    });
    expect(await stream('ursula', 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).toEqual(unknown);
    const again = await stream('ursula', 'POST', '/api/v3/userDataStream');
    expect(again.body.listenKey).not.toBe(key);
    const noKey = await fetch(`${base}/api/v3/userDataStream`, {
      method: 'POST',
    });
    expect((await noKey.json()).code).toBe(-2015);
  });

  it("makes futures listen keys apart from spot's; keepalive and close name none", async () => {
    const spot = (await stream('victor', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const futures = (await stream('victor', 'POST', '/fapi/v1/listenKey')).body.listenKey;
    expect(futures).toMatch(/^[A-Za-z0-9]{60}$/);
    expect(futures).not.toBe(spot);
    expect((await stream('victor', 'POST', '/fapi/v1/listenKey')).body.listenKey).toBe(futures);
    expect(await stream('victor', 'PUT', '/fapi/v1/listenKey')).toEqual({
      status: 200,
      body: {},
    });
    expect(await stream('victor', 'DELETE', '/fapi/v1/listenKey')).toEqual({
      status: 200,
      body: {},
    });
    expect((await stream('victor', 'PUT', '/fapi/v1/listenKey')).body.code).toBe(-1125);
    expect(await stream('victor', 'PUT', '/api/v3/userDataStream', `listenKey=${spot}`)).toEqual({
      status: 200,
      body: {},
    });
  });

  it('refuses a socket for a key that is not live before the upgrade', async () => {
    await expect(listen(`${ws}/ws/${'x'.repeat(60)}`)).rejects.toThrow(/400/);
  });

  it("tells a spot order's NEW, its fill and the balances after, to the order's owner only", async () => {
    const mine = (await stream('ursula', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const theirs = (await stream('victor', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const seller = await listen(`${ws}/ws/${mine}`);
    const buyer = await listen(`${ws}/ws/${theirs}`);
    const sell = await order('ursula', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '96000',
      quantity: '0.1',
    });
    expect(sell.code).toBe(200);
    const placed = await seller.next((e) => e.e === 'executionReport');
    expect(placed).toMatchObject({
      s: 'BTCUSDT',
      S: 'SELL',
      o: 'LIMIT',
      f: 'GTC',
      x: 'NEW',
      X: 'NEW',
      q: expect.stringMatching(/^0\.10*$/),
      p: expect.stringMatching(/^96000\.0*$/),
      z: expect.stringMatching(/^0\.?0*$/),
      t: -1,
      w: true,
      g: -1,
    });
    expect(typeof placed.i).toBe('number');
    expect(typeof placed.E).toBe('number');
    expect(typeof placed.O).toBe('number');
    await order('victor', {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '96000',
      quantity: '0.1',
    });
    const fill = await seller.next((e) => e.x === 'TRADE');
    expect(fill).toMatchObject({
      i: placed.i,
      X: 'FILLED',
      l: expect.stringMatching(/^0\.10*$/),
      z: expect.stringMatching(/^0\.10*$/),
      L: expect.stringMatching(/^96000\.0*$/),
      Z: '9600.00000000',
      Y: '9600.00000000',
      N: 'USDT',
      m: true,
      w: false,
    });
    expect(typeof fill.t).toBe('number');
    expect(fill.t).toBeGreaterThan(0);
    const position = await seller.next(
      (e) => e.e === 'outboundAccountPosition' && e.B.some((b: Event) => b.a === 'USDT' && b.f !== '0.00000000'),
    );
    expect(position.B).toContainEqual({
      a: 'BTC',
      f: '0.90000000',
      l: '0.00000000',
    });
    const taken = await buyer.next((e) => e.x === 'TRADE');
    expect(taken).toMatchObject({
      S: 'BUY',
      X: 'FILLED',
      m: false,
      N: 'BTC',
    });
    expect(buyer.heard.filter((e) => e.e === 'executionReport').map((e) => e.x)).toEqual(['NEW', 'TRADE']);
    expect(seller.heard.filter((e) => e.e === 'executionReport').map((e) => e.i)).toEqual([placed.i, placed.i]);
    // An order's own holds and fills are told by its reports, never as a balanceUpdate.
    expect([...seller.heard, ...buyer.heard].filter((e) => e.e === 'balanceUpdate')).toEqual([]);
    seller.socket.close();
    buyer.socket.close();
  });

  it('tells a change no order made (a transfer out of spot) as balanceUpdate, then the position after', async () => {
    const key = (await stream('ursula', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const socket = await listen(`${ws}/ws/${key}`);
    const moved = await api(app, '/api/asset/transferFunds', {
      token: users.ursula!.token,
      payload: { coin: 'USDT', from: 1, to: 2, amount: '100.5' },
    });
    expect(moved.code).toBe(200);
    const update = await socket.next((e) => e.e === 'balanceUpdate');
    expect(update).toEqual({
      e: 'balanceUpdate',
      E: clock.now(),
      a: 'USDT',
      d: '-100.50000000',
      T: expect.any(Number),
    });
    const position = await socket.next((e) => e.e === 'outboundAccountPosition');
    expect(socket.heard.indexOf(position)).toBeGreaterThan(socket.heard.indexOf(update));
    // 9,600 from the sale above, less its 0.1% fee (9.6), less the 100.5 moved.
    expect(position.B).toEqual([{ a: 'USDT', f: '9489.90000000', l: '0.00000000' }]);
    // The contract account's side of the transfer is not the spot stream's.
    expect(socket.heard.filter((e) => e.e === 'balanceUpdate')).toHaveLength(1);
    socket.socket.close();
  });

  it('tells a partial fill as PARTIALLY_FILLED and the cancel of the rest as CANCELED', async () => {
    const key = (await stream('ursula', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const s = await listen(`${ws}/ws/${key}`);
    const sell = await order('ursula', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '96100',
      quantity: '0.2',
    });
    await order('victor', {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '96100',
      quantity: '0.05',
    });
    const part = await s.next((e) => e.x === 'TRADE');
    expect(part).toMatchObject({
      i: sell.data.id,
      X: 'PARTIALLY_FILLED',
      z: expect.stringMatching(/^0\.050*$/),
      w: true,
    });
    await api(app, '/api/currency/order/cancelOrder', {
      token: users.ursula!.token,
      query: { id: String(sell.data.id) },
    });
    const gone = await s.next((e) => e.x === 'CANCELED');
    expect(gone).toMatchObject({
      i: sell.data.id,
      X: 'CANCELED',
      z: expect.stringMatching(/^0\.050*$/),
      w: false,
    });
    expect(s.heard.filter((e) => e.e === 'executionReport').map((e) => e.X)).toEqual([
      'NEW',
      'PARTIALLY_FILLED',
      'CANCELED',
    ]);
    s.socket.close();
  });

  it('tells a listen key among /stream?streams= in the combined frame, beside market streams', async () => {
    const key = (await stream('ursula', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const s = await listen(`${ws}/stream?streams=btcusdt@trade/${key}`);
    await order('ursula', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '97300',
      quantity: '0.01',
    });
    const framed = await s.next((f) => f.stream === key && f.data.e === 'executionReport');
    expect(framed.data).toMatchObject({ e: 'executionReport', X: 'NEW' });
    s.socket.close();
  });

  it('keeps the socket while keepalives come and tells listenKeyExpired once they stop', async () => {
    const key = (await stream('victor', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const s = await listen(`${ws}/ws/${key}`);
    await clock.jump(LISTEN_KEY_TTL_MS - 60_000);
    expect((await stream('victor', 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).status).toBe(200);
    await clock.jump(LISTEN_KEY_TTL_MS - 60_000);
    await app.core.settled();
    expect(s.heard.filter((e) => e.e === 'listenKeyExpired')).toEqual([]);
    await clock.jump(2 * 60_000);
    const expired = await s.next((e) => e.e === 'listenKeyExpired');
    expect(expired).toEqual({
      e: 'listenKeyExpired',
      E: expect.any(Number),
      listenKey: key,
    });
    expect(expired.E).toBeLessThanOrEqual(clock.now());
    await s.until(() => s.closed() !== undefined);
    expect((await stream('victor', 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).body.code).toBe(-1125);
  });
  it("tells a stop order's NEW (not working), its trigger (working), then the order it placed", async () => {
    const key = (await stream('ursula', 'POST', '/api/v3/userDataStream')).body.listenKey;
    const s = await listen(`${ws}/ws/${key}`);
    const placed = await api(app, '/api/currency/order/stop', {
      token: users.ursula!.token,
      payload: {
        symbol: 'btcusdt',
        side: 'sell',
        type: 'STOP_LOSS_LIMIT',
        stopPrice: '95000',
        price: '94900',
        quantity: '0.1',
      },
    });
    expect(placed.code).toBe(200);
    const id = placed.data.id as number;
    expect(await s.next((e) => e.i === id)).toMatchObject({
      o: 'STOP_LOSS_LIMIT',
      x: 'NEW',
      X: 'NEW',
      w: false,
      P: expect.stringMatching(/^95000\.0*$/),
      p: expect.stringMatching(/^94900\.0*$/),
    });
    // A trade at 95,000 fires it.
    await order('victor', { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '95000', quantity: '0.01' });
    await order('ursula', { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '95000', quantity: '0.01' });
    const fired = await s.next((e) => e.i === id && e.w === true);
    expect(fired).toMatchObject({ o: 'STOP_LOSS_LIMIT', x: 'NEW', X: 'NEW' });
    const rests = await s.next((e) => e.e === 'executionReport' && e.o === 'LIMIT' && /^94900\.0*$/.test(e.p), 0);
    expect(rests).toMatchObject({ x: 'NEW', S: 'SELL', w: true });
    expect(s.heard.indexOf(fired)).toBeLessThan(s.heard.indexOf(rests));
    await api(app, '/api/currency/order/cancelOrder', { token: users.ursula!.token, query: { id: String(rests.i) } });
    s.socket.close();
  });
});
