import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { signInOperator, signUp } from '../../tests/support/accounts.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { multipart, PNG } from '../../tests/support/wallet-fixtures.ts';
import { manualAddressesFor } from '../../tests/support/manual-addresses.ts';

/**
 * Type-confused input is refused and changes nothing: integers are integers (JSON numbers in bodies, canonical
 * digit strings in queries), enums are enums, nothing is coerced. Unknown body fields are ignored.
 */
describe.each(FEATURE_DIALECTS)('strict input on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let ops: string;
  let rechargeId: number;
  const spot = (id: number) => balanceOf(t.db, id, ACCOUNT.spot, 'USDT');
  const contract = (id: number) => balanceOf(t.db, id, ACCOUNT.contract, 'USDT');

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { DATA_DIR: `/tmp/lumex-strict-test-${process.pid}` }));
    ops = await signInOperator(app, t.db);
    await manualAddressesFor(t.db, 'USDT/TRC20');
    alice = await signUp(app, 'alice_strict');
    bob = await signUp(app, 'bob_strict');
    const shot = await api(app, '/api/common/upload/OSS', { token: alice.token, ...multipart(PNG) });
    const r = await api(app, '/api/recharge/submit', {
      token: alice.token,
      payload: { coin: 'USDT', network: 'TRC20', amount: '100', screenshot: shot.data.id },
    });
    rechargeId = r.data.id;
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('decides a review only for an id that is a JSON integer', async () => {
    for (const id of [true, '1', ' 1', [1], { id: 1 }, null, 1.5, '0x1']) {
      const r = await api(app, '/api/admin/wallet/recharge/review', {
        token: ops,
        payload: { id, approve: false, reason: 'no' },
      });
      expect([r.status, r.code, r.msg], JSON.stringify(id)).toEqual([
        400,
        ERRORS.badRequest,
        'id must be a whole number in the allowed range',
      ]);
    }
    for (const approve of ['true', 1, null]) {
      expect(
        (await api(app, '/api/admin/wallet/recharge/review', { token: ops, payload: { id: rechargeId, approve } }))
          .status,
      ).toBe(400);
    }
    const queue = await api(app, '/api/admin/wallet/recharges?status=review', { method: 'GET', token: ops });
    expect(queue.data.records.map((x: { id: number }) => x.id)).toContain(rechargeId);
    expect(
      (await api(app, '/api/admin/wallet/recharge/review', { token: ops, payload: { id: rechargeId, approve: true } }))
        .code,
    ).toBe(200);
    expect(await spot(alice.id)).toEqual({ available: 100_00000000n, frozen: 0n });
  });

  it('moves money only between account types given as JSON integers', async () => {
    const before = [await spot(alice.id), await contract(alice.id)];
    const attempts = [
      { from: true },
      { from: [1] },
      { from: '1' },
      { from: ' 1' },
      { from: 1.0000001 },
      { from: null },
      { to: '0x2' },
      { to: '2' },
      { to: 2.5 },
      { to: {} },
    ];
    for (const bad of attempts) {
      const r = await api(app, '/api/asset/transferFunds', {
        token: alice.token,
        payload: { coin: 'USDT', from: 1, to: 2, amount: '1', ...bad },
      });
      expect([r.status, r.code], JSON.stringify(bad)).toEqual([400, ERRORS.badRequest]);
    }
    expect([await spot(alice.id), await contract(alice.id)]).toEqual(before);
    const de = await api(app, '/api/asset/transferFunds', {
      token: alice.token,
      lang: 'de',
      payload: { coin: 'USDT', from: true, to: 2, amount: '1' },
    });
    expect(de.msg).toContain('ganze Zahl');
  });

  it('ignores unknown body fields: they never reach the service', async () => {
    const r = await api(app, '/api/asset/transferFunds', {
      token: alice.token,
      payload: { coin: 'USDT', from: 1, to: 2, amount: '1', userId: bob.id, owner: bob.id, id: 1 },
    });
    expect(r.code).toBe(200);
    expect((await contract(alice.id)).available).toBe(1_00000000n);
    expect(await contract(bob.id)).toEqual({ available: 0n, frozen: 0n });
  });

  it('refuses swap tolerances that are not JSON integers from 0 to 300', async () => {
    for (const slippageBps of [true, null, '', [], '50', ' 50', {}, 50.5, -1, 301]) {
      const r = await api(app, '/api/texchange/currencyExchange', {
        token: alice.token,
        payload: { from: 'USDT', to: 'BTC', amount: '1', quote: 'x', slippageBps },
      });
      expect([r.status, r.code], JSON.stringify(slippageBps)).toEqual([400, ERRORS.badRequest]);
      expect(r.msg).toContain('slippageBps');
    }
  });

  it('reads query integers only as canonical decimal digits', async () => {
    for (const page of ['0x2', ' 2', '2 ', '02', '+2', '2.0', '2e0', '', 'NaN', '1'.repeat(30)]) {
      const r = await api(app, `/api/asset/getRechargeLog?page=${encodeURIComponent(page)}`, { token: alice.token });
      expect([r.status, r.code], page).toEqual([400, ERRORS.badRequest]);
    }
    expect((await api(app, '/api/asset/getRechargeLog?page=1&page=2', { token: alice.token })).status).toBe(400);
    expect((await api(app, '/api/currency/order/cancelOrder?id=true', { token: alice.token })).status).toBe(400);
    expect((await api(app, '/api/app/coin/market/kline?symbol=btcusdt&limit=1e2', { method: 'GET' })).status).toBe(400);
    expect((await api(app, '/cgform-api/getData/news?page=%201', { method: 'GET' })).status).toBe(400);
    expect((await api(app, '/cgform-api/detailData/news/0x1', { method: 'GET' })).status).toBe(400);
    const ok = await api(app, '/api/asset/getRechargeLog?page=1&size=2', { token: alice.token });
    expect([ok.code, ok.data.page, ok.data.size]).toEqual([200, 1, 2]);
  });

  it('reads enums only as their own strings', async () => {
    for (const status of ['Review', ' review', 'review ', '1']) {
      expect(
        (
          await api(app, `/api/admin/wallet/recharges?status=${encodeURIComponent(status)}`, {
            method: 'GET',
            token: ops,
          })
        ).status,
      ).toBe(400);
    }
    expect(
      (
        await api(app, '/api/currency/order/submit', {
          token: alice.token,
          payload: { symbol: 'btcusdt', side: ['buy'], type: 'limit', price: '1', quantity: '1' },
        })
      ).status,
    ).toBe(400);
  });
});
