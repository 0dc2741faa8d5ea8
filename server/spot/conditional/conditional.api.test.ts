import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signUp, testApp } from '../../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';
import { auditLedger } from '../../ledger/ledger.ts';

describe.each(FEATURE_DIALECTS)('conditional orders through the site API on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let seller: { token: string };
  let other: { token: string };

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    const s = await signUp(app, 'condseller');
    const b = await signUp(app, 'condbuyer');
    seller = s;
    other = b;
    await credit(app.core, s.id, 'BTC', 1n * 10n ** 8n);
    await credit(app.core, b.id, 'USDT', 100_000n * 10n ** 8n);
    const order = (token: string, side: string) =>
      api(app, '/api/currency/order/submit', {
        token,
        payload: { symbol: 'btcusdt', side, type: 'limit', price: '97000', quantity: '0.01' },
      });
    await order(s.token, 'sell');
    await order(b.token, 'buy');
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it("refuses a wrong-side trigger in the caller's language and changes nothing", async () => {
    const res = await api(app, '/api/currency/order/stop', {
      token: seller.token,
      lang: 'de',
      payload: { symbol: 'btcusdt', side: 'sell', type: 'STOP_LOSS', stopPrice: '98000', quantity: '0.1' },
    });
    expect(res).toMatchObject({
      code: 3061,
      msg: 'Der Auslösepreis muss unter dem letzten Preis (97000.00) liegen',
    });
    const list = await api(app, '/api/currency/order/stopList', { token: seller.token, query: { state: 'open' } });
    expect(list.data.total).toBe(0);
  });

  it('lists a placed stop, refuses another user its cancel, and cancels it for its owner', async () => {
    const placed = await api(app, '/api/currency/order/stop', {
      token: seller.token,
      payload: {
        symbol: 'btcusdt',
        side: 'sell',
        type: 'STOP_LOSS_LIMIT',
        stopPrice: '96000',
        price: '95900',
        quantity: '0.1',
      },
    });
    expect(placed).toMatchObject({
      code: 200,
      data: { status: 'pending', stopPrice: '96000.00', frozen: '0.10000000' },
    });
    const id = placed.data.id;
    const list = await api(app, '/api/currency/order/stopList', { token: seller.token, query: { state: 'open' } });
    expect(list.data.records.map((r: { id: number }) => r.id)).toEqual([id]);
    const stranger = await api(app, '/api/currency/order/cancelStop', {
      token: other.token,
      query: { id: String(id) },
    });
    expect(stranger.code).toBe(3013);
    const done = await api(app, '/api/currency/order/cancelStop', { token: seller.token, query: { id: String(id) } });
    expect(done).toMatchObject({ code: 200, data: { status: 'cancelled', frozen: '0.00000000' } });
    const again = await api(app, '/api/currency/order/cancelStop', { token: seller.token, query: { id: String(id) } });
    expect(again.code).toBe(3014);
  });

  it('places an OCO and a TP/SL, and cancels the OCO by its list id', async () => {
    const oco = await api(app, '/api/currency/order/oco', {
      token: seller.token,
      payload: { symbol: 'btcusdt', side: 'sell', quantity: '0.1', price: '99000', stopPrice: '96000' },
    });
    expect(oco).toMatchObject({ code: 200, data: { stop: { type: 'STOP_LOSS' }, limit: { price: '99000.00' } } });
    const cancelled = await api(app, '/api/currency/order/cancelList', {
      token: seller.token,
      query: { listId: String(oco.data.listId) },
    });
    expect(cancelled.data.status).toBe('cancelled');
    const tpsl = await api(app, '/api/currency/order/tpsl', {
      token: other.token,
      payload: {
        symbol: 'btcusdt',
        price: '96500',
        quantity: '0.01',
        takeProfitPrice: '99000',
        stopLossStopPrice: '95000',
      },
    });
    expect(tpsl).toMatchObject({ code: 200, data: { stop: { status: 'waiting' }, order: { side: 'buy' } } });
  });

  it('fires every stop one trade reaches, past the bound of fires per command, in follow-up commands', async () => {
    const s = await signUp(app, 'condmany');
    await credit(app.core, s.id, 'ETH', 2n * 10n ** 8n);
    const trade = async (price: string) => {
      for (const [token, side] of [
        [s.token, 'sell'],
        [other.token, 'buy'],
      ] as const)
        expect(
          (
            await api(app, '/api/currency/order/submit', {
              token,
              payload: { symbol: 'ethusdt', side, type: 'limit', price, quantity: '0.01' },
            })
          ).code,
        ).toBe(200);
    };
    await trade('3450');
    // 100 stop-loss sells from 3400 down to 3301: more than three commands' worth of fires.
    for (let i = 0; i < 100; i++) {
      const placed = await api(app, '/api/currency/order/stop', {
        token: s.token,
        payload: { symbol: 'ethusdt', side: 'sell', type: 'STOP_LOSS', stopPrice: String(3400 - i), quantity: '0.01' },
      });
      expect(placed.code).toBe(200);
    }
    await trade('3300');
    const open = async () =>
      (await api(app, '/api/currency/order/stopList', { token: s.token, query: { state: 'open' } })).data.total;
    for (let i = 0; i < 200 && (await open()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await open()).toBe(0);
  });
});
