import type { ChainInfo, DepositAddress } from '../../isomorphic/contract/chain.ts';
import { money } from '../wallet/amounts.ts';
import type { Db } from '../storage/db.ts';
import type { ChainSettings } from './chain-config.ts';
import type { Chain } from './chains.ts';
import { depositAddressOf } from './addresses.ts';

/** What the platform holds keys for: the watched chains and the configured public keys. */
export interface Custody {
  chains: Chain[];
  settings: ChainSettings;
}

export const chainInfo = (c: Chain): ChainInfo => ({
  key: c.key,
  name: c.name,
  chainId: c.chainId,
  demo: c.demo,
  confirmations: c.confirmations,
});

/** The watched chain that carries `coin` on `network`, if any. */
export function chainFor(custody: Custody, coin: string, network: string): Chain | undefined {
  return custody.chains.find((c) => c.network === network && c.tokens.some((t) => t.coin === coin));
}

/**
 * Where a user deposits `coin` on `network` (docs/products/chain.md, "Deposit addresses"): on a watched chain, the
 * user's own address derived from EVM_XPUB (credited once final); otherwise no address, the operator not having enabled
 * deposits there. An address is only ever one whose key the platform holds.
 */
export async function depositTarget(
  db: Db,
  custody: Custody,
  userId: number,
  coin: string,
  network: string,
): Promise<DepositAddress> {
  const chain = chainFor(custody, coin, network);
  const xpub = custody.settings.evmXpub;
  if (chain && xpub) {
    const token = chain.tokens.find((t) => t.coin === coin)!;
    return {
      coin,
      network,
      mode: 'chain',
      address: await depositAddressOf(db, 'evm', xpub, userId),
      chain: chainInfo(chain),
      minDeposit: money(token.minDeposit),
    };
  }
  return { coin, network, mode: 'off', address: null, chain: null, minDeposit: null };
}
