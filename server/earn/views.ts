import type { EarnIncome, EarnOrder, EarnProduct } from '../../isomorphic/contract/earn.ts';
import { nameIn } from '../../isomorphic/contract/local-names.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import { expectedOf } from './earn-book.ts';
import type { EarnOrderRow, ProductRow } from './earn.repo.ts';
import { daysAccrued, interestFor } from '../../isomorphic/earn/interest.ts';

const units = (v: bigint) => formatUnits(v, ASSET_SCALE);
/** A rate of 10⁻⁸ a day as its decimal fraction. */
const rateText = (e8: bigint) => formatUnits(e8, 8);

/** A product as a caller sees it: its name in the caller's language, and every language's for the console. */
export function productView(p: ProductRow, sold: bigint, yours: number, locale: Locale): EarnProduct {
  const left = p.capacity > sold ? p.capacity - sold : 0n;
  return {
    id: p.id,
    kind: p.kind,
    name: nameIn(p.names, locale),
    names: p.names,
    coin: p.asset,
    dailyRate: rateText(p.dailyRate),
    yearlyRate: rateText(p.dailyRate * 365n),
    cycleDays: p.cycleDays,
    minAmount: units(p.minAmount),
    maxAmount: units(p.maxAmount),
    perUser: p.perUser,
    capacity: units(p.capacity),
    sold: units(sold),
    progress: p.capacity > 0n ? formatUnits((sold * 10_000n) / p.capacity, 4) : '0.0000',
    remaining: units(left),
    earlyRedeem: p.earlyRedeem,
    open: p.open,
    yours,
  };
}

export function orderView(o: EarnOrderRow, name: string, now: number): EarnOrder {
  const accrued =
    o.state === 'inProgress'
      ? interestFor(o.amount, o.dailyRate, daysAccrued(o.beginAt, o.cycleDays, now))
      : o.interestPaid;
  return {
    id: o.id,
    productId: o.productId,
    kind: o.kind,
    name,
    coin: o.asset,
    amount: units(o.amount),
    dailyRate: rateText(o.dailyRate),
    cycleDays: o.cycleDays,
    subscribedAt: o.subscribedAt,
    beginAt: o.beginAt,
    endAt: o.endAt,
    expectedRevenue: units(expectedOf(o)),
    accrued: units(accrued),
    interestPaid: units(o.interestPaid),
    paidDays: o.paidDays,
    state: o.state,
    earlyRedeem: o.earlyRedeem,
    endedAt: o.endedAt,
  };
}

export function incomeView(
  i: {
    orderId: number;
    asset: string;
    kind: 'matured' | 'redeemed';
    principal: bigint;
    interest: bigint;
    createdAt: number;
  },
  name: string,
): EarnIncome {
  return {
    orderId: i.orderId,
    name,
    coin: i.asset,
    principal: units(i.principal),
    interest: units(i.interest),
    kind: i.kind,
    time: i.createdAt,
  };
}
