import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testApp } from '../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { seedOperator } from '../seed/operator.ts';
import { carryOut } from './core-commands.ts';

/** What an edge hands over, as it would for a client's `Idempotency-Key: <key>` (server/cluster/edge.ts). */
function forwarded(key: string, token: string, body: object) {
  return {
    key: `c:${key}`,
    method: 'POST',
    url: '/api/currency/order/submit',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(body)).toString('base64'),
    ip: '127.0.0.1',
  };
}

describe.each(DIALECTS)('a forwarded request carried out by the core on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const login = async (username: string) =>
    (await api(app, '/api/user/login', { payload: { type: 'account', username, password: 'abc123' } })).data
      .token as string;
  const sell = { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97000', quantity: '0.01' };
  const answer = (reply: { body: string }) => JSON.parse(Buffer.from(reply.body, 'base64').toString());
  const openOrders = async (token: string) =>
    (await api(app, '/api/currency/order/orderList', { token, query: { symbol: 'btcusdt', state: 'open' } })).data;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    const ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
    for (const who of ['keyed_a', 'keyed_b']) {
      await api(app, '/api/user/register', {
        payload: { type: 'account', username: who, password: 'abc123', confirmPassword: 'abc123' },
      });
      expect(
        (await api(app, '/api/admin/credit', { token: ops, payload: { username: who, asset: 'BTC', amount: '1' } }))
          .code,
      ).toBe(200);
    }
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('answers a key retried from a new session of the same account with its first order, and another account’s same key with its own', async () => {
    const first = answer(await carryOut(app, forwarded('order-1', await login('keyed_a'), sell)));
    expect(first.code).toBe(200);
    // The client lost the answer, logged in again and retried with the same key: nothing new is placed.
    const relogged = await login('keyed_a');
    const retried = answer(await carryOut(app, forwarded('order-1', relogged, sell)));
    expect(retried).toEqual(first);
    // Another account choosing the same key places its own order.
    const other = answer(await carryOut(app, forwarded('order-1', await login('keyed_b'), sell)));
    expect(other.code).toBe(200);
    expect(other.data).not.toEqual(first.data);
    // A new key is a new order.
    const second = answer(await carryOut(app, forwarded('order-2', relogged, sell)));
    expect(second.data).not.toEqual(first.data);
    expect((await openOrders(relogged)).records).toHaveLength(2);
  });

  it('honours the same Idempotency-Key sent straight to a single process, per account', async () => {
    const place = async (username: string) =>
      api(app, '/api/currency/order/submit', {
        token: await login(username),
        headers: { 'idempotency-key': 'direct-1' },
        payload: sell,
      });
    const first = await place('keyed_a');
    expect(first.code).toBe(200);
    expect((await place('keyed_a')).data).toEqual(first.data);
    expect((await place('keyed_b')).data.id).not.toBe(first.data.id);
    // A malformed key is no key: each such request is its own.
    const odd = async () =>
      api(app, '/api/currency/order/submit', {
        token: await login('keyed_b'),
        headers: { 'idempotency-key': 'no spaces!' },
        payload: sell,
      });
    expect((await odd()).data.id).not.toBe((await odd()).data.id);
  });

  it('ignores a forwarded key that does not carry this process’s secret', async () => {
    const forged = async () =>
      api(app, '/api/currency/order/submit', {
        token: await login('keyed_b'),
        headers: { 'x-lumex-request-key': 'guess.e:fixed' },
        payload: sell,
      });
    expect((await forged()).data.id).not.toBe((await forged()).data.id);
  });
});
