import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { listKeys, verifySigned } from '../../api-keys/api-keys.service.ts';
import { loadSecretSeal } from '../../api-keys/secret-seal.ts';
import { findUserBy } from '../../user/user.repo.ts';
import { doorQuotes } from './door-quotes.ts';
import { MarketMakers } from './market-maker.ts';

interface Call {
  method: string;
  path: string;
  user: string;
  params: Record<string, string>;
}

/**
 * The maker's production transport against a stand-in for the door's order routes (they land with the spot REST):
 * each call is checked by the platform's own verifySigned, so the key the maker made must be on record, carry the
 * trade permission and sign every call; the stand-in answers with Binance's order acknowledgement.
 */
describe.each(FEATURE_DIALECTS)('the market maker through the door on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let server: Server;
  const calls: Call[] = [];
  const refused: string[] = [];
  let makers: MarketMakers;
  let orderId = 0;
  beforeAll(async () => {
    t = await open();
    const { app: a, config } = await testApp(t.db);
    app = a;
    const seal = await loadSecretSeal(t.db, config.apiKeySealKey);
    server = createServer((req, res) => {
      let rawBody = '';
      req.on('data', (c) => (rawBody += String(c)));
      req.on('end', () => {
        const [path, rawQuery = ''] = (req.url ?? '').split('?');
        const key = req.headers['x-mbx-apikey'];
        verifySigned(t.db, app.clock, seal, 100_000, {
          apiKey: typeof key === 'string' ? key : undefined,
          ip: '127.0.0.1',
          rawQuery,
          rawBody: req.method === 'POST' ? rawBody : undefined,
          needs: 'trade',
        }).then(
          (v) => {
            calls.push({
              method: req.method!,
              path: path!,
              user: String(v.user.username),
              params: v.params,
            });
            const answer =
              path === '/api/v3/openOrders'
                ? []
                : {
                    symbol: v.params.symbol,
                    orderId: ++orderId,
                    clientOrderId: v.params.newClientOrderId,
                  };
            res.setHeader('content-type', 'application/json').end(JSON.stringify(answer));
          },
          (err: unknown) => {
            refused.push(String(err));
            res.statusCode = 401;
            res.end(
              JSON.stringify({
                code: -2015,
                msg: 'Invalid API-key, IP, or permissions for action.',
              }),
            );
          },
        );
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const quoting = {
      db: t.db,
      clock: app.clock,
      seal,
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    };
    const options = {
      intervalMs: 0,
      seed: 7,
      levels: 2,
      quotes: (id: number) => doorQuotes(quoting, id),
    };
    // Started twice, as after a restart: the second start's key replaces the first's.
    await new MarketMakers(t.db, app.core, app.spot, app.marketData, app.prices, app.log, options).start();
    makers = new MarketMakers(t.db, app.core, app.spot, app.marketData, app.prices, app.log, options);
    await makers.start();
  });
  afterAll(async () => {
    makers.stop();
    await new Promise<void>((done) => server.close(() => done()));
    await app.close();
    await t.drop();
  });

  it('cancels and requotes every spot book with signed calls on its own trade key, one key per start', async () => {
    await app.prices.advance();
    await makers.tick();
    expect(refused).toEqual([]);
    const spot = [...app.markets.values()].filter((m) => m.market === 'spot');
    for (const m of spot) {
      const mine = calls.filter((c) => c.params.symbol === m.symbol.toUpperCase());
      expect(mine[0], m.symbol).toMatchObject({
        method: 'DELETE',
        path: '/api/v3/openOrders',
      });
      const orders = mine.filter((c) => c.method === 'POST');
      expect(orders.length, m.symbol).toBeGreaterThan(0);
      for (const o of orders) {
        expect(o).toMatchObject({
          path: '/api/v3/order',
          params: { type: 'LIMIT', timeInForce: 'GTC' },
        });
        expect(o.params.price).toMatch(/^\d+(\.\d+)?$/);
        expect(o.params.newClientOrderId).toMatch(/^[.A-Z:/a-z0-9_-]{1,36}$/);
      }
      expect(new Set(orders.map((o) => o.params.side))).toEqual(new Set(['BUY', 'SELL']));
    }
    expect(new Set(calls.map((c) => c.user))).toEqual(new Set(['market_maker']));
    const maker = await findUserBy(t.db, 'username', 'market_maker');
    const { records } = await listKeys(t.db, maker!.id, 1, 100);
    expect(records.map((k) => [k.label, k.permissions])).toEqual([['built-in market maker', ['read', 'trade']]]);
  });
});
