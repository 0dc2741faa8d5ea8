import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { seal } from '../../isomorphic/crypto/seal.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { seedOperator } from '../seed/operator.ts';
import { multipart, PNG } from '../../tests/support/wallet-fixtures.ts';
import { manualAddressesFor, OPERATOR_ADDRESSES } from '../../tests/support/manual-addresses.ts';

describe.each(DIALECTS)('wallets on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let sealKey: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const spot = (who: string, coin: string) => balanceOf(t.db, ids[who]!, ACCOUNT.spot, coin);
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], ...opts });
  const uploadAs = (who: string, content: Buffer, name?: string, type?: string) =>
    call(who, '/api/common/upload/OSS', multipart(content, name, type));
  const withdraw = async (who: string, plain: object) =>
    call(who, '/api/asset/withdrawal', { payload: { sealed: await seal(plain, sealKey, ids[who]!) } });
  const deposit = async (who: string, coin: string, network: string, amount: string) => {
    const up = await uploadAs(who, PNG);
    const r = await call(who, '/api/recharge/submit', { payload: { coin, network, amount, screenshot: up.data.id } });
    expect(r.code).toBe(200);
    expect(
      (await call('ops', '/api/admin/wallet/recharge/review', { payload: { id: r.data.id, approve: true } })).code,
    ).toBe(200);
  };

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { DATA_DIR: `/tmp/lumex-wallet-test-${process.pid}` }));
    const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
    sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    // No key of the platform's is configured here: deposits go to the addresses the operator entered, for review.
    await manualAddressesFor(t.db);
    tokens.ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
    for (const who of ['alice', 'bob']) {
      const reg = await api(app, '/api/user/register', {
        payload: { type: 'account', username: `${who}_wallet`, password: 'abc123', confirmPassword: 'abc123' },
      });
      ids[who] = reg.data.id;
      tokens[who] = (
        await api(app, '/api/user/login', {
          payload: { type: 'account', username: `${who}_wallet`, password: 'abc123' },
        })
      ).data.token;
      const set = await call(who, '/api/user/tardPwdSet', {
        payload: {
          sealed: await seal(
            { loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' },
            sealKey,
            ids[who]!,
          ),
        },
      });
      expect(set.code).toBe(200);
    }
  });
  afterAll(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it("shows the operator's address for each coin and network, for the manual review flow", async () => {
    const a = await call('alice', '/api/asset/getDepositAddress/usdt', { method: 'GET', query: { network: 'TRC20' } });
    expect(a.data).toEqual({
      coin: 'USDT',
      network: 'TRC20',
      mode: 'manual',
      address: OPERATOR_ADDRESSES.TRC20,
      chain: null,
      minDeposit: null,
    });
    expect(
      (await call('bob', '/api/asset/getDepositAddress/USDT', { method: 'GET', query: { network: 'TRC20' } })).data
        .address,
    ).toBe(a.data.address);
    expect(
      (await call('alice', '/api/asset/getDepositAddress/USDT', { method: 'GET', query: { network: 'ERC20' } })).data
        .address,
    ).toBe(OPERATOR_ADDRESSES.ERC20);
    expect(
      (await call('alice', '/api/asset/getDepositAddress/USDT', { method: 'GET', query: { network: 'BTC' } })).code,
    ).toBe(ERRORS.unknownNetwork);
    const networks = await api(app, '/api/asset/getRechargeCurrency', { method: 'GET' });
    expect(networks.data).toContainEqual({
      coin: 'USDT',
      network: 'TRC20',
      withdrawFee: '1.00000000',
      withdrawMin: '10.00000000',
    });
    // Visitors learn the display decimals too, so their amounts are written as a user's are.
    const decimals = await api(app, '/api/asset/getAssetDecimals', { method: 'GET' });
    expect(decimals.data).toContainEqual({ coin: 'USDT', displayDecimals: 2 });
  });

  it('credits a deposit only when an operator approves it, and never twice', async () => {
    const up = await uploadAs('alice', PNG);
    expect(up.code).toBe(200);
    expect(up.data.link).toMatch(/^\/api\/common\/upload\/file\/[0-9a-f]{32}\.png$/);
    const r = await call('alice', '/api/recharge/submit', {
      payload: { coin: 'USDT', network: 'TRC20', amount: '1000', screenshot: up.data.id },
    });
    expect(r.data).toMatchObject({ status: 'review', amount: '1000.00000000' });
    expect(await spot('alice', 'USDT')).toEqual({ available: 0n, frozen: 0n });
    const pending = await call('ops', '/api/admin/wallet/recharges', { method: 'GET' });
    expect(pending.data.records.map((x: { id: number }) => x.id)).toContain(r.data.id);
    // The operator sees the screenshot; another user does not.
    expect(
      (await app.inject({ url: up.data.link, headers: { authorization: tokens.ops } })).headers['content-type'],
    ).toBe('image/png');
    expect((await call('bob', up.data.link, { method: 'GET' })).code).toBe(ERRORS.recordNotFound);
    expect(
      (await call('alice', '/api/admin/wallet/recharge/review', { payload: { id: r.data.id, approve: true } })).status,
    ).toBe(403);
    expect(
      (await call('ops', '/api/admin/wallet/recharge/review', { payload: { id: r.data.id, approve: true } })).code,
    ).toBe(200);
    expect(
      (await call('ops', '/api/admin/wallet/recharge/review', { payload: { id: r.data.id, approve: true } })).code,
    ).toBe(ERRORS.alreadyReviewed);
    expect(await spot('alice', 'USDT')).toEqual({ available: 1000_00000000n, frozen: 0n });
    const log = await call('alice', '/api/asset/getRechargeLog');
    expect(log.data.records[0]).toMatchObject({ id: r.data.id, status: 'passed' });
    // Another user sees none of it and cannot decide it.
    expect(
      (await call('bob', '/api/asset/getRechargeLog')).data.records.map((x: { id: number }) => x.id),
    ).not.toContain(r.data.id);
    expect((await call('bob', '/api/admin/wallet/recharges', { method: 'GET' })).status).toBe(403);
    const audit = await call('ops', '/api/admin/audit', { method: 'GET' });
    expect(audit.data.records[0]).toMatchObject({
      action: 'recharge.approve',
      targetId: String(r.data.id),
      operator: 'ops@example.com',
    });
  });

  it('accepts an image up to 5 MB', async () => {
    const big = await uploadAs('alice', Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]));
    expect(big.code).toBe(200);
    expect(big.data.id).toMatch(/\.png$/);
  });

  it('rejects a deposit with a reason and credits nothing', async () => {
    const up = await uploadAs('bob', PNG);
    const r = await call('bob', '/api/recharge/submit', {
      payload: { coin: 'BTC', network: 'BTC', amount: '1', screenshot: up.data.id },
    });
    expect(
      (await call('ops', '/api/admin/wallet/recharge/review', { payload: { id: r.data.id, approve: false } })).code,
    ).toBe(ERRORS.reasonRequired);
    expect(
      (
        await call('ops', '/api/admin/wallet/recharge/review', {
          payload: { id: r.data.id, approve: false, reason: 'No payment found' },
        })
      ).code,
    ).toBe(200);
    expect(await spot('bob', 'BTC')).toEqual({ available: 0n, frozen: 0n });
    expect((await call('bob', '/api/asset/getRechargeLog')).data.records[0]).toMatchObject({
      status: 'failed',
      reason: 'No payment found',
    });
  });

  it('transfers between the user’s own account types only', async () => {
    const ok = await call('alice', '/api/asset/transferFunds', {
      payload: { coin: 'USDT', from: 1, to: 2, amount: '100' },
    });
    expect(ok.code).toBe(200);
    expect(await balanceOf(t.db, ids.alice!, ACCOUNT.contract, 'USDT')).toEqual({
      available: 100_00000000n,
      frozen: 0n,
    });
    expect(
      (await call('alice', '/api/asset/transferFunds', { payload: { coin: 'USDT', from: 1, to: 8, amount: '1' } }))
        .code,
    ).toBe(ERRORS.accountTypeNotAllowed);
    expect(
      (await call('alice', '/api/asset/transferFunds', { payload: { coin: 'USDT', from: 2, to: 2, amount: '1' } }))
        .code,
    ).toBe(ERRORS.sameAccount);
    expect(
      (await call('alice', '/api/asset/transferFunds', { payload: { coin: 'USDT', from: 2, to: 1, amount: '101' } }))
        .code,
    ).toBe(ERRORS.insufficientBalance);
    const trans = await call('alice', '/api/app/coin/wallet/trans', { method: 'GET' });
    expect(trans.data.records[0]).toMatchObject({ coin: 'USDT', from: 1, to: 2, amount: '100.00000000' });
    const accounts = await call('alice', '/api/asset/getWalletAccount', { method: 'GET' });
    expect(accounts.data.map((a: { type: number }) => a.type)).toEqual([0, 1, 2, 3, 4]);
    expect(accounts.data[0].usdtValue).toBe('1000.00000000');
  });

  it('swaps at a quote from the market with a 0.2% fee, and refuses stale or forged quotes', async () => {
    const q = await call('alice', '/api/texchange/getCurrencyPrice', {
      payload: { from: 'USDT', to: 'BTC', amount: '96.5' },
    });
    expect(q.data).toMatchObject({
      from: 'USDT',
      to: 'BTC',
      feeRate: '0.002',
      fee: '0.00000200',
      receive: '0.00099800',
    });
    const before = await spot('alice', 'USDT');
    const ex = await call('alice', '/api/texchange/currencyExchange', {
      payload: { from: 'USDT', to: 'BTC', amount: '96.5', quote: q.data.quote },
    });
    expect(ex.code).toBe(200);
    expect(await spot('alice', 'BTC')).toEqual({ available: 99800n, frozen: 0n });
    expect((await spot('alice', 'USDT')).available).toBe(before.available - 96_50000000n);
    const forged = q.data.quote.replace(/\.(\d+)\.(\d+)\./, '.$1.1.');
    expect(
      (
        await call('alice', '/api/texchange/currencyExchange', {
          payload: { from: 'USDT', to: 'BTC', amount: '1', quote: forged },
        })
      ).code,
    ).toBe(ERRORS.quoteExpired);
    expect(
      (
        await call('alice', '/api/texchange/currencyExchange', {
          payload: { from: 'USDT', to: 'ETH', amount: '1', quote: q.data.quote },
        })
      ).code,
    ).toBe(ERRORS.quoteExpired);
    expect((await api(app, '/api/texchange/getCurrencyPrice', { payload: { from: 'BTC', to: 'BTC' } })).code).toBe(
      ERRORS.sameCoin,
    );
    const bills = await call('alice', '/api/asset/getMyBill', { query: { billType: 'swap' } });
    expect(bills.data.records.length).toBe(2);
  });

  it('freezes a withdrawal with its fee, pays it out on approval and returns it on rejection', async () => {
    const before = await spot('alice', 'USDT');
    const w1 = await withdraw('alice', {
      coin: 'USDT',
      method: 'address',
      network: 'TRC20',
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      amount: '50',
      fundPassword: 'fund123',
    });
    expect(w1.data).toMatchObject({ status: 'review', amount: '50.00000000', fee: '1.00000000' });
    expect(await spot('alice', 'USDT')).toEqual({ available: before.available - 51_00000000n, frozen: 51_00000000n });
    const w2 = await withdraw('alice', {
      coin: 'USDT',
      method: 'bank',
      address: '6222 0000 1111 2222',
      amount: '20',
      fundPassword: 'fund123',
    });
    expect(w2.code).toBe(200);
    expect(
      (
        await call('ops', '/api/admin/wallet/withdrawal/review', {
          payload: { id: w2.data.id, approve: false, reason: 'Card holder mismatch' },
        })
      ).code,
    ).toBe(200);
    expect(
      (await call('ops', '/api/admin/wallet/withdrawal/review', { payload: { id: w1.data.id, approve: true } })).code,
    ).toBe(200);
    expect(await spot('alice', 'USDT')).toEqual({ available: before.available - 51_00000000n, frozen: 0n });
    expect(await balanceOf(t.db, null, ACCOUNT.feeIncome, 'USDT')).toMatchObject({ available: expect.any(BigInt) });
    const kinds = (await call('alice', '/api/asset/getMyBill', { query: { size: '100' } })).data.records.map(
      (b: { billType: string }) => b.billType,
    );
    for (const k of ['deposit', 'transfer', 'swap', 'withdraw_freeze', 'withdraw', 'withdraw_fee', 'withdraw_return'])
      expect(kinds).toContain(k);
    const log = await call('alice', '/api/asset/getWithdrawalLog');
    expect(log.data.records.map((w: { status: string }) => w.status)).toEqual(['failed', 'passed']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await spot('alice', 'USDT');
    const bills = (await call('alice', '/api/asset/getMyBill')).data.total;
    const up = await uploadAs('alice', PNG);
    const cases: Array<[string, Promise<{ code: number; msg: string }>, number]> = [
      [
        'non-numeric deposit',
        call('alice', '/api/recharge/submit', {
          payload: { coin: 'USDT', network: 'TRC20', amount: 'abc', screenshot: up.data.id },
        }),
        ERRORS.amountInvalid,
      ],
      [
        'negative deposit',
        call('alice', '/api/recharge/submit', {
          payload: { coin: 'USDT', network: 'TRC20', amount: '-5', screenshot: up.data.id },
        }),
        ERRORS.amountInvalid,
      ],
      [
        'missing screenshot',
        call('alice', '/api/recharge/submit', { payload: { coin: 'USDT', network: 'TRC20', amount: '5' } }),
        ERRORS.screenshotRequired,
      ],
      [
        'someone else’s screenshot',
        call('bob', '/api/recharge/submit', {
          payload: { coin: 'USDT', network: 'TRC20', amount: '5', screenshot: up.data.id },
        }),
        ERRORS.screenshotRequired,
      ],
      [
        'non-image upload',
        uploadAs('alice', Buffer.from('%PDF-1.4 not an image'), 'x.png', 'image/png'),
        ERRORS.uploadNotImage,
      ],
      [
        'oversize upload',
        uploadAs('alice', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])),
        ERRORS.uploadTooLarge,
      ],
      [
        'more than available',
        withdraw('alice', {
          coin: 'USDT',
          method: 'address',
          network: 'TRC20',
          address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
          amount: '999999',
          fundPassword: 'fund123',
        }),
        ERRORS.insufficientBalance,
      ],
      [
        'wrong fund password',
        withdraw('alice', {
          coin: 'USDT',
          method: 'address',
          network: 'TRC20',
          address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
          amount: '20',
          fundPassword: 'nope123',
        }),
        ERRORS.fundPasswordWrong,
      ],
      [
        'below minimum',
        withdraw('alice', {
          coin: 'USDT',
          method: 'address',
          network: 'TRC20',
          address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
          amount: '1',
          fundPassword: 'fund123',
        }),
        ERRORS.amountTooSmall,
      ],
      [
        'negative transfer',
        call('alice', '/api/asset/transferFunds', { payload: { coin: 'USDT', from: 1, to: 2, amount: '-1' } }),
        ERRORS.amountInvalid,
      ],
      [
        'tampered sealed body',
        seal({ coin: 'USDT' }, sealKey, ids.alice!).then((s) =>
          call('alice', '/api/asset/withdrawal', {
            payload: { sealed: s.slice(0, -6) + (s.endsWith('AAAA') ? 'BBBBBB' : 'AAAAAA') },
          }),
        ),
        ERRORS.sealedInvalid,
      ],
      ['another user’s upload', call('bob', up.data.link, { method: 'GET' }), ERRORS.recordNotFound],
      [
        'unknown coin',
        call('alice', '/api/asset/transferFunds', { payload: { coin: 'NOPE', from: 1, to: 2, amount: '1' } }),
        ERRORS.unknownAsset,
      ],
    ];
    for (const [label, pending, code] of cases) {
      const res = await pending;
      expect(res.code, label).toBe(code);
      expect(res.msg, label).toBeTruthy();
      expect(res.msg, label).not.toMatch(/^error\./);
    }
    expect(await spot('alice', 'USDT')).toEqual(before);
    expect((await call('alice', '/api/asset/getMyBill')).data.total).toBe(bills);
    // Messages come in the caller's language.
    const de = await api(app, '/api/recharge/submit', {
      token: tokens.alice,
      lang: 'de',
      payload: { coin: 'USDT', network: 'TRC20', amount: '5' },
    });
    expect(de.msg).not.toBe(
      (await call('alice', '/api/recharge/submit', { payload: { coin: 'USDT', network: 'TRC20', amount: '5' } })).msg,
    );
  });

  it('never lets two concurrent withdrawals spend the same funds', async () => {
    await deposit('bob', 'LTC', 'LTC', '1');
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () =>
        withdraw('bob', {
          coin: 'LTC',
          method: 'address',
          network: 'LTC',
          address: 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz',
          amount: '0.7',
          fundPassword: 'fund123',
        }),
      ),
    );
    expect(attempts.filter((a) => a.code === 200)).toHaveLength(1);
    expect(attempts.filter((a) => a.code !== 200).every((a) => a.code === ERRORS.insufficientBalance)).toBe(true);
    expect(await spot('bob', 'LTC')).toEqual({ available: 1_00000000n - 70_100000n, frozen: 70_100000n });
  });

  it('lists and prices accounts, coins and display currencies', async () => {
    const rates = await api(app, '/api/asset/getCoinRate', { method: 'GET' });
    expect(rates.data[0]).toMatchObject({
      exchange_code: 'CNY',
      quote_currency: 'USDT',
      rate: expect.any(String),
      exchange_value: expect.any(String),
    });
    expect(
      (
        await call('ops', '/api/admin/wallet/rates', {
          payload: { rates: [{ exchange_code: 'CNY', quote_currency: 'USDT', code_symbol: '¥', rate: '7.1' }] },
        })
      ).code,
    ).toBe(200);
    expect((await api(app, '/api/asset/getCoinRate', { method: 'GET' })).data).toEqual([
      { exchange_code: 'CNY', quote_currency: 'USDT', code_symbol: '¥', rate: '7.1', exchange_value: '7.1' },
    ]);
    const coins = await call('alice', '/api/asset/getCurrencyAccount', { query: { type: '1' } });
    expect(coins.data.find((c: { coin: string }) => c.coin === 'BTC')).toMatchObject({ available: '0.00099800' });
    expect((await call('ops', '/api/admin/ledger/audit', { method: 'GET' })).data).toEqual([]);
  });
});
