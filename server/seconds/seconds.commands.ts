import type { SettlementMessage } from '../../isomorphic/contract/private-feed.ts';
import { jsonCommand, type CommandContext } from '../core/command.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import { billOf, outcomeOf, secondsRule, winOf, type SecondsOutcome } from './seconds-rule.ts';
import type { SecondsBook } from './seconds-book.ts';
import type { SecondsOrderRow } from './seconds.repo.ts';

/**
 * An order as the edge prepared it: the period's parameters and the entry price are fixed here, so replay decides
 * alike.
 */
type OpenSeconds = Pick<
  SecondsOrderRow,
  | 'userId'
  | 'symbol'
  | 'periodId'
  | 'seconds'
  | 'direction'
  | 'asset'
  | 'stake'
  | 'profitBps'
  | 'lossBps'
  | 'openPrice'
  | 'openPeriod'
  | 'clientKey'
> & {
  /** The period's cap on the open stake per direction. */
  exposureCap: bigint;
  /** When the open price's source last confirmed it (ms). */
  priceAt: number;
  /** How old that confirmation may be when the core opens the order (SECONDS_PRICE_AGE_MS). */
  maxPriceAgeMs: number;
};

/** The opened order, or the one a repeated client key opened before (`repeated`, as it stood then or stands now). */
type OpenedSeconds = { order: SecondsOrderRow; repeated: false } | { orderId: number; repeated: true };

/** One order to settle on a recorded price, or to refund when none could be used (closePrice null). */
export type Settlement = [orderId: number, closePrice: bigint | null, closePeriod: number | null];

export const SECONDS_SETTLED = 'seconds.settled';

const bookOf = (ctx: CommandContext) => ctx.part<SecondsBook>('seconds');

export const openSeconds = jsonCommand<OpenSeconds, OpenedSeconds>('seconds.open', (ctx, p) => {
  const book = bookOf(ctx);
  book.forgetKeys(ctx.now);
  const first = p.clientKey ? book.keys.get(`${p.userId}:${p.clientKey}`) : undefined;
  if (first) return { orderId: first.id, repeated: true };
  // Judged here, at the core's time, not at the edge's: a request that waited in the queue must not open on the
  // price it saw when it arrived. An order on a price the feed stopped confirming is a free option to anyone who
  // sees the real price elsewhere. (Journal entries from before this rule have no priceAt: NaN is never greater,
  // so they replay as they were accepted.)
  if (ctx.now - p.priceAt > p.maxPriceAgeMs) fail('secondsPriceStale', { seconds: p.maxPriceAgeMs / 1000 });
  if (book.openStake(p.periodId, p.direction) + p.stake > p.exposureCap) fail('secondsExposureFull');
  const order: SecondsOrderRow = {
    id: book.peekId(),
    userId: p.userId,
    symbol: p.symbol,
    periodId: p.periodId,
    seconds: p.seconds,
    direction: p.direction,
    asset: p.asset,
    stake: p.stake,
    profitBps: p.profitBps,
    lossBps: p.lossBps,
    openPrice: p.openPrice,
    openPeriod: p.openPeriod,
    expiresAt: p.openPeriod + p.seconds * 1000,
    clientKey: p.clientKey,
    status: 'open',
    closePrice: null,
    closePeriod: null,
    profit: 0n,
    reason: null,
    createdAt: ctx.now,
    settledAt: null,
  };
  // The pool must be able to pay every open order should all win: a win is never paid from nowhere.
  if (ctx.risk.available(null, ACCOUNT.secondsPool, p.asset) - book.reserved(p.asset) < winOf(order))
    fail('secondsPoolFull');
  secondsRule.hold(ctx.risk, order);
  book.add(order);
  return { order: { ...order }, repeated: false };
});

/**
 * Settles orders on the prices the settlement job read from the records; an order already settled is skipped, so
 * a job run repeated after a crash settles nothing twice. Answers how many it settled.
 */
export const settleSeconds = jsonCommand<Settlement[], number>('seconds.settle', (ctx, settlements) => {
  const book = bookOf(ctx);
  let settled = 0;
  for (const [orderId, closePrice, closePeriod] of settlements) {
    const o = book.open.get(orderId);
    if (!o) continue;
    const outcome: SecondsOutcome = closePrice === null ? 'refunded' : outcomeOf(o, closePrice);
    const part = secondsRule.settle(ctx.risk, o, outcome);
    ctx.risk.post(part.lines, { billType: billOf(outcome), refType: 'seconds', refId: o.id }, part.spends);
    const back = part.lines.find((l) => l.owner === o.userId)?.available ?? 0n;
    Object.assign(o, {
      status: outcome,
      closePrice,
      closePeriod,
      profit: back - o.stake,
      reason: outcome === 'refunded' ? 'noPrice' : null,
      settledAt: ctx.now,
    });
    book.close(o);
    ctx.emit(SECONDS_SETTLED, { ...o });
    settled++;
  }
  return settled;
});

export const SECONDS_COMMANDS = [openSeconds, settleSeconds];

/** The private feed's SETTLEMENT message of a settled order. */
export function settlementMessage(
  o: SecondsOrderRow,
  format: { price: (v: bigint) => string; amount: (v: bigint) => string },
): SettlementMessage {
  return {
    product: 'seconds',
    orderId: String(o.id),
    symbol: o.symbol,
    direction: o.direction,
    amount: format.amount(o.stake),
    coin: o.asset,
    openPrice: format.price(o.openPrice),
    closePrice: o.closePrice === null ? '' : format.price(o.closePrice),
    profit: format.amount(o.profit),
    settledAt: o.settledAt ?? 0,
  };
}
