import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { signInOperator, signUp } from '../../tests/support/accounts.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { multipart, PNG } from '../../tests/support/wallet-fixtures.ts';

const PRIMARY = '/api/app/coin/member/verified';
const ADVANCED = '/api/user/uploadKYC';
const STATE = '/api/app/coin/member/getMemberOtherData/kyc';
const BANK_SAVE = '/api/userBank/save';
const BANK_GET = '/api/userBank/getbank';
const PAYMENT = '/api/app/coin/member/payment';
const PAYMENTS = '/api/app/coin/member/getPayment';
const PAYMENT_DEL = '/api/app/coin/member/payment/del';
const QUEUE = '/api/admin/kyc/requests';
const REVIEW = '/api/admin/kyc/review';

/** Card numbers that pass Luhn (test numbers of the card schemes) and an IBAN that passes mod-97. */
const CARD = '6200 0000 0000 0005';
const IBAN = 'DE89 3704 0044 0532 0130 00';
/** Values a schema must not be confused by. */
const CONFUSING: unknown[] = [null, true, 12, [], {}, ['a'], '', ' ', 'x'.repeat(5000)];

describe.each(FEATURE_DIALECTS)('identity verification, bank card and payment methods on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], ...opts });
  const get = (who: string, url: string) => call(who, url, { method: 'GET' });
  const upload = async (who: string, content = PNG) =>
    (await call(who, '/api/common/upload/OSS', multipart(content))).data.id as string;
  const primary = (who: string, body: object) => call(who, PRIMARY, { payload: body });
  const decide = (id: number, approve: boolean, reason?: string) =>
    call('ops', REVIEW, { payload: { id, approve, reason } });
  const rows = async (table: string) =>
    Number((await t.db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
  const person = (realName: string, idNumber: string) => ({ realName, country: 'DE', idType: 'passport', idNumber });

  /** Primary verification submitted and approved: the user is level 1. */
  async function verify(who: string, realName: string, idNumber: string) {
    const sent = await primary(who, person(realName, idNumber));
    expect(sent.code).toBe(200);
    expect((await decide(sent.data.id, true)).code).toBe(200);
  }

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { DATA_DIR: `/tmp/lumex-identity-test-${process.pid}` }));
    tokens.ops = await signInOperator(app, t.db);
    for (const who of ['alice', 'bob', 'carol', 'dave']) tokens[who] = (await signUp(app, `${who}_kyc`)).token;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('takes a primary submission for review, once, and shows the ID number masked to its owner', async () => {
    expect((await get('alice', STATE)).data).toMatchObject({
      level: 0,
      primary: null,
      advanced: null,
      bankBound: false,
      withdrawLimit: { limits: ['2000', '50000', '2000000'], used: '0', remaining: '2000' },
    });
    const sent = await primary('alice', {
      realName: 'Alice  Martin',
      country: 'CN',
      idType: 'idCard',
      idNumber: '110105 19491231 002x',
    });
    expect(sent.data).toMatchObject({
      level: 1,
      status: 'review',
      realName: 'Alice Martin',
      country: 'CN',
      idType: 'idCard',
      idNumber: '11**************2X',
      front: null,
    });
    expect((await primary('alice', person('Alice Martin', 'C01X00T47'))).code).toBe(ERRORS.kycPending);
    expect(
      (
        await call('alice', ADVANCED, {
          payload: { front: await upload('alice'), back: await upload('alice'), selfie: await upload('alice') },
        })
      ).code,
    ).toBe(ERRORS.kycPrimaryFirst);
    const state = await get('alice', STATE);
    expect(state.data).toMatchObject({ level: 0, primary: { status: 'review', idNumber: '11**************2X' } });
    // Operators see the whole number.
    const queue = await call('ops', `${QUEUE}?status=review`, { method: 'GET' });
    expect(queue.data.records).toContainEqual(
      expect.objectContaining({ id: sent.data.id, idNumber: '11010519491231002X', username: 'alice_kyc' }),
    );
  });

  it('refuses bad input with a translated message and stores nothing', async () => {
    const before = await rows('kyc_requests');
    const bad: Array<[object, number, RegExp?]> = [
      [{ ...person('Bob Stone', 'C01X00T47'), idType: 'visa' }, 400, /ID card or a passport/],
      [{ ...person('Bob Stone', 'C01X00T47'), country: 'XX' }, 400, /country/],
      [person('B0b St0ne', 'C01X00T47'), 400, /name as written/],
      [person('Bob Stone', 'C01'), ERRORS.idNumberInvalid],
      [
        { realName: 'Bob Stone', country: 'CN', idType: 'idCard', idNumber: '110105194912310021' },
        ERRORS.idNumberInvalid,
      ],
    ];
    for (const [body, code, msg] of bad) {
      const r = await primary('bob', body);
      expect(r.code, JSON.stringify(body)).toBe(code);
      if (msg) expect(r.msg).toMatch(msg);
    }
    for (const field of ['realName', 'country', 'idType', 'idNumber']) {
      for (const value of CONFUSING)
        expect(
          (await primary('bob', { ...person('Bob Stone', 'C01X00T47'), [field]: value })).code,
          `${field}=${JSON.stringify(value)}`,
        ).toBe(400);
    }
    expect((await api(app, PRIMARY, { payload: person('Bob Stone', 'C01X00T47') })).status).toBe(401);
    const de = await api(app, PRIMARY, { token: tokens.bob, lang: 'de', payload: person('Bob Stone', 'C01') });
    expect(de.msg).not.toBe((await primary('bob', person('Bob Stone', 'C01'))).msg);
    expect(await rows('kyc_requests')).toBe(before);
  });

  it('lets one of several racing submissions through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => primary('carol', person('Carol Ng', 'K1234567'))),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ERRORS.kycPending)).toHaveLength(4);
  });

  it('is reviewed by operators only, once, with a reason to reject, and in the audit log', async () => {
    const mine = (await get('alice', STATE)).data.primary.id as number;
    expect((await call('alice', REVIEW, { payload: { id: mine, approve: true } })).status).toBe(403);
    expect((await call('alice', QUEUE, { method: 'GET' })).status).toBe(403);
    expect((await decide(mine, false)).code).toBe(ERRORS.reasonRequired);
    expect((await decide(999_999, true)).code).toBe(ERRORS.recordNotFound);
    for (const id of [true, '1', [1], null, 1.5])
      expect((await call('ops', REVIEW, { payload: { id, approve: true } })).code).toBe(400);
    const [a, b] = await Promise.all([decide(mine, true), decide(mine, true)]);
    expect([a.code, b.code].sort((x, y) => x - y)).toEqual([200, ERRORS.alreadyReviewed]);
    expect((await get('alice', STATE)).data).toMatchObject({
      level: 1,
      primary: { status: 'passed' },
      withdrawLimit: { remaining: '50000' },
    });
    const audit = await call('ops', '/api/admin/audit', { method: 'GET' });
    expect(audit.data.records).toContainEqual(
      expect.objectContaining({ action: 'kyc.primary.approve', targetType: 'kyc', targetId: String(mine) }),
    );
  });

  it('refuses a document already verified on another account', async () => {
    await verify('dave', 'Dave Roe', 'P7654321');
    expect((await primary('bob', person('Bob Stone', 'P7654321'))).code).toBe(ERRORS.idNumberTaken);
  });

  it('takes advanced verification with three distinct photos of the user’s own, then reviews it', async () => {
    const [front, back, selfie] = [await upload('alice'), await upload('alice'), await upload('alice')];
    const bobs = await upload('bob');
    expect((await call('alice', ADVANCED, { payload: { front, back: front, selfie } })).code).toBe(
      ERRORS.kycPhotoInvalid,
    );
    expect((await call('alice', ADVANCED, { payload: { front, back, selfie: bobs } })).code).toBe(
      ERRORS.kycPhotoInvalid,
    );
    expect((await call('alice', ADVANCED, { payload: { front, back, selfie: '../../etc/passwd' } })).code).toBe(400);
    // Photos go through the image upload, which refuses what is not an image or is too large.
    expect(
      (await call('alice', '/api/common/upload/OSS', multipart(Buffer.from('%PDF-1.4 not an image'), 'id.png'))).code,
    ).toBe(ERRORS.uploadNotImage);
    expect(
      (await call('alice', '/api/common/upload/OSS', multipart(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))))
        .code,
    ).toBe(ERRORS.uploadTooLarge);
    const sent = await call('alice', ADVANCED, { payload: { front, back, selfie } });
    expect(sent.data).toMatchObject({ level: 2, status: 'review', realName: 'Alice Martin', front: null });
    const seen = (await call('ops', QUEUE, { method: 'GET' })).data.records.find(
      (r: { id: number }) => r.id === sent.data.id,
    );
    expect(seen).toMatchObject({ front, back, selfie });
    // The operator can open the photos; another user cannot.
    expect(
      (await app.inject({ url: `/api/common/upload/file/${front}`, headers: { authorization: tokens.ops } })).headers[
        'content-type'
      ],
    ).toBe('image/png');
    expect((await get('bob', `/api/common/upload/file/${front}`)).code).toBe(ERRORS.recordNotFound);
    expect((await decide(sent.data.id, false, 'The handheld photo is blurred')).code).toBe(200);
    expect((await get('alice', STATE)).data).toMatchObject({
      level: 1,
      advanced: { status: 'failed', reason: 'The handheld photo is blurred' },
    });
    const again = await call('alice', ADVANCED, { payload: { front, back, selfie: await upload('alice') } });
    expect((await decide(again.data.id, true)).code).toBe(200);
    expect((await get('alice', STATE)).data).toMatchObject({
      level: 2,
      advanced: { status: 'passed' },
      withdrawLimit: { remaining: '2000000' },
    });
    expect((await call('alice', ADVANCED, { payload: { front, back, selfie } })).code).toBe(ERRORS.kycLevelReached);
  });

  it('binds one bank card, in the verified name, checked and masked, for good', async () => {
    const card = {
      holder: 'alice martin',
      number: CARD,
      bank: 'Bank of Test',
      swift: 'deutdeff',
      branch: 'Main',
      phone: '+8613812345678',
    };
    expect((await call('bob', BANK_SAVE, { payload: { ...card, holder: 'Bob Stone' } })).code).toBe(ERRORS.kycRequired);
    expect((await call('alice', BANK_SAVE, { payload: { ...card, holder: 'Mallory Martin' } })).code).toBe(
      ERRORS.holderMismatch,
    );
    expect((await call('alice', BANK_SAVE, { payload: { ...card, number: '6200 0000 0000 0006' } })).code).toBe(
      ERRORS.bankNumberInvalid,
    );
    expect((await call('alice', BANK_SAVE, { payload: { ...card, number: 'DE89 3704 0044 0532 0130 01' } })).code).toBe(
      ERRORS.bankNumberInvalid,
    );
    expect((await call('alice', BANK_SAVE, { payload: { ...card, swift: 'DEUT' } })).code).toBe(ERRORS.swiftInvalid);
    for (const field of ['holder', 'number', 'bank'])
      for (const value of CONFUSING)
        expect(
          (await call('alice', BANK_SAVE, { payload: { ...card, [field]: value } })).code,
          `${field}=${JSON.stringify(value)}`,
        ).toBe(400);
    expect(await call('alice', BANK_GET)).toMatchObject({ code: 200, data: null });
    const answers = await Promise.all([
      call('alice', BANK_SAVE, { payload: card }),
      call('alice', BANK_SAVE, { payload: { ...card, number: IBAN } }),
    ]);
    expect(answers.map((a) => a.code).sort((x, y) => x - y)).toEqual([200, ERRORS.bankCardBound]);
    const bound = await call('alice', BANK_GET);
    expect(bound.data).toMatchObject({
      holder: 'alice martin',
      bank: 'Bank of Test',
      swift: 'DEUTDEFF',
      branch: 'Main',
      bankAddress: null,
      phone: '+86****5678',
    });
    expect(bound.data.number).toMatch(/^\w{4} \*\*\*\* \*\*\*\* \w{4}$/);
    expect(JSON.stringify(bound.data)).not.toMatch(/6200000000000005|DE89370400440532013000/);
    expect((await call('alice', BANK_SAVE, { payload: { ...card, number: IBAN } })).code).toBe(ERRORS.bankCardBound);
    expect((await call('alice', BANK_GET)).data).toEqual(bound.data);
    expect((await get('alice', STATE)).data.bankBound).toBe(true);
    // Nobody else sees it.
    expect((await call('dave', BANK_GET)).data).toBeNull();
    expect((await call('alice', BANK_GET, { token: undefined })).status).toBe(401);
  });

  it('keeps payment methods per user, in the verified name, each kind and account once', async () => {
    expect(
      (await call('bob', PAYMENT, { payload: { kind: 'alipay', name: 'Bob Stone', account: 'bob@example.com' } })).code,
    ).toBe(ERRORS.kycRequired);
    const bank = await call('alice', PAYMENT, {
      payload: { kind: 'bank', name: 'Alice Martin', account: IBAN, bank: 'Test Bank' },
    });
    expect(bank.data).toMatchObject({ kind: 'bank', account: 'DE89 **** **** 3000', bank: 'Test Bank', branch: null });
    const qr = await upload('alice');
    const [first, second] = await Promise.all([
      call('alice', PAYMENT, {
        payload: { kind: 'alipay', name: 'Alice Martin', account: 'alice@example.com', qrCode: qr },
      }),
      call('alice', PAYMENT, {
        payload: { kind: 'alipay', name: 'Alice Martin', account: 'alice@example.com', qrCode: qr },
      }),
    ]);
    expect(first.data.id).toBe(second.data.id);
    expect(
      (
        await call('alice', PAYMENT, {
          payload: { kind: 'wechat', name: 'Alice Martin', account: 'alice_wx', qrCode: await upload('bob') },
        })
      ).code,
    ).toBe(ERRORS.kycPhotoInvalid);
    expect(
      (await call('alice', PAYMENT, { payload: { kind: 'bank', name: 'Alice Martin', account: '123', bank: 'B' } }))
        .code,
    ).toBe(ERRORS.bankNumberInvalid);
    expect(
      (await call('alice', PAYMENT, { payload: { kind: 'paypal', name: 'Alice Martin', account: 'a@b.c' } })).code,
    ).toBe(400);
    expect(
      (await call('alice', PAYMENT, { payload: { kind: 'alipay', name: 'Eve', account: 'alice@example.com' } })).code,
    ).toBe(ERRORS.holderMismatch);
    // Another user's method can be neither changed nor removed.
    const daves = await call('dave', PAYMENT, { payload: { kind: 'wechat', name: 'Dave Roe', account: 'dave_wx' } });
    expect(
      (
        await call('alice', PAYMENT, {
          payload: { id: daves.data.id, kind: 'wechat', name: 'Alice Martin', account: 'alice_wx' },
        })
      ).code,
    ).toBe(ERRORS.paymentNotFound);
    expect((await call('alice', `${PAYMENT_DEL}?id=${daves.data.id}`)).code).toBe(ERRORS.paymentNotFound);
    expect((await get('dave', PAYMENTS)).data.map((p: { id: number }) => p.id)).toEqual([daves.data.id]);
    // Changing one into a copy of another is refused; its own changes are kept.
    expect(
      (
        await call('alice', PAYMENT, {
          payload: { id: first.data.id, kind: 'bank', name: 'Alice Martin', account: IBAN, bank: 'X' },
        })
      ).code,
    ).toBe(ERRORS.paymentDuplicate);
    const changed = await call('alice', PAYMENT, {
      payload: { id: first.data.id, kind: 'alipay', name: 'Alice Martin', account: '13812345678' },
    });
    expect(changed.data).toMatchObject({ id: first.data.id, account: '13812345678', qrCode: null });
    for (let i = 0; i < 8; i++)
      expect(
        (await call('alice', PAYMENT, { payload: { kind: 'wechat', name: 'Alice Martin', account: `alice_wx${i}` } }))
          .code,
      ).toBe(200);
    expect(
      (await call('alice', PAYMENT, { payload: { kind: 'wechat', name: 'Alice Martin', account: 'one_too_many' } }))
        .code,
    ).toBe(ERRORS.paymentLimit);
    expect((await call('alice', `${PAYMENT_DEL}?id=${bank.data.id}`)).code).toBe(200);
    expect((await call('alice', `${PAYMENT_DEL}?id=${bank.data.id}`)).code).toBe(ERRORS.paymentNotFound);
    for (const id of ['abc', '-1', '1e3', '01'])
      expect((await call('alice', `${PAYMENT_DEL}?id=${id}`)).code).toBe(400);
    expect((await get('alice', PAYMENTS)).data).toHaveLength(9);
  });
});
