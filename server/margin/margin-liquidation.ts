import type { CommandContext } from '../core/command.ts';
import { match, place } from '../spot/spot.commands.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';
import { QUOTE, valueUp } from './margin-account.ts';
import type { MarginAcct, MarginBook } from './margin-book.ts';
import { planLiquidation } from './liquidation.ts';
import { repayment } from './margin-moves.ts';

const meta = (a: MarginAcct) => ({ billType: 'margin_liquidation' as const, refType: 'margin_account', refId: a.id });

/**
 * Each asset's free balance repays its own debt, interest first (liquidation.ts step 1 and after each round of orders).
 */
function repayInKind(ctx: CommandContext, book: MarginBook, a: MarginAcct): void {
  for (const [asset, l] of [...a.lines].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const owed = l.principal + l.interest;
    const free = book.free(a, asset);
    const pay = owed < free ? owed : free;
    if (pay > 0n) ctx.risk.post(repayment(book, a, asset, pay, ctx.now), meta(a));
  }
}

/**
 * The insurance fund's lines covering what a liquidated account still owes of an asset: in kind if it can, else its
 * USDT value.
 */
function coverLines(
  ctx: CommandContext,
  book: MarginBook,
  asset: string,
  interest: bigint,
  principal: bigint,
): { lines: Posting[]; value: bigint } | undefined {
  const owed = interest + principal;
  const fund = (x: string) => ctx.risk.available(null, ACCOUNT.insuranceFund, x);
  const value = valueUp(owed, book.price(asset));
  if (fund(asset) >= owed) {
    return {
      value,
      lines: [
        { owner: null, type: ACCOUNT.insuranceFund, asset, available: -owed },
        ...(principal ? [{ owner: null, type: ACCOUNT.marginPool, asset, available: principal }] : []),
        ...(interest ? [{ owner: null, type: ACCOUNT.feeIncome, asset, available: interest }] : []),
      ],
    };
  }
  if (asset !== QUOTE && fund(QUOTE) >= value) {
    return {
      value,
      lines: [
        { owner: null, type: ACCOUNT.insuranceFund, asset: QUOTE, available: -value },
        { owner: null, type: ACCOUNT.marginPool, asset: QUOTE, available: value },
      ],
    };
  }
  return undefined;
}

/**
 * Liquidates a margin account at or below 1.1 (liquidation.ts has the plan): its open margin orders are cancelled,
 * balances repay their own debts, every other coin is sold by IOC orders bounded at the index − 2%, USDT debt is
 * repaid, each coin still owed is bought by IOC orders bounded at the index + 2% and repaid. If the plan has nothing
 * left to send and debt remains, the insurance fund covers it (in kind, or its USDT value) and the loans close; if
 * the book could not take an order, the debt stays and the next tick tries again. One record says what happened.
 */
export function liquidate(ctx: CommandContext, book: MarginBook, a: MarginAcct, level: bigint): void {
  const books = book.spot;
  const account = a.symbol === null ? 'cross' : 'isolated';
  for (const id of [...a.orders].sort((x, y) => x - y))
    match(ctx, books.market(books.live.get(id)!.symbol), { type: 'cancel', orderId: id, userId: a.userId }, [a.userId]);
  const priceOf = (x: string) => book.price(x);
  const markets = book.marginMarkets();
  const marketOf = (asset: string) => markets.find((m) => m.base === asset);
  const send = (symbol: string, side: 'buy' | 'sell', price: bigint, qty: bigint) => {
    const m = books.market(symbol);
    const quantity = qty - (qty % m.lot);
    if (quantity > 0n)
      place(
        ctx,
        { symbol, userId: a.userId, side, kind: 'limit', tif: 'IOC', price, quantity, quoteBudget: 0n },
        { account, autoRepay: false, borrowed: 0n },
      );
  };
  repayInKind(ctx, book, a);
  for (const s of planLiquidation({ account: book.view(a), priceOf, marketOf }).sells)
    send(s.symbol, 'sell', s.minPrice, s.qty);
  repayInKind(ctx, book, a);
  for (const b of planLiquidation({ account: book.view(a), priceOf, marketOf }).buys)
    send(b.symbol, 'buy', b.maxPrice, b.qty);
  repayInKind(ctx, book, a);
  const rest = planLiquidation({ account: book.view(a), priceOf, marketOf });
  let covered = 0n;
  if (rest.sells.length === 0 && rest.buys.length === 0) {
    for (const [asset, l] of [...a.lines].sort(([x], [y]) => (x < y ? -1 : 1))) {
      if (l.principal + l.interest === 0n) continue;
      const cover = coverLines(ctx, book, asset, l.interest, l.principal);
      if (!cover) continue;
      ctx.risk.post(cover.lines, { billType: 'margin_insurance', refType: 'margin_account', refId: a.id });
      covered += cover.value;
      l.interest = 0n;
      l.principal = 0n;
      for (const loan of book.openLoans(a, asset)) {
        loan.principal = 0n;
        book.touchLoan(loan, ctx.now);
      }
    }
  }
  book.record(a, {
    kind: 'liquidation',
    asset: QUOTE,
    amount: covered,
    interest: 0n,
    principal: 0n,
    level,
    createdAt: ctx.now,
  });
  book.touch(a, ctx.now);
}
