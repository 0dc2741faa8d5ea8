import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type {
  LoanApplication,
  LoanPool,
  LoanProduct,
  LoanRecord,
  RepayTypeItem,
} from '../../isomorphic/contract/loan.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { verifyAdvanced } from '../../tests/support/identity.ts';
import { ManualClock } from '../clock/clock.ts';
import { DAY_MS } from '../../isomorphic/earn/interest.ts';
import { othersOf } from '../../isomorphic/contract/local-names.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { multipart, PNG } from '../../tests/support/wallet-fixtures.ts';
import type { LoanBook } from './loan-book.ts';

const T0 = Date.UTC(2026, 4, 4, 8);
/** The operator form's body of a product as it stands: English in name and institution. */
const editable = (p: LoanProduct) => ({
  id: p.id,
  name: p.names.en,
  coin: p.coin,
  dailyRate: p.dailyRate,
  overdueRate: p.overdueRate,
  cycles: p.cycles,
  minAmount: p.minAmount,
  maxAmount: p.maxAmount,
  institution: p.institutions.en,
  open: p.open,
});

/**
 * Power loans over the API on a whole app whose clock the test drives: an application with ID photos, the
 * operator's review paying it out of the pool, interest for every started day, early repayment, an overdue loan
 * with its penalty, refusals of every kind, and the operators' products and pool.
 */
