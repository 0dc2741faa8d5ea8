import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { HDKey } from '@scure/bip32';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../../isomorphic/crypto/seal.ts';
import { signInOperator, signUp } from '../../../tests/support/accounts.ts';
import { api, testApp } from '../../../tests/support/app.ts';
import { openPostgresTest, type TestDatabase } from '../../../tests/support/databases.ts';
import { testChain, type TestChain } from '../../../tests/support/evm-chain.ts';
import { ManualClock } from '../../clock/clock.ts';
import { postFunds } from '../../core/funds.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { EVM_ACCOUNT_PATH } from '../demo/demo-keys.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * ROLE=signer as its own process (server/serve.ts): storage, migrations and the signer's jobs, no HTTP; it pays an
 * approved withdrawal on a real node and stops on SIGTERM. A cluster's processes share PostgreSQL, so this runs only
 * with TEST_DATABASE_URL.
 */
describe.skipIf(!url)('the signer process', () => {
  let t: TestDatabase;
  let chain: TestChain;
  const env = () => ({
    ...process.env,
    ...chain.env,
    ROLE: 'signer',
    DATABASE_URL: url!,
    DATABASE_SCHEMA: t.schema!,
    DATA_DIR: `/tmp/lumex-signer-role-${process.pid}`,
    LOG_LEVEL: 'silent',
    SIGNER_KEY: chain.xprv,
  });

  beforeAll(async () => {
    t = await openPostgresTest(url!);
    chain = await testChain(t.db);
  });
  afterAll(async () => {
    await chain?.stop();
    await t?.drop();
  });

  it('refuses to start with a key that is not EVM_XPUB’s', async () => {
    const other = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive(EVM_ACCOUNT_PATH).privateExtendedKey;
    const child = spawn(process.execPath, ['server/main.ts'], { env: { ...env(), SIGNER_KEY: other }, stdio: 'pipe' });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const [code] = await once(child, 'exit');
    expect(code).not.toBe(0);
    expect(err).toMatch(/differs from EVM_XPUB/);
  });

  it('pays an approved withdrawal and stops on SIGTERM', async () => {
    const { app } = await testApp(t.db, { ...chain.env, DATA_DIR: env().DATA_DIR }, new ManualClock(Date.now()));
    try {
      const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
      const sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
      const ops = await signInOperator(app, t.db);
      const user = await signUp(app, 'signer_role');
      const call = (token: string, path: string, payload: object) => api(app, path, { token, payload });
      const sealed = (plain: object) => seal(plain, sealKey, user.id);
      const fund = { loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' };
      expect((await call(user.token, '/api/user/tardPwdSet', { sealed: await sealed(fund) })).code).toBe(200);
      await app.core.submit(postFunds, {
        lines: [
          { owner: null, type: ACCOUNT.external, asset: 'ETH', available: -(10n ** 8n) },
          { owner: user.id, type: ACCOUNT.spot, asset: 'ETH', available: 10n ** 8n },
        ],
        meta: { billType: 'dev_credit', refType: 'test', refId: 'signer' },
      });
      const to = privateKeyToAccount(generatePrivateKey()).address;
      const plain = {
        coin: 'ETH',
        method: 'address',
        network: 'ERC20',
        address: to,
        amount: '0.2',
        fundPassword: 'fund123',
      };
      const w = await call(user.token, '/api/asset/withdrawal', { sealed: await sealed(plain) });
      expect(w.code).toBe(200);
      expect((await call(ops, '/api/admin/wallet/withdrawal/review', { id: w.data.id, approve: true })).code).toBe(200);

      const child = spawn(process.execPath, ['server/main.ts'], { env: env(), stdio: 'pipe' });
      const exited = once(child, 'exit');
      const deadline = Date.now() + 30_000;
      let status: string | undefined;
      while (Date.now() < deadline) {
        status = (
          await t.db.get<{ status: string }>('SELECT status FROM chain_payouts WHERE withdrawal_id = ?', [w.data.id])
        )?.status;
        if (status === 'sent' || status === 'confirmed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toMatch(/sent|confirmed/);
      expect(await chain.client.getBalance({ address: to })).toBe(parseEther('0.2'));
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);
});
