import type { z } from 'zod';
import type {
  EarnKind,
  EarnObligation,
  EarnOrder,
  EarnPool,
  EarnProduct,
  productBody,
  RedeemPreview,
} from '../../isomorphic/contract/earn.ts';
import { ASSET_SCALE, formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import { audit } from '../audit/audit.ts';
import type { TradingCore } from '../core/core.ts';
import { positiveUnits } from '../spot/order-checks.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { requireAsset } from '../wallet/amounts.ts';
import { expectedOf, type EarnBook } from './earn-book.ts';
import { redeem, subscribe } from './earn-commands.ts';
import {
  findEarnOrder,
  findProduct,
  listProducts,
  saveProduct as saveProductRow,
  userEarnOrders,
  userIncome,
  type ProductRow,
} from './earn.repo.ts';
import { daysAccrued, interestFor } from '../../isomorphic/earn/interest.ts';
import { incomeView, orderView, productView } from './views.ts';
import { hasLink } from '../defi/defi.repo.ts';
import { nameIn, namesOf } from '../../isomorphic/contract/local-names.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';

interface EarnDeps {
  db: Db;
  core: TradingCore;
  now: () => number;
}

/** The highest daily rate an operator may set: 5% a day. */
const MAX_RATE_E8 = 5_000_000n;
const units = (v: bigint) => formatUnits(v, ASSET_SCALE);
const bookOf = (core: TradingCore) => core.part<EarnBook>('earn');
/**
 * The requirements' list names: pledge (staking), finance (fixed-term and flexible products), defi (liquidity mining).
 */
const KINDS_OF = { pledge: ['pledge'], finance: ['fixed', 'flexible'], defi: ['mining'] } as const satisfies Record<
  string,
  readonly EarnKind[]
>;
type ListName = keyof typeof KINDS_OF;

function view(d: EarnDeps, p: ProductRow, userId: number | null, locale: Locale): EarnProduct {
  const book = bookOf(d.core);
  return productView(p, book.sold.get(p.id) ?? 0n, userId === null ? 0 : book.countOf(userId, p.id), locale);
}

export async function products(
  d: EarnDeps,
  x: ListName,
  userId: number | null,
  locale: Locale,
): Promise<EarnProduct[]> {
  return (await listProducts(d.db, KINDS_OF[x])).map((p) => view(d, p, userId, locale));
}

export async function product(d: EarnDeps, id: number, userId: number | null, locale: Locale): Promise<EarnProduct> {
  const p = await findProduct(d.db, id);
  if (!p) fail('earnProductUnknown');
  return view(d, p, userId, locale);
}

/** Every product's name in the caller's language, for the orders and the income that name them. */
async function names(d: EarnDeps, locale: Locale): Promise<Map<number, string>> {
  return new Map((await listProducts(d.db)).map((p) => [p.id, nameIn(p.names, locale)]));
}

export async function subscribeTo(
  d: EarnDeps,
  userId: number,
  body: { productId: number; amount: string },
  locale: Locale,
): Promise<EarnOrder> {
  const p = await findProduct(d.db, body.productId);
  if (!p) fail('earnProductUnknown');
  const amount = positiveUnits(body.amount, ASSET_SCALE, 'earn.field.amount');
  // Liquidity mining is for users who linked a wallet (server/defi); its stake is their platform balance all the same.
  if (p.kind === 'mining' && !(await hasLink(d.db, userId))) fail('defiNotLinked');
  const o = await d.core.submit(subscribe, { userId, product: p, amount });
  return orderView(o, nameIn(p.names, locale), d.now());
}

/** An order of the user's: from the core while open, from the table once ended. */
async function ownOrder(d: EarnDeps, userId: number, id: number) {
  const open = bookOf(d.core).open.get(id);
  if (!open) await d.core.settled();
  const o = open ?? (await findEarnOrder(d.db, id));
  if (!o || o.userId !== userId) fail('earnOrderUnknown');
  return o;
}

export async function preview(d: EarnDeps, userId: number, id: number): Promise<RedeemPreview> {
  const o = await ownOrder(d, userId, id);
  if (o.state !== 'inProgress') fail('earnOrderUnknown');
  const matured = d.now() >= o.endAt;
  const accrued = interestFor(o.amount, o.dailyRate, daysAccrued(o.beginAt, o.cycleDays, d.now()));
  // A flexible order keeps every whole day: those paid and those the redemption pays first.
  if (o.kind === 'flexible')
    return { id: o.id, principal: units(o.amount), interest: units(accrued), forfeited: units(0n), allowed: true };
  return {
    id: o.id,
    principal: units(o.amount),
    interest: units(matured ? expectedOf(o) : 0n),
    forfeited: units(matured ? 0n : accrued),
    allowed: matured || o.earlyRedeem === 'forfeit',
  };
}

export async function redeemOrder(d: EarnDeps, userId: number, id: number, locale: Locale): Promise<EarnOrder> {
  await ownOrder(d, userId, id);
  const o = await d.core.submit(redeem, { userId, id });
  return orderView(o, (await names(d, locale)).get(o.productId) ?? '', d.now());
}

export async function orders(
  d: EarnDeps,
  userId: number,
  q: { kind?: EarnKind; state?: EarnOrder['state']; page: number; size: number },
  locale: Locale,
) {
  await d.core.settled();
  const { total, rows } = await userEarnOrders(d.db, userId, q, q);
  const n = await names(d, locale);
  return {
    total,
    page: q.page,
    size: q.size,
    records: rows.map((o) => orderView(o, n.get(o.productId) ?? '', d.now())),
  };
}

export async function income(d: EarnDeps, userId: number, q: { page: number; size: number }, locale: Locale) {
  await d.core.settled();
  const { total, rows } = await userIncome(d.db, userId, q);
  const n = await names(d, locale);
  return { total, page: q.page, size: q.size, records: rows.map((r) => incomeView(r, n.get(r.productId) ?? '')) };
}

/** A daily rate as 10⁻⁸ a day, above 0 and at most 5%. */
function rateOf(text: string): bigint {
  const r = parseUnits(text, 8);
  if (!r.ok || r.value <= 0n || r.value > MAX_RATE_E8) fail('earnRateInvalid');
  return r.value;
}

/** The operators' product form, checked: the coin listed, the rate, and min ≤ max ≤ capacity. */
async function productRow(
  d: EarnDeps,
  b: z.output<typeof productBody>,
): Promise<Omit<ProductRow, 'id'> & { id?: number }> {
  await requireAsset(d.db, b.coin);
  if (b.id !== undefined && !(await findProduct(d.db, b.id))) fail('earnProductUnknown');
  const minAmount = positiveUnits(b.minAmount, ASSET_SCALE, 'earn.field.minAmount');
  const maxAmount = positiveUnits(b.maxAmount, ASSET_SCALE, 'earn.field.maxAmount');
  const capacity = positiveUnits(b.capacity, ASSET_SCALE, 'earn.field.capacity');
  if (minAmount > maxAmount || maxAmount > capacity) fail('earnLimitsInvalid');
  return {
    ...(b.id === undefined ? {} : { id: b.id }),
    kind: b.kind,
    names: namesOf(b.name, b.names),
    asset: b.coin,
    dailyRate: rateOf(b.dailyRate),
    cycleDays: b.cycleDays,
    minAmount,
    maxAmount,
    perUser: b.perUser,
    capacity,
    earlyRedeem: b.earlyRedeem,
    open: b.open,
  };
}

/** An operator's new or changed product, with its audit line. */
export async function saveProduct(
  d: EarnDeps,
  operator: number,
  b: z.output<typeof productBody>,
  locale: Locale,
): Promise<EarnProduct> {
  const row = await productRow(d, b);
  const saved = await d.db.tx(async (q) => {
    const p = await saveProductRow(q, row, d.now());
    if (!p) fail('earnProductUnknown');
    await audit(
      q,
      operator,
      row.id === undefined ? 'earn.product.create' : 'earn.product.update',
      'earn_product',
      p.id,
      { ...b },
    );
    return p;
  });
  return view(d, saved, null, locale);
}

/** Per product, what its open orders hold and are owed; per coin, the pool and the interest it must keep. */
export async function obligations(
  d: EarnDeps,
  locale: Locale,
): Promise<{ products: EarnProduct[]; obligations: EarnObligation[]; pools: EarnPool[] }> {
  const book = bookOf(d.core);
  const all = await listProducts(d.db);
  const owed = new Map<number, { n: number; principal: bigint; interest: bigint }>();
  for (const o of book.open.values()) {
    const x = owed.get(o.productId) ?? { n: 0, principal: 0n, interest: 0n };
    owed.set(o.productId, { n: x.n + 1, principal: x.principal + o.amount, interest: x.interest + expectedOf(o) });
  }
  const coins = [...new Set(all.map((p) => p.asset))].sort();
  return {
    products: all.map((p) => view(d, p, null, locale)),
    obligations: all.map((p) => {
      const x = owed.get(p.id) ?? { n: 0, principal: 0n, interest: 0n };
      return {
        productId: p.id,
        name: nameIn(p.names, locale),
        coin: p.asset,
        openOrders: x.n,
        principal: units(x.principal),
        interestOwed: units(x.interest),
      };
    }),
    pools: coins.map((coin) => poolOf(d, coin)),
  };
}

export function poolOf(d: EarnDeps, coin: string): EarnPool {
  return {
    coin,
    balance: units(d.core.risk.available(null, ACCOUNT.earnPool, coin)),
    reserved: units(bookOf(d.core).reserved(coin)),
  };
}
