import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ApiError } from '../api/client.ts';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import type { DefiLink } from '../../../isomorphic/contract/defi.ts';
import { addressOf, personalSign, recoverSigner } from '../../../server/defi/eth-sign.ts';
import { linkWallet, paysFee, type LinkSteps } from './link.ts';
import { injectedWallet, utf8Hex, type Eip1193Provider } from './wallet.ts';

const key = secp256k1.utils.randomSecretKey();
const ADDRESS = addressOf(secp256k1.getPublicKey(key));
const hexText = (hex: string) => new TextDecoder().decode(Uint8Array.from(Buffer.from(hex.slice(2), 'hex')));

/** A wallet as a browser extension answers: its account, and personal_sign over the hex text with its key. */
function wallet(
  opts: { account?: string; signKey?: Uint8Array; refuse?: { method: string; code: number; message?: string } } = {},
): Eip1193Provider & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async request({ method, params }) {
      calls.push(method);
      if (opts.refuse?.method === method)
        throw Object.assign(new Error(opts.refuse.message ?? 'no'), { code: opts.refuse.code });
      if (method === 'eth_requestAccounts') return [opts.account ?? ADDRESS.toUpperCase().replace('0X', '0x')];
      if (method === 'personal_sign') return personalSign(hexText((params as string[])[0]!), opts.signKey ?? key);
      throw new Error(`unexpected ${method}`);
    },
  };
}

/** The server's two steps: a message per address, and the signature checked as server/defi does. */
function steps(w: Eip1193Provider | null, sendError?: ApiError): LinkSteps & { sent: number } {
  const s = {
    sent: 0,
    wallet: w,
    challenge: async (address: string) => ({
      address,
      message: `Link ${address}\nNonce: 1`,
      expiresAt: 0,
      fee: { coin: 'ETH', amount: '0.005' },
    }),
    send: async (body: { address: string; message: string; signature: string }): Promise<DefiLink> => {
      s.sent++;
      if (sendError) throw sendError;
      if (recoverSigner(body.message, body.signature) !== body.address)
        throw new ApiError(ERRORS.defiBadSignature, 'bad', false);
      return { address: body.address, linkedAt: 1, fee: { coin: 'ETH', amount: '0.005' } };
    },
  };
  return s;
}

describe('linking a browser wallet', () => {
  it('links the account the wallet names with a real personal_sign signature the server recovers', async () => {
    const w = wallet();
    const outcome = await linkWallet(steps(w), [], '0.01');
    expect(outcome).toEqual({
      ok: true,
      link: { address: ADDRESS, linkedAt: 1, fee: { coin: 'ETH', amount: '0.005' } },
    });
    expect(w.calls).toEqual(['eth_requestAccounts', 'personal_sign']);
  });

  it('says there is no wallet when the browser injected none', async () => {
    expect(injectedWallet({})).toBeNull();
    expect(injectedWallet({ ethereum: { request: 1 } })).toBeNull();
    expect(await linkWallet(steps(null), [], '1')).toEqual({ ok: false, problem: 'noWallet' });
  });

  it('asks the wallet nothing when the spot ETH does not pay the fee', async () => {
    const w = wallet();
    expect(await linkWallet(steps(w), [], '0.00499999')).toEqual({ ok: false, problem: 'ethShort' });
    expect(w.calls).toEqual([]);
    expect(paysFee('0.005')).toBe(true);
  });

  it('tells apart the user saying no, a request already waiting, and other wallet errors', async () => {
    const rejected = steps(wallet({ refuse: { method: 'personal_sign', code: 4001 } }));
    expect(await linkWallet(rejected, [], '1')).toMatchObject({ ok: false, problem: 'rejected', address: ADDRESS });
    expect(rejected.sent).toBe(0);
    expect(
      await linkWallet(steps(wallet({ refuse: { method: 'eth_requestAccounts', code: -32002 } })), [], '1'),
    ).toMatchObject({ problem: 'pending' });
    expect(
      await linkWallet(
        steps(wallet({ refuse: { method: 'eth_requestAccounts', code: -32603, message: 'internal' } })),
        [],
        '1',
      ),
    ).toMatchObject({ problem: 'walletError', message: 'internal' });
    expect(await linkWallet(steps(wallet({ account: 'nope' })), [], '1')).toMatchObject({ problem: 'noAccount' });
  });

  it('reports a signature by another key as a bad signature, and a fee the server could not take as ETH short', async () => {
    expect(await linkWallet(steps(wallet({ signKey: secp256k1.utils.randomSecretKey() })), [], '1')).toMatchObject({
      ok: false,
      problem: 'badSignature',
    });
    expect(
      await linkWallet(steps(wallet(), new ApiError(ERRORS.insufficientBalance, 'short', false)), [], '1'),
    ).toMatchObject({ problem: 'ethShort' });
    expect(
      await linkWallet(
        steps(wallet(), new ApiError(ERRORS.defiAddressTaken, 'This address is linked to another account', false)),
        [],
        '1',
      ),
    ).toMatchObject({ problem: 'server', message: 'This address is linked to another account' });
  });

  it('does not ask to sign again for an address already linked', async () => {
    const w = wallet();
    expect(await linkWallet(steps(w), [ADDRESS], '1')).toMatchObject({
      ok: false,
      problem: 'alreadyLinked',
      address: ADDRESS,
    });
    expect(w.calls).toEqual(['eth_requestAccounts']);
  });

  it('hands personal_sign the UTF-8 bytes of the text in hex', () => {
    expect(utf8Hex('Ab\n€')).toBe('0x41620ae282ac');
  });
});
