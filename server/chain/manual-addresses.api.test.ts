import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { api, signUp, testApp } from '../../tests/support/app.ts';
import { signInOperator } from '../../tests/support/accounts.ts';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { PNG, multipart } from '../../tests/support/wallet-fixtures.ts';

const URL = '/api/admin/wallet/deposit-addresses';
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const DOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5';

describe.each(DIALECTS)("operators' manual deposit addresses on %s", (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  let user: { id: number; token: string };
  const set = (payload: object, token = ops) => api(app, URL, { token, payload });
  const shown = (coin: string, network: string) =>
    api(app, `/api/asset/getDepositAddress/${coin}`, { method: 'GET', token: user.token, query: { network } });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { DEMO_CHAIN: '0', DATA_DIR: `/tmp/lumex-manual-addr-${process.pid}` }));
    ops = await signInOperator(app, t.db);
    user = await signUp(app, 'dana_manual');
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('shows a network off until an operator enters its address, then that address to every user', async () => {
    expect((await shown('XRP', 'XRP')).data).toMatchObject({ mode: 'off', address: null });
    const r = await set({ coin: 'xrp', network: 'XRP', address: ` ${XRP} ` });
    expect(r.code).toBe(200);
    expect(r.data).toEqual([{ coin: 'XRP', network: 'XRP', address: XRP, updatedAt: expect.any(Number) }]);
    expect((await api(app, URL, { method: 'GET', token: ops })).data).toEqual(r.data);
    expect((await shown('XRP', 'XRP')).data).toEqual({
      coin: 'XRP',
      network: 'XRP',
      mode: 'manual',
      address: XRP,
      chain: null,
      minDeposit: null,
    });
    // The manual flow takes the screenshot now, and records the address shown.
    const up = await api(app, '/api/common/upload/OSS', { token: user.token, ...multipart(PNG) });
    const rec = await api(app, '/api/recharge/submit', {
      token: user.token,
      payload: { coin: 'XRP', network: 'XRP', amount: '30', screenshot: up.data.id },
    });
    expect(rec.data).toMatchObject({ status: 'review', address: XRP });
  });

  it("refuses an address that fails the network's checksum, naming the network", async () => {
    const typo = `${DOT.slice(0, -2)}5p`;
    const r = await set({ coin: 'DOT', network: 'DOT', address: typo });
    expect(r).toMatchObject({ status: 400, code: ERRORS.addressInvalid, msg: 'This is not a valid DOT address' });
    // An address of another network is no better.
    expect((await set({ coin: 'DOT', network: 'DOT', address: XRP })).code).toBe(ERRORS.addressInvalid);
    expect((await shown('DOT', 'DOT')).data).toMatchObject({ mode: 'off', address: null });
  });

  it('refuses a coin or network the wallet does not have', async () => {
    expect(
      (await set({ coin: 'USDT', network: 'SOL', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' })).code,
    ).toBe(ERRORS.unknownNetwork);
    expect((await set({ coin: 'NOPE', network: 'XRP', address: XRP })).code).toBe(ERRORS.unknownNetwork);
    expect((await api(app, URL, { method: 'GET', token: ops })).data).toHaveLength(1);
  });

  it('removes an address when it is set empty, turning the network off again', async () => {
    expect((await set({ coin: 'XRP', network: 'XRP', address: '' })).data).toEqual([]);
    expect((await shown('XRP', 'XRP')).data).toMatchObject({ mode: 'off', address: null });
    const up = await api(app, '/api/common/upload/OSS', { token: user.token, ...multipart(PNG) });
    const rec = await api(app, '/api/recharge/submit', {
      token: user.token,
      payload: { coin: 'XRP', network: 'XRP', amount: '30', screenshot: up.data.id },
    });
    expect(rec.code).toBe(ERRORS.depositNotEnabled);
  });

  it('writes each change to the audit log with the address before it', async () => {
    const log = (await api(app, '/api/admin/audit', { method: 'GET', token: ops })).data.records;
    const mine = log.filter((e: { targetType: string }) => e.targetType === 'wallet_network');
    expect(mine.map((e: { action: string; targetId: string }) => [e.action, e.targetId])).toEqual([
      ['deposit-address.remove', 'XRP/XRP'],
      ['deposit-address.set', 'XRP/XRP'],
    ]);
    expect(JSON.parse(mine[0].detail)).toEqual({ coin: 'XRP', network: 'XRP', address: null, previous: XRP });
    expect(JSON.parse(mine[1].detail)).toEqual({ coin: 'XRP', network: 'XRP', address: XRP, previous: null });
  });

  it('is for operators only', async () => {
    expect((await set({ coin: 'XRP', network: 'XRP', address: XRP }, user.token)).status).toBe(403);
    expect((await api(app, URL, { method: 'GET', token: user.token })).status).toBe(403);
    expect((await api(app, URL, { method: 'GET' })).status).toBe(401);
  });
});
