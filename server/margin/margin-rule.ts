import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { baseUnits } from '../spot/market.ts';
import type { OrderAccount, OrderRow } from '../spot/orders.repo.ts';
import { accountRule, holdOf, type SpotFill, type SpotPosition, type TradeRule } from '../spot/spot-rule.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';
import { fail } from '../outcome.ts';
import type { MarginAcct, MarginBook } from './margin-book.ts';
import { repayment } from './margin-moves.ts';

/** The margin account an order trades from: the user's cross account, or the isolated account of its pair. */
function accountOfOrder(book: MarginBook, o: Pick<OrderRow, 'userId' | 'symbol' | 'account'>): MarginAcct {
  const a = book.find(o.userId, o.account === 'cross' ? null : o.symbol);
  if (!a) fail('insufficientBalance');
  return a;
}

/**
 * The risk rules of margin orders on the spot books: the spot account's rule on the margin account's type, with the
 * margin part's own bookkeeping around it (each account's lines and what its orders hold, per isolated pair too,
 * since all of a user's isolated accounts share one ledger account). An order holds only what its own account has
 * free. An order with `autoRepay` repays the debt of the asset each fill brings, interest first, in the fill's own
 * ledger transaction.
 */
function marginRule(book: MarginBook, account: Exclude<OrderAccount, 'spot'>): TradeRule {
  const base = accountRule(account === 'cross' ? ACCOUNT.marginCross : ACCOUNT.marginIsolated, `margin.${account}`);
  return {
    ...base,
    hold(risk: RiskEngine, pos: SpotPosition): void {
      const a = accountOfOrder(book, pos.order);
      const h = holdOf(pos.market, pos.order);
      if (book.free(a, h.asset) < h.amount) fail('insufficientBalance');
      base.hold(risk, pos);
      book.addOnOrder(a, h.asset, h.amount);
      a.orders.add(pos.order.id);
      book.touch(a, risk.now);
    },
    settle(risk: RiskEngine, pos: SpotPosition, fill: SpotFill) {
      const { market: m, order: o } = pos;
      const a = accountOfOrder(book, o);
      const before = o.frozen;
      const part = base.settle(risk, pos, fill);
      book.addOnOrder(a, holdOf(m, o).asset, o.frozen - before);
      const got =
        o.side === 'buy'
          ? { asset: m.base, amount: baseUnits(m, fill.qty) - fill.fee }
          : { asset: m.quote, amount: fill.quote - fill.fee };
      const gave =
        o.side === 'buy' ? { asset: m.quote, amount: fill.quote } : { asset: m.base, amount: baseUnits(m, fill.qty) };
      book.line(a, gave.asset).balance -= gave.amount;
      book.line(a, got.asset).balance += got.amount;
      const lines: Posting[] = [...part.lines];
      if (o.autoRepay) {
        const l = book.line(a, got.asset);
        const owed = l.principal + l.interest;
        const pay = owed < got.amount ? owed : got.amount;
        if (pay > 0n) lines.push(...repayment(book, a, got.asset, pay, risk.now));
      }
      book.touch(a, risk.now);
      return { spends: part.spends, lines };
    },
    release(risk: RiskEngine, pos: SpotPosition): void {
      const a = accountOfOrder(book, pos.order);
      const left = pos.order.frozen;
      base.release(risk, pos);
      book.addOnOrder(a, holdOf(pos.market, pos.order).asset, -left);
      a.orders.delete(pos.order.id);
      book.touch(a, risk.now);
    },
  };
}

export function marginRules(book: MarginBook): Array<[OrderAccount, TradeRule]> {
  return [
    ['cross', marginRule(book, 'cross')],
    ['isolated', marginRule(book, 'isolated')],
  ];
}
