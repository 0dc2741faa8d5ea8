import { readFileSync } from 'node:fs';
import { HDKey } from '@scure/bip32';
import { toHex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { DEPOSIT_BRANCH, HOT_BRANCH } from '../evm/hd.ts';

/**
 * The signer's keys (docs/products/chain.md, "Keys"): the account-level xprv (m/44'/60'/0') from SIGNER_KEY or
 * the file SIGNER_KEY_FILE names (or, on the demo chain, the file startDemoChain made). This module is the only code
 * that reads a private key, and only server/chain/signer imports it (tests/unit/signer-boundary.test.ts): the API
 * process holds the public half alone. A key whose xpub is not EVM_XPUB would pay from and sweep to addresses the API
 * does not show, so the signer refuses to start with it.
 */
export interface SignerKeys {
  /** The hot wallet, 1/0: pays withdrawals, tops deposit addresses up with gas, receives sweeps. */
  hot: PrivateKeyAccount;
  /** A user's deposit address key, 0/i (deposit_addresses.idx). */
  deposit(index: number): PrivateKeyAccount;
}

/** Where the key comes from: the environment (SIGNER_KEY, SIGNER_KEY_FILE) or, on the demo chain, its key file. */
export interface KeySource {
  env: NodeJS.ProcessEnv;
  demoKeyFile?: string | undefined;
}

/** The xprv text, or undefined when this process has no key (then it runs no signer). */
function keyText({ env, demoKeyFile }: KeySource): string | undefined {
  if (env.SIGNER_KEY?.trim()) return env.SIGNER_KEY.trim();
  const file = env.SIGNER_KEY_FILE?.trim() || demoKeyFile;
  return file ? readFileSync(file, 'utf8').trim() : undefined;
}

/** True when a key is configured, without reading it. */
export const hasSignerKey = ({ env, demoKeyFile }: KeySource): boolean =>
  Boolean(env.SIGNER_KEY?.trim() || env.SIGNER_KEY_FILE?.trim() || demoKeyFile);

const accountOf = (key: HDKey): PrivateKeyAccount => privateKeyToAccount(toHex(key.privateKey!));

/** The keys, checked against EVM_XPUB; throws (the process does not start) on a missing, foreign or public key. */
export function loadSignerKeys(source: KeySource, evmXpub: string | undefined): SignerKeys {
  const text = keyText(source);
  if (!text) throw new Error('the signer needs SIGNER_KEY or SIGNER_KEY_FILE (the account-level xprv)');
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(text);
  } catch {
    throw new Error('SIGNER_KEY is not an extended private key (xprv…)');
  }
  if (!account.privateKey) throw new Error('SIGNER_KEY is a public key; the signer needs the xprv');
  if (!evmXpub) throw new Error('the signer needs EVM_XPUB to check its key against');
  if (account.publicExtendedKey !== evmXpub)
    throw new Error("SIGNER_KEY's public key differs from EVM_XPUB: it would pay from addresses the API does not know");
  const hot = accountOf(account.deriveChild(HOT_BRANCH).deriveChild(0));
  const branch = account.deriveChild(DEPOSIT_BRANCH);
  const deposits = new Map<number, PrivateKeyAccount>();
  return {
    hot,
    deposit(index) {
      let a = deposits.get(index);
      if (!a) deposits.set(index, (a = accountOf(branch.deriveChild(index))));
      return a;
    },
  };
}
