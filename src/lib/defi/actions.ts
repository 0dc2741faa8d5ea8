/**
 * The DeFi screens' own store and action: the wallet links. The mining pools are earn products of kind `mining`
 * (src/lib/earn/stores.ts, list name `defi`), and staking into one is subscribing to it, which moves the user's spot
 * balance, never the wallet's coins.
 */
import { request } from '../api/client.ts';
import * as defi from '../../../isomorphic/contract/defi.endpoints.ts';
import { DEFI_LINK_FEE } from '../../../isomorphic/contract/defi.values.ts';
import { remote } from '../stores/remote.ts';
import { spotAvailable } from '../wallet/actions.ts';
import { walletChanged } from '../wallet/changes.ts';
import { linkWallet, type LinkOutcome } from './link.ts';
import { injectedWallet } from './wallet.ts';

const links = remote(() => request(defi.defiLinks));
/** The wallet addresses the user linked. */
export const $walletLinks = links.$value;

/**
 * Links the browser wallet's account (src/lib/defi/link.ts), the fee checked against the spot ETH balance first;
 * afterwards the links and the spot balance that paid the fee (or did not) load again.
 */
export async function linkBrowserWallet(linked: readonly string[]): Promise<LinkOutcome> {
  const outcome = await linkWallet(
    {
      wallet: injectedWallet(),
      challenge: (address) => request(defi.defiChallenge, { body: { address }, quiet: true }),
      send: (body) => request(defi.sendApproveHash, { body, quiet: true }),
    },
    linked,
    await spotAvailable(DEFI_LINK_FEE.coin),
  );
  walletChanged();
  if (outcome.ok) await links.reload().catch(() => {});
  return outcome;
}
