import { atom, computed } from 'nanostores';
import { request } from '../api/client.ts';
import * as earn from '../../../isomorphic/contract/earn.endpoints.ts';
import type { EarnKind, EarnOrderState } from '../../../isomorphic/contract/earn.ts';
import { $accountActivity } from '../feed/private-feed.ts';
import { keyed, remote } from '../stores/remote.ts';
import { walletChanged } from '../wallet/changes.ts';
import { ORDERS_PAGE_SIZE, firstAccrualAt, ordersOf } from './actions.ts';

/**
 * The staking, finance and mining screens' stores. What this tab does to them (subscribing, staking, redeeming)
 * goes through the actions below, which load again what it changed: the products' sold amounts, the orders, the
 * income and the spot balance (src/lib/wallet).
 */
const changes = atom(0);
function earnChanged(): void {
  changes.set(changes.get() + 1);
  walletChanged();
}

/** The products of a list: staking ('pledge'), finance, or the mining pools ('defi'). */
export const productsStore = keyed(
  (x: 'pledge' | 'finance' | 'defi') => remote(() => request(earn.productList, { params: { x } })).$value,
);

/** One product with what is sold of it; again after this tab subscribes. Quiet: the page says when there is none. */
export const productStore = keyed(
  (id: number) => remote(() => request(earn.productDetail, { query: { id }, quiet: true }), { deps: [changes] }).$value,
);

/** A page of the user's orders of a kind and state; again after this tab subscribes or redeems. */
export const earnOrdersStore = keyed(
  (kind: EarnKind, state: EarnOrderState, page: number) =>
    remote(() => ordersOf(kind, state, page), { deps: [changes] }).$value,
);

/** A page of what the user's ended orders paid; again after this tab subscribes or redeems. */
export const incomeStore = keyed(
  (page: number) =>
    remote(() => request(earn.personalIncome, { query: { page, size: ORDERS_PAGE_SIZE } }), { deps: [changes] }).$value,
);

// The private feed's word that a balance moved (an order paid out, a subscription elsewhere).
const $balancesMoved = computed($accountActivity, (a) => a.balances);
/** The most holdings listed; past that the count says how many more there are. */
const HOLDINGS_SHOWN = 100;
/** The finance account's orders in progress (the wallet's overview of it); live. */
export const $earnHoldings = remote(() => ordersOf(undefined, 'inProgress', 1, HOLDINGS_SHOWN), {
  deps: [$balancesMoved, changes],
}).$value;

/** When interest would start for a subscription made now, by the server's clock; again after each subscription. */
export const $firstAccrual = remote(firstAccrualAt, { deps: [changes] }).$value;

/** Subscribes to a product (finance, staking); quiet: the form shows the refusal. */
export async function subscribeTo(productId: number, amount: string) {
  const order = await request(earn.subscribeEarn, { body: { productId, amount }, quiet: true });
  earnChanged();
  return order;
}

/** What redeeming an order now gives back and gives up; quiet: the list shows the refusal. */
export const previewRedeem = (id: number) => request(earn.redeemPreview, { query: { id }, quiet: true });

/** Redeems an order; quiet: the list shows the refusal. */
export async function redeemOrder(id: number) {
  const done = await request(earn.redeemEarn, { body: { id }, quiet: true });
  earnChanged();
  return done;
}
