import { computed } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/wallet.endpoints.ts';
import type { ExchangeRateItem, WalletAccount } from '../../../isomorphic/contract/wallet.ts';
import { $accountActivity } from '../feed/private-feed.ts';
import { $idle, keyed, remote } from '../stores/remote.ts';
import { coinsOf } from './actions.ts';
import { $walletChanges } from './changes.ts';

/**
 * The wallet's stores: what the user holds, per account type and coin, and the reference lists the forms pick
 * from. Each loads on its first subscriber; this tab's own changes (a deposit sent, a transfer, a swap) load the
 * balances on screen again ($walletChanges).
 */

// The private feed's word that a balance moved elsewhere (a deposit approved, a trade filled), or that it
// (re)connected and pushes may have been missed; orders alone do not move the overview.
const $balancesMoved = computed($accountActivity, (a) => `${a.synced}:${a.balances}`);

/** Every account type with its value, as the asset overview shows them; live. */
export const $overviewAccounts = remote(() => request(api.walletAccount), {
  deps: [$balancesMoved, $walletChanges],
}).$value;
/** The coins of one account type (0: all), as the asset overview lists them; live. */
export const overviewCoinsStore = keyed(
  (type: number) => remote(() => coinsOf(type), { deps: [$balancesMoved, $walletChanges] }).$value,
);

/** The coins of one account type, as a form that moves them reads them; again after this tab's own changes. */
export const balancesStore = keyed((type: number) => remote(() => coinsOf(type), { deps: [$walletChanges] }).$value);

const accountTypes = remote<WalletAccount[]>(() => request(api.walletAccount), { deps: [$walletChanges] });
/** The account types with their value, as the transfer form lists them (without following the private feed). */
export const $accountTypes = accountTypes.$value;

const networks = remote(() => request(api.rechargeCurrency), { once: true });
/** Every coin with its networks and their deposit and withdrawal rules. */
export const $networks = networks.$value;

const rates = remote(() => request(api.coinRate), { once: true });
/** The display currencies with their rate against USDT. */
export const $rates = rates.$value;

/** The display currencies, loaded if no screen has yet (the OTC market's fiat list, the console's rate editor). */
export const loadRates = (): Promise<ExchangeRateItem[]> => rates.ensure();

const addresses = keyed(
  (coin: string, network: string) =>
    remote(() => request(api.depositAddress, { params: { coin }, query: { network } }), { once: true }).$value,
);
/** The user's deposit address for a coin on a network; idle, asking nothing, until both are chosen. */
export const depositAddressStore = (coin: string, network: string) =>
  coin && network ? addresses(coin, network) : $idle;
