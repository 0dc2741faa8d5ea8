import { getAddress } from 'viem';
import type { ChainInfo, DepositAddress } from '../../isomorphic/contract/chain.ts';
import { money } from '../wallet/amounts.ts';
import type { Db } from '../storage/db.ts';
import type { ChainSettings } from './chain-config.ts';
import type { Chain } from './chains.ts';
import { type AddressScheme, addressUnderKey } from './addresses.ts';
import { manualAddressOf } from './manual-addresses.ts';

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
 * The scheme and account key of a network whose addresses the platform derives but no node here watches: Bitcoin from
 * BTC_XPUB, every TRC20 coin (USDT, TRX) from TRON_XPUB.
 */
function derivedKey(custody: Custody, network: string): { scheme: AddressScheme; xpub: string } | undefined {
  const { btcXpub, tronXpub } = custody.settings;
  if (network === 'BTC' && btcXpub) return { scheme: 'btc', xpub: btcXpub };
  if (network === 'TRC20' && tronXpub) return { scheme: 'tron', xpub: tronXpub };
  return undefined;
}

/**
 * Where a user deposits `coin` on `network` (docs/products/chain.md, "Deposit addresses"), first that applies:
 * - a watched chain with EVM_XPUB: `chain`, the user's own address, credited by itself once final;
 * - Bitcoin with BTC_XPUB, TRC20 with TRON_XPUB: `manual`, the user's own address derived from that key (no node
 *   watches these here, so the user uploads the payment's screenshot and an operator reviews it);
 * - an address an operator entered for the coin and network: `manual`, the same address for every user;
 * - otherwise `off`: no address at all, the operator not having enabled deposits there.
 * An address is only ever one whose key the platform or its operator holds, never one made up; a user's address from
 * a key since replaced (addressUnderKey) is not shown, the network falling through to what comes next.
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
  const own = chain && xpub ? await addressUnderKey(db, 'evm', xpub, userId) : null;
  if (chain && own) {
    const token = chain.tokens.find((t) => t.coin === coin)!;
    // Stored in lower case for matching; shown with EIP-55's checksum, which wallets check when it is pasted.
    return {
      coin,
      network,
      mode: 'chain',
      address: getAddress(own),
      chain: chainInfo(chain),
      minDeposit: money(token.minDeposit),
    };
  }
  const manual = (address: string): DepositAddress => ({
    coin,
    network,
    mode: 'manual',
    address,
    chain: null,
    minDeposit: null,
  });
  const derived = derivedKey(custody, network);
  const derivedAddress = derived ? await addressUnderKey(db, derived.scheme, derived.xpub, userId) : null;
  if (derivedAddress) return manual(derivedAddress);
  const entered = await manualAddressOf(db, coin, network);
  if (entered) return manual(entered);
  return { coin, network, mode: 'off', address: null, chain: null, minDeposit: null };
}
