/**
 * The DeFi screens' calls: the mining pools are earn products of kind `mining` (served by the earn endpoints as they
 * are, list name `defi`), the wallet links are DeFi's own. Staking into a pool moves the user's spot balance, never
 * the wallet's coins.
 */
import { request } from '../api/client.ts';
import * as defi from '../../../isomorphic/contract/defi.endpoints.ts';
import * as earn from '../../../isomorphic/contract/earn.endpoints.ts';
import { DEFI_LINK_FEE } from '../../../isomorphic/contract/defi.values.ts';
import { spotAvailable } from '../wallet/actions.ts';
import { linkWallet, type LinkOutcome } from './link.ts';
import { injectedWallet } from './wallet.ts';

export const miningPools = () => request(earn.productList, { params: { x: 'defi' } });
export const miningPool = (id: number) => request(earn.productDetail, { query: { id }, quiet: true });
export const walletLinks = () => request(defi.defiLinks);

/** Links the browser wallet's account (src/lib/defi/link.ts), the fee checked against the spot ETH balance first. */
export async function linkBrowserWallet(linked: readonly string[]): Promise<LinkOutcome> {
  return linkWallet(
    {
      wallet: injectedWallet(),
      challenge: (address) => request(defi.defiChallenge, { body: { address }, quiet: true }),
      send: (body) => request(defi.sendApproveHash, { body, quiet: true }),
    },
    linked,
    await spotAvailable(DEFI_LINK_FEE.coin),
  );
}

export const startMining = (productId: number, amount: string) => request(earn.subscribeEarn, { body: { productId, amount }, quiet: true });