describe.each(FEATURE_DIALECTS)('power loans over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  let product: LoanProduct;
  const users: Record<string, { id: number; token: string }> = {};
  const clock = new ManualClock(T0);
  const call = <T = any>(user: string, url: string, payload?: object, method?: 'GET', query?: Record<string, string>) =>
    api<T>(app, url, {
      token: user === 'ops' ? ops : users[user]?.token,
      ...(payload ? { payload } : {}),
      ...(method ? { method } : {}),
      ...(query ? { query } : {}),
    });
  const photo = async (user: string) =>
    (await api(app, '/api/common/upload/OSS', { token: users[user]!.token, ...multipart(PNG) })).data.id as string;
  const photos = async (user: string) => ({
    front: await photo(user),
    back: await photo(user),
    selfie: await photo(user),
  });
  const spot = (user: string) => app.core.risk.available(users[user]!.id, ACCOUNT.spot, 'USDT');
  const refused = async (code: number, p: Promise<{ code: number }>) => {
    const before = app.core.stateHash();
    expect((await p).code).toBe(code);
    expect(app.core.stateHash()).toBe(before);
  };
  const review = (id: number, approve: boolean, reason?: string) =>
    call<LoanApplication>('ops', '/api/admin/loan/review', { id, approve, ...(reason ? { reason } : {}) });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { MARKET_MAKERS: '0', DATA_DIR: `/tmp/lumex-loan-test-${process.pid}` }, clock));
    ops = await operatorToken(app, t.db);
    for (const name of ['ann', 'ben']) users[name] = await signUp(app, `${name}_loan`);
    // Enough for interest: a loan is repaid from the spot account, principal and interest together.
    expect((await call('ops', '/api/admin/credit', { username: 'ann_loan', asset: 'USDT', amount: '100' })).code).toBe(
      200,
    );
  });
  afterAll(async () => {
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('lists the seeded product and the repayment types in the caller’s language', async () => {
    const list = (await api<LoanProduct[]>(app, '/api/loan/list')).data;
    expect(list).toEqual([
      expect.objectContaining({
        name: 'Power loan · USDT',
        coin: 'USDT',
        dailyRate: '0.00100000',
        overdueRate: '0.00500000',
        cycles: [7, 15, 30],
        institution: 'Lumex lending desk',
        repayTypes: [1],
      }),
    ]);
    product = list[0]!;
    // The seed ships every language; a language the operator leaves empty reads in English.
    expect((await api<LoanProduct[]>(app, '/api/loan/list', { lang: 'zh-CN' })).data[0]).toMatchObject({
      name: '助力贷 · USDT',
      institution: 'Lumex 放贷部',
    });
    const renamed = await call<LoanProduct>('ops', '/api/admin/loan/product', {
      ...editable(product),
      names: { ja: 'パワーローン（テスト）' },
      institutions: { 'zh-CN': '放贷部' },
    });
    expect(renamed.data).toMatchObject({ names: { en: 'Power loan · USDT', ja: 'パワーローン（テスト）' } });
    expect(renamed.data.names['zh-CN']).toBeUndefined();
    expect((await api<LoanProduct[]>(app, '/api/loan/list', { lang: 'zh-CN' })).data[0]).toMatchObject({
      name: 'Power loan · USDT',
      institution: '放贷部',
    });
    const tooLong = await api(app, '/api/admin/loan/product', {
      token: ops,
      lang: 'ko',
      payload: { ...editable(product), institution: 'x'.repeat(81) },
    });
    expect([tooLong.status, tooLong.msg]).toEqual([400, '상품 이름은 최대 80자입니다']);
    // Back to the seed's names for the tests below.
    await call('ops', '/api/admin/loan/product', {
      ...editable(product),
      names: othersOf(product.names),
      institutions: othersOf(product.institutions),
    });
    expect((await api<LoanProduct[]>(app, '/api/loan/list', { lang: 'zh-CN' })).data[0]!.name).toBe('助力贷 · USDT');
    expect((await api<RepayTypeItem[]>(app, '/api/common/type/t_repay_type')).data).toEqual([
      { value: 1, label: 'Principal and interest together, at the due date or before' },
    ]);
  });

  it('takes an application with the applicant’s own ID photos, once at a time, and refuses bad ones', async () => {
    const body = { productId: product.id, amount: '1000', cycleDays: 7, repayType: 1 };
    await refused(ERRORS.kycRequired, call('ann', '/api/loan/apply', { ...body, ...(await photos('ann')) }));
    await verifyAdvanced(app, ops, users.ann!.token, 'Ann Weber', 'P1111111');
    await verifyAdvanced(app, ops, users.ben!.token, 'Ben Stone', 'P2222222');
    const mine = await photos('ann');
    await refused(ERRORS.loanOutsideLimits, call('ann', '/api/loan/apply', { ...body, ...mine, amount: '99' }));
    await refused(ERRORS.loanCycleUnknown, call('ann', '/api/loan/apply', { ...body, ...mine, cycleDays: 8 }));
    await refused(ERRORS.loanProductUnknown, call('ann', '/api/loan/apply', { ...body, ...mine, productId: 999 }));
    await refused(ERRORS.loanPhotosInvalid, call('ann', '/api/loan/apply', { ...body, ...mine, back: mine.front }));
    await refused(
      ERRORS.loanPhotosInvalid,
      call('ann', '/api/loan/apply', { ...body, ...mine, selfie: await photo('ben') }),
    );
    for (const bad of [{ repayType: 2 }, { cycleDays: '7' }, { amount: 1000 }, { front: '../x.png' }])
      await refused(400, call('ann', '/api/loan/apply', { ...body, ...mine, ...bad }));
    const applied = await call<LoanRecord>('ann', '/api/loan/apply', { ...body, ...mine });
    expect(applied.data).toMatchObject({
      state: 'pending',
      amount: '1000.00000000',
      cycleDays: 7,
      dailyRate: '0.00100000',
      startAt: null,
      totalDue: '0.00000000',
    });
    expect((await call('ann', '/api/loan/apply', { ...body, ...(await photos('ann')) })).code).toBe(ERRORS.loanPending);
    const queue = await call<Page<LoanApplication>>('ops', '/api/admin/loan/applications', undefined, 'GET');
    expect(queue.data.records).toEqual([
      expect.objectContaining({ id: applied.data.id, userId: users.ann!.id, kycLevel: 2, front: mine.front }),
    ]);
    expect((await call('ann', '/api/admin/loan/applications', undefined, 'GET')).status).toBe(403);
  });

  it('pays an approved loan out of the pool; repaying early charges every started day', async () => {
    const id = (await call<Page<LoanRecord>>('ann', '/api/loan/order')).data.records[0]!.id;
    expect((await call('ann', '/api/admin/loan/review', { id, approve: true })).status).toBe(403);
    const before = spot('ann');
    const [a, b] = await Promise.all([review(id, true), review(id, true)]);
    expect([a.code, b.code].sort()).toEqual([200, ERRORS.loanReviewed].sort());
    expect(spot('ann') - before).toBe(1000_00000000n);
    const paid = (await call<LoanRecord>('ann', '/api/loan/detail', undefined, 'GET', { id: String(id) })).data;
    expect(paid).toMatchObject({
      state: 'passed',
      startAt: T0,
      dueAt: T0 + 7 * DAY_MS,
      interest: '1.00000000',
      totalDue: '1001.00000000',
    });
    // Three and a half days in: four started days of 1 USDT.
    await clock.jump(3.5 * DAY_MS);
    expect(
      (await call<LoanRecord>('ann', '/api/loan/detail', undefined, 'GET', { id: String(id) })).data,
    ).toMatchObject({ interest: '4.00000000', penalty: '0.00000000', totalDue: '1004.00000000' });
    await refused(ERRORS.loanUnknown, call('ben', '/api/loan/repay', { id }));
    const repaid = await call<LoanRecord>('ann', '/api/loan/repay', { id });
    expect(repaid.data).toMatchObject({
      state: 'settled',
      interest: '4.00000000',
      totalDue: '1004.00000000',
      repaidAt: clock.now(),
    });
    expect(spot('ann') - before).toBe(-4_00000000n);
    await refused(ERRORS.loanUnknown, call('ann', '/api/loan/repay', { id }));
    const pools = (await call<{ pools: LoanPool[] }>('ops', '/api/admin/loan/products', undefined, 'GET')).data.pools;
    expect(pools).toEqual([{ coin: 'USDT', balance: '1000004.00000000', lent: '0.00000000', owed: '0.00000000' }]);
  });

  it('marks a loan overdue past its due date and charges the penalty for every started day past it', async () => {
    const applied = await call<LoanRecord>('ben', '/api/loan/apply', {
      productId: product.id,
      amount: '2000',
      cycleDays: 7,
      repayType: 1,
      ...(await photos('ben')),
    });
    await refused(ERRORS.reasonRequired, review(applied.data.id, false));
    expect((await review(applied.data.id, true)).data).toMatchObject({ state: 'passed' });
    const admin = (await call<{ pools: LoanPool[] }>('ops', '/api/admin/loan/products', undefined, 'GET')).data
      .pools[0]!;
    expect(admin).toMatchObject({ lent: '2000.00000000', owed: '2.00000000' });
    // Ben moves what he borrowed to his contract account, so repaying needs new funds in spot.
    expect(
      (
        await call('ben', '/api/asset/transferFunds', {
          coin: 'USDT',
          from: ACCOUNT.spot,
          to: ACCOUNT.contract,
          amount: '2000',
        })
      ).code,
    ).toBe(200);
    await clock.jump(7 * DAY_MS + 2 * 3_600_000);
    await clock.advance(60_000);
    await app.core.settled();
    const late = (await call<LoanRecord>('ben', '/api/loan/detail', undefined, 'GET', { id: String(applied.data.id) }))
      .data;
    // 7 days of 2 USDT interest, and one started day past the due date at 0.5%: 10 USDT.
    expect(late).toMatchObject({
      state: 'overdue',
      interest: '14.00000000',
      penalty: '10.00000000',
      totalDue: '2024.00000000',
    });
    await refused(ERRORS.insufficientBalance, call('ben', '/api/loan/repay', { id: applied.data.id }));
    expect((await call('ops', '/api/admin/credit', { username: 'ben_loan', asset: 'USDT', amount: '2100' })).code).toBe(
      200,
    );
    expect((await call<LoanRecord>('ben', '/api/loan/repay', { id: applied.data.id })).data).toMatchObject({
      state: 'settled',
      penalty: '10.00000000',
      totalDue: '2024.00000000',
    });
    const bills = await call('ben', '/api/asset/getMyBill', undefined, undefined, { type: String(ACCOUNT.spot) });
    expect(bills.data.records.map((r: { billType: string }) => r.billType)).toEqual(
      expect.arrayContaining(['loan_payout', 'loan_repay']),
    );
  });

  it('refuses an application with a reason, and keeps a pending one when the pool cannot pay it', async () => {
    const body = { productId: product.id, amount: '500', cycleDays: 15, repayType: 1 };
    const refusedApp = (await call<LoanRecord>('ann', '/api/loan/apply', { ...body, ...(await photos('ann')) })).data;
    expect((await review(refusedApp.id, false, 'The selfie does not show the document')).data).toMatchObject({
      state: 'failed',
      reason: 'The selfie does not show the document',
    });
    expect(
      (await call<LoanRecord>('ann', '/api/loan/detail', undefined, 'GET', { id: String(refusedApp.id) })).data.state,
    ).toBe('failed');
    const made = await call<LoanProduct>('ops', '/api/admin/loan/product', {
      name: 'BNB loan',
      coin: 'BNB',
      dailyRate: '0.002',
      overdueRate: '0.01',
      cycles: [30, 7, 7],
      minAmount: '1',
      maxAmount: '100',
      institution: 'Desk',
      open: true,
    });
    expect(made.data).toMatchObject({ cycles: [7, 30], coin: 'BNB' });
    const bnb = (
      await call<LoanRecord>('ann', '/api/loan/apply', {
        productId: made.data.id,
        amount: '10',
        cycleDays: 30,
        repayType: 1,
        ...(await photos('ann')),
      })
    ).data;
    expect((await review(bnb.id, true)).code).toBe(ERRORS.loanPoolShort);
    expect(
      (await call<LoanRecord>('ann', '/api/loan/detail', undefined, 'GET', { id: String(bnb.id) })).data.state,
    ).toBe('pending');
    expect((await call<LoanPool>('ops', '/api/admin/loan/fundPool', { coin: 'BNB', amount: '50' })).data).toMatchObject(
      { coin: 'BNB', balance: '50.00000000' },
    );
    expect((await review(bnb.id, true)).data).toMatchObject({ state: 'passed' });
    const audit = await call('ops', '/api/admin/audit', undefined, 'GET');
    expect(audit.data.records.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['loan.approve', 'loan.reject', 'loan.product.create', 'loan.pool.fund']),
    );
  });

  it('rebuilds the same loans from the tables as the running core holds', async () => {
    await app.core.settled();
    const book = app.core.part<LoanBook>('loan');
    const fresh = new (book.constructor as new () => LoanBook)();
    await fresh.load(t.db);
    expect(JSON.stringify(fresh.snapshot())).toBe(JSON.stringify(book.snapshot()));
  });
});
