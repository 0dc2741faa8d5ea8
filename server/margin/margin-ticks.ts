import type { CommandContext, CommandType } from '../core/command.ts';
import { interestDue, charged } from './interest.ts';
import { levelTriggers } from './level-index.ts';
import { riskState } from './margin-account.ts';
import type { MarginAcct, MarginBook } from './margin-book.ts';
import { MARGIN_CHANGED, marginOf, type MarginChanged } from './margin-commands.ts';
import { liquidate } from './margin-liquidation.ts';
import { dailyRate, levelOf } from './margin-moves.ts';

/** A margin call or a liquidation, for the notifications once the batch is durable. */
export const MARGIN_ALERT = 'margin.alert';
export interface MarginAlert {
  userId: number;
  symbol: string | null;
  kind: 'marginCall' | 'liquidation';
  level: bigint;
}

interface MarginTick {
  /** [asset, USDT per whole asset at 8 decimals] of the assets whose index moved. */
  prices: Array<[string, bigint]>;
}

/** Whether every asset the account counts has a price (an account with an unpriced asset waits for one). */
function priced(book: MarginBook, a: MarginAcct): boolean {
  for (const [asset, l] of a.lines)
    if (
      book.holds(a, asset) &&
      (l.balance !== 0n || l.principal + l.interest !== 0n) &&
      asset !== 'USDT' &&
      !book.prices.has(asset)
    )
      return false;
  return true;
}

/**
 * Checks an account in full at the part's prices: liquidates it at ≤ 1.1, sends a margin call when it first falls
 * to ≤ 1.3, clears the call when a check finds it back above; then stores its new triggers in the level indexes.
 */
function check(ctx: CommandContext, book: MarginBook, a: MarginAcct, users: Set<number>): void {
  if (!priced(book, a)) return;
  if (book.indexed(a)) {
    const level = levelOf(book, a)!;
    const state = riskState(level);
    if (state === 'liquidation') {
      liquidate(ctx, book, a, level);
      users.add(a.userId);
      ctx.emit(MARGIN_ALERT, { userId: a.userId, symbol: a.symbol, kind: 'liquidation', level } satisfies MarginAlert);
    } else if (state === 'marginCall' && !a.called) {
      a.called = true;
      book.record(a, {
        kind: 'marginCall',
        asset: 'USDT',
        amount: 0n,
        interest: 0n,
        principal: 0n,
        level,
        createdAt: ctx.now,
      });
      book.touch(a, ctx.now);
      users.add(a.userId);
      ctx.emit(MARGIN_ALERT, { userId: a.userId, symbol: a.symbol, kind: 'marginCall', level } satisfies MarginAlert);
    } else if (state !== 'marginCall' && a.called) {
      a.called = false;
      book.touch(a, ctx.now);
    }
  }
  book.dirty.delete(a);
  const view = book.indexed(a) ? book.view(a) : undefined;
  const priceOf = (x: string) => book.price(x);
  for (const [index, threshold] of book.thresholds()) {
    // A called account needs no call trigger: it is called already (it is checked again whenever it changes, and
    // its liquidation trigger stays), so it is not looked at on every tick while it sits below 1.3.
    if (view && !(index === book.callIndex && a.called)) index.set(a.id, levelTriggers(view, priceOf, threshold));
    else index.delete(a.id);
  }
}

/**
 * A price tick: the index prices of the assets that moved, as sampled beside the core and journaled with the tick.
 * The accounts changed since their last check and those whose triggers the new prices reached are checked in full
 * (in id order, so a replay acts the same).
 */
export const marginTick: CommandType<MarginTick, number> = {
  type: 'margin.tick',
  encode: (t) => t.prices.map(([a, p]) => [a, `${p}`]),
  decode: (v) => ({ prices: (v as Array<[string, string]>).map(([a, p]) => [a, BigInt(p)]) }),
  apply(ctx, t) {
    const book = marginOf(ctx);
    for (const [asset, p] of t.prices) book.prices.set(asset, p);
    book.pricedAt = ctx.now;
    book.pricesChanged = true;
    const ids = new Set<number>([...book.dirty].map((a) => a.id));
    for (const [asset, p] of t.prices)
      for (const [index] of book.thresholds()) for (const id of index.reached(asset, p)) ids.add(id);
    const users = new Set<number>();
    for (const id of [...ids].sort((x, y) => x - y)) {
      const a = book.byId.get(id);
      if (a) check(ctx, book, a, users);
    }
    if (users.size) ctx.emit(MARGIN_CHANGED, { users: [...users] } satisfies MarginChanged);
    return ids.size;
  },
};

/**
 * Hourly interest: every open loan is charged the hours it owes by now (interest.ts: each loan counts the hours
 * charged, so a repeated or replayed run charges nothing twice, and after downtime each missed hour once). The
 * interest is owed (it adds to the account's debt); it moves money only when repaid.
 */
export const marginInterest: CommandType<Record<string, never>, number> = {
  type: 'margin.interest',
  encode: () => 0,
  decode: () => ({}),
  apply(ctx) {
    const book = marginOf(ctx);
    const users = new Set<number>();
    let hours = 0;
    for (const [accountId, loans] of [...book.loans].sort(([x], [y]) => x - y)) {
      const a = book.byId.get(accountId)!;
      for (const loan of loans) {
        const due = interestDue(loan, dailyRate(loan.asset), ctx.now);
        if (due.hours === 0) continue;
        loan.hoursCharged = charged(loan, due).hoursCharged;
        loan.interestCharged += due.interest;
        book.touchLoan(loan, ctx.now);
        book.line(a, loan.asset).interest += due.interest;
        book.record(a, {
          kind: 'interest',
          asset: loan.asset,
          amount: due.interest,
          interest: due.interest,
          principal: 0n,
          hours: due.hours,
          loanId: loan.id,
          fromHour: due.fromHour,
          createdAt: ctx.now,
        });
        book.touch(a, ctx.now);
        users.add(a.userId);
        hours += due.hours;
      }
    }
    if (users.size) ctx.emit(MARGIN_CHANGED, { users: [...users] } satisfies MarginChanged);
    return hours;
  },
};

export const MARGIN_TICK_COMMANDS = [marginTick, marginInterest];
