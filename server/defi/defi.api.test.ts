import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { DefiChallenge, DefiLink } from '../../isomorphic/contract/defi.ts';
import type { EarnProduct } from '../../isomorphic/contract/earn.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { addressOf, personalSign } from './eth-sign.ts';
import { CHALLENGE_MS } from './defi.service.ts';

/**
 * Linking a wallet for liquidity mining over the API: the issued message signed with a real secp256k1 key as a
 * wallet's personal_sign does, the one-time ETH fee, and every way a link is refused: a signature of another key,
 * a message not issued, used or expired, another user's address, no ETH; mining refused until a wallet is linked.
 */
describe.each(FEATURE_DIALECTS)('DeFi wallet links over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  const users: Record<string, { id: number; token: string }> = {};
  const clock = new ManualClock(Date.UTC(2026, 8, 1));
  const wallet = secp256k1.keygen();
  const address = addressOf(wallet.publicKey);
  const call = <T = any>(user: string, url: string, payload?: object, method?: 'GET') =>
    api<T>(app, url, { token: users[user]!.token, ...(payload ? { payload } : {}), ...(method ? { method } : {}) });
  const ask = async (user: string, a = address) =>
    (await call<DefiChallenge>(user, '/api/apiDefi/challenge', { address: a })).data;
  const eth = (user: string) => app.core.risk.balance(users[user]!.id, ACCOUNT.spot, 'ETH').available;
  const refused = async (code: number, p: Promise<{ code: number }>) => {
    const before = app.core.stateHash();
    expect((await p).code).toBe(code);
    expect(app.core.stateHash()).toBe(before);
  };

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { MARKET_MAKERS: '0' }, clock));
    ops = await operatorToken(app, t.db);
    for (const name of ['dan', 'eve']) users[name] = await signUp(app, `${name}_defi`);
    for (const [who, asset, amount] of [
      ['dan', 'ETH', '1'],
      ['dan', 'USDT', '1000'],
    ]) {
      expect(
        (await api(app, '/api/admin/credit', { token: ops, payload: { username: `${who}_defi`, asset, amount } })).code,
      ).toBe(200);
    }
  });
  afterAll(async () => {
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await t.drop();
  });

  it('refuses mining until a wallet is linked', async () => {
    const mining = (await api<EarnProduct[]>(app, '/api/defi/list')).data;
    expect(mining.map((p) => [p.kind, p.coin])).toEqual([
      ['mining', 'USDT'],
      ['mining', 'ETH'],
    ]);
    await refused(
      ERRORS.defiNotLinked,
      call('dan', '/api/earn/subscribe', { productId: mining[0]!.id, amount: '500' }),
    );
  });

  it('issues a message that says what signing does, and links the address that signs it, charging the fee once', async () => {
    const c = await ask('dan', address.toUpperCase().replace('0X', '0x'));
    expect(c).toMatchObject({
      address,
      fee: { coin: 'ETH', amount: '0.00500000' },
      expiresAt: clock.now() + CHALLENGE_MS,
    });
    expect(c.message).toContain(`Address: ${address}`);
    expect(c.message).toContain('nothing is sent on chain');
    const other = secp256k1.keygen();
    await refused(
      ERRORS.defiBadSignature,
      call('dan', '/api/apiDefi/sendApproveHash', {
        address,
        message: c.message,
        signature: personalSign(c.message, other.secretKey),
      }),
    );
    await refused(
      ERRORS.defiBadSignature,
      call('dan', '/api/apiDefi/sendApproveHash', {
        address,
        message: `${c.message} `,
        signature: personalSign(c.message, wallet.secretKey),
      }),
    );
    // A message the server did not issue, even signed by the right key.
    await refused(
      ERRORS.defiChallengeUnknown,
      call('dan', '/api/apiDefi/sendApproveHash', {
        address,
        message: 'link me',
        signature: personalSign('link me', wallet.secretKey),
      }),
    );
    // Another user cannot use Dan's message.
    await refused(
      ERRORS.defiChallengeUnknown,
      call('eve', '/api/apiDefi/sendApproveHash', {
        address,
        message: c.message,
        signature: personalSign(c.message, wallet.secretKey),
      }),
    );
    for (const bad of [{ address: '0x12' }, { signature: '0x00' }, { message: 5 }])
      await refused(
        400,
        call('dan', '/api/apiDefi/sendApproveHash', { address, message: c.message, signature: '0x', ...bad }),
      );
    const before = eth('dan');
    const linked = await call<DefiLink>('dan', '/api/apiDefi/sendApproveHash', {
      address,
      message: c.message,
      signature: personalSign(c.message, wallet.secretKey),
    });
    expect(linked.data).toEqual({ address, linkedAt: clock.now(), fee: { coin: 'ETH', amount: '0.00500000' } });
    expect(before - eth('dan')).toBe(500_000n);
    // The same message again is used up; the address belongs to Dan now.
    await refused(
      ERRORS.defiChallengeUnknown,
      call('dan', '/api/apiDefi/sendApproveHash', {
        address,
        message: c.message,
        signature: personalSign(c.message, wallet.secretKey),
      }),
    );
    expect((await call('eve', '/api/apiDefi/challenge', { address })).code).toBe(ERRORS.defiAddressTaken);
    expect((await call<DefiLink[]>('dan', '/api/apiDefi/links', undefined, 'GET')).data).toEqual([linked.data]);
    const bills = await api(app, '/api/asset/getMyBill', {
      token: users.dan!.token,
      query: { type: String(ACCOUNT.spot) },
    });
    expect(bills.data.records).toContainEqual(
      expect.objectContaining({ billType: 'defi_link_fee', coin: 'ETH', available: '-0.00500000' }),
    );
  });

  it('refuses an expired message, and a link without the ETH for the fee, leaving the message usable', async () => {
    const second = secp256k1.keygen();
    const a2 = addressOf(second.publicKey);
    const late = await ask('dan', a2);
    await clock.jump(CHALLENGE_MS + 1);
    await refused(
      ERRORS.defiChallengeUnknown,
      call('dan', '/api/apiDefi/sendApproveHash', {
        address: a2,
        message: late.message,
        signature: personalSign(late.message, second.secretKey),
      }),
    );
    const c = await ask('eve', a2);
    const body = { address: a2, message: c.message, signature: personalSign(c.message, second.secretKey) };
    await refused(ERRORS.insufficientBalance, call('eve', '/api/apiDefi/sendApproveHash', body));
    expect((await call<DefiLink[]>('eve', '/api/apiDefi/links', undefined, 'GET')).data).toEqual([]);
    expect(
      (
        await api(app, '/api/admin/credit', {
          token: ops,
          payload: { username: 'eve_defi', asset: 'ETH', amount: '0.005' },
        })
      ).code,
    ).toBe(200);
    expect((await call('eve', '/api/apiDefi/sendApproveHash', body)).code).toBe(200);
  });

  it('mines with a linked wallet: the platform balance is staked at the posted rate', async () => {
    const mining = (await api<EarnProduct[]>(app, '/api/defi/list')).data[0]!;
    const order = await call('dan', '/api/earn/subscribe', { productId: mining.id, amount: '500' });
    expect(order.data).toMatchObject({
      kind: 'mining',
      amount: '500.00000000',
      state: 'inProgress',
      expectedRevenue: '18.00000000',
    });
  });
});
