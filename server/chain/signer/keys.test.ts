import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { afterAll, describe, expect, it } from 'vitest';
import { EVM_ACCOUNT_PATH } from '../demo/demo-keys.ts';
import { evmDepositAddress, evmHotWallet } from '../evm/hd.ts';
import { hasSignerKey, loadSignerKeys } from './keys.ts';

const account = (seed: number) => HDKey.fromMasterSeed(new Uint8Array(32).fill(seed)).derive(EVM_ACCOUNT_PATH);

describe('the signer keys', () => {
  const mine = account(1);
  const dir = mkdtempSync(join(tmpdir(), 'lumex-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('derives the hot wallet (1/0) and deposit addresses (0/i) the API shows from EVM_XPUB', () => {
    const keys = loadSignerKeys({ env: { SIGNER_KEY: mine.privateExtendedKey } }, mine.publicExtendedKey);
    expect(keys.hot.address).toBe(evmHotWallet(mine.publicExtendedKey));
    for (const i of [0, 1, 7]) expect(keys.deposit(i).address).toBe(evmDepositAddress(mine.publicExtendedKey, i));
  });

  it('reads SIGNER_KEY_FILE, or the demo chain key file, when SIGNER_KEY is not set', () => {
    const file = join(dir, 'signer.key');
    writeFileSync(file, `${mine.privateExtendedKey}\n`);
    for (const source of [{ env: { SIGNER_KEY_FILE: file } }, { env: {}, demoKeyFile: file }]) {
      expect(hasSignerKey(source)).toBe(true);
      expect(loadSignerKeys(source, mine.publicExtendedKey).hot.address).toBe(evmHotWallet(mine.publicExtendedKey));
    }
    expect(hasSignerKey({ env: {} })).toBe(false);
  });

  it('refuses to start with a key that is not EVM_XPUB’s, a public key, or none', () => {
    const other = account(2);
    expect(() => loadSignerKeys({ env: { SIGNER_KEY: other.privateExtendedKey } }, mine.publicExtendedKey)).toThrow(
      /differs from EVM_XPUB/,
    );
    expect(() => loadSignerKeys({ env: { SIGNER_KEY: mine.publicExtendedKey } }, mine.publicExtendedKey)).toThrow(
      /public key/,
    );
    expect(() => loadSignerKeys({ env: { SIGNER_KEY: 'xprv-nonsense' } }, mine.publicExtendedKey)).toThrow(/xprv/);
    expect(() => loadSignerKeys({ env: {} }, mine.publicExtendedKey)).toThrow(/SIGNER_KEY/);
    expect(() => loadSignerKeys({ env: { SIGNER_KEY: mine.privateExtendedKey } }, undefined)).toThrow(/EVM_XPUB/);
  });
});
