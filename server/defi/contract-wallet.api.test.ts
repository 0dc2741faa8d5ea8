import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashMessage, toHex } from 'viem';
import { sign } from 'viem/accounts';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { DefiChallenge } from '../../isomorphic/contract/defi.ts';
import { api, operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { testChain, type TestChain } from '../../tests/support/evm-chain.ts';
import { compileSolidity } from '../chain/demo/compile.ts';
import { DEMO_DEPLOYER } from '../chain/demo/demo-chain.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { addressOf } from './eth-sign.ts';

/**
 * A smart-contract wallet (EIP-1271) links through the watched chain: its signature is no key's that ecrecover finds,
 * so the server asks the wallet's contract on the chain, and only a signature its owner made passes.
 */
describe('DeFi links of a contract wallet, checked on a real chain', () => {
  let t: TestDatabase;
  let chain: TestChain;
  let app: FastifyInstance;
  let user: { id: number; token: string };
  let contract: `0x${string}`;
  const owner = secp256k1.keygen();
  const stranger = secp256k1.keygen();

  beforeAll(async () => {
    t = await FEATURE_DIALECTS[0]![1]();
    chain = await testChain(t.db);
    const { abi, bytecode } = compileSolidity(
      new URL('../../tests/support/contracts/ContractWallet.sol', import.meta.url),
      'ContractWallet',
    );
    const hash = await chain.wallet.deployContract({
      abi,
      bytecode,
      args: [addressOf(owner.publicKey)],
      account: DEMO_DEPLOYER,
      chain: null,
    });
    contract = (await chain.client.waitForTransactionReceipt({ hash })).contractAddress!.toLowerCase() as `0x${string}`;
    ({ app } = await testApp(t.db, { MARKET_MAKERS: '0', ...chain.env }));
    const ops = await operatorToken(app, t.db);
    user = await signUp(app, 'carol_1271');
    await api(app, '/api/admin/credit', { token: ops, payload: { username: 'carol_1271', asset: 'ETH', amount: '1' } });
  });
  afterAll(async () => {
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await app.close();
    await chain.stop();
    await t.drop();
  });

  const signAs = async (secret: Uint8Array, message: string) =>
    sign({ hash: hashMessage(message), privateKey: toHex(secret), to: 'hex' });
  const link = async (secret: Uint8Array) => {
    const c = (
      await api<DefiChallenge>(app, '/api/apiDefi/challenge', { token: user.token, payload: { address: contract } })
    ).data;
    const signature = await signAs(secret, c.message);
    return api(app, '/api/apiDefi/sendApproveHash', {
      token: user.token,
      payload: { address: contract, message: c.message, signature },
    });
  };

  it('refuses a signature the contract does not accept', async () => {
    expect((await link(stranger.secretKey)).code).toBe(ERRORS.defiBadSignature);
  });

  it("links the contract's address with its owner's signature", async () => {
    const r = await link(owner.secretKey);
    expect(r.code).toBe(200);
    expect(r.data.address).toBe(contract);
  });
});
