import type { ReactNode } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarginMode } from '../../../isomorphic/contract/margin.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $marginProperty, borrowableStore } from '../../lib/margin/account.ts';
import { accountOf, lineOf } from '../../lib/margin/view.ts';
import { OrderForm } from '../spot/index.ts';

/** The margin account an order form trades from: its mode, each coin's free balance and what it may still borrow. */
export interface MarginFunds {
  mode: MarginMode;
  free: (coin: string) => string;
  maxBorrow: (coin: string) => string;
}

/**
 * The spot order form trading from a margin account: orders go to the margin endpoint, with auto-borrow and auto-repay.
 */
export function MarginOrderForm({
  t,
  market,
  locale,
  mode,
  header,
}: {
  t: T;
  market: MarketEntry;
  locale: Locale;
  mode: MarginMode;
  header: ReactNode;
}) {
  const { property } = useStore($marginProperty);
  const borrowable = useStore(borrowableStore(mode, market.symbol));
  const account = accountOf(property, mode, market.symbol);
  const funds: MarginFunds = {
    mode,
    free: (coin) => lineOf(account, coin)?.free ?? '0',
    // The account's own line moves with every reload of the accounts (a leverage change, a loan); the list covers
    // the coins the account has no line for yet.
    maxBorrow: (coin) => lineOf(account, coin)?.maxBorrow ?? borrowable.find((b) => b.coin === coin)?.max ?? '0',
  };
  return <OrderForm t={t} market={market} locale={locale} header={header} margin={funds} />;
}
