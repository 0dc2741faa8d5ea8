import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';

/** The demo install's account path, the same as production's (docs/products/chain.md, "Keys"). */
export const EVM_ACCOUNT_PATH = "m/44'/60'/0'";

/**
 * The demo chain's keys, made once per install under the data folder: `signer.key` (the account's xprv, readable by
 * the owner only, read by server/chain/signer alone) and `xpub` (what the API derives addresses from). A production
 * install makes its keys offline and gives the API only EVM_XPUB and the signer only SIGNER_KEY_FILE.
 */
export function demoKeys(dir: string): { xpub: string; signerKeyFile: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const signerKeyFile = join(dir, 'signer.key');
  const xpubFile = join(dir, 'xpub');
  if (!existsSync(signerKeyFile)) {
    const account = HDKey.fromMasterSeed(randomBytes(32)).derive(EVM_ACCOUNT_PATH);
    writeFileSync(signerKeyFile, `${account.privateExtendedKey}\n`, { mode: 0o600 });
    writeFileSync(xpubFile, `${account.publicExtendedKey}\n`);
  }
  return { xpub: readFileSync(xpubFile, 'utf8').trim(), signerKeyFile };
}
