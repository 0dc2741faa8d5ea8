import { jsonCommand, type CommandContext } from '../core/command.ts';
import { DAY_MS } from '../../isomorphic/earn/interest.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import type { LoanBook } from './loan-book.ts';
import type { ApplicationRow, LoanRow } from './loan.repo.ts';
import { costAt } from '../../isomorphic/loan/cost.ts';

const bookOf = (ctx: CommandContext) => ctx.part<LoanBook>('loan');

/** A user's loan changed (paid out, repaid, overdue), for their screens and the overdue notice once durable. */
export const LOAN_CHANGED = 'loan.changed';
export interface LoanChange {
  loan: LoanRow;
  what: 'paid' | 'repaid' | 'overdue';
}

const changed = (ctx: CommandContext, loan: LoanRow, what: LoanChange['what']) => {
  bookOf(ctx).set(loan);
  ctx.emit(LOAN_CHANGED, { loan: { ...loan }, what } satisfies LoanChange);
  return { ...loan };
};

/** What a payout needs of an application (the rest stays in its table). */
type Payout = Pick<ApplicationRow, 'id' | 'userId' | 'asset' | 'amount' | 'dailyRate' | 'overdueRate' | 'cycleDays'>;
export const payoutOf = (a: ApplicationRow): Payout => ({
  id: a.id,
  userId: a.userId,
  asset: a.asset,
  amount: a.amount,
  dailyRate: a.dailyRate,
  overdueRate: a.overdueRate,
  cycleDays: a.cycleDays,
});

/** An approved application is paid out of the loan pool into the user's spot account; its days start now. */
export const payOut = jsonCommand('loan.payout', (ctx, a: Payout): LoanRow => {
  if (bookOf(ctx).open.has(a.id)) fail('loanUnknown');
  if (ctx.risk.available(null, ACCOUNT.loanPool, a.asset) < a.amount) fail('loanPoolShort');
  ctx.risk.post(
    [
      { owner: null, type: ACCOUNT.loanPool, asset: a.asset, available: -a.amount },
      { owner: a.userId, type: ACCOUNT.spot, asset: a.asset, available: a.amount },
    ],
    { billType: 'loan_payout', refType: 'loan', refId: a.id },
  );
  return changed(
    ctx,
    {
      id: a.id,
      userId: a.userId,
      asset: a.asset,
      principal: a.amount,
      dailyRate: a.dailyRate,
      overdueRate: a.overdueRate,
      startAt: ctx.now,
      dueAt: ctx.now + a.cycleDays * DAY_MS,
      overdue: false,
      settled: false,
      interestPaid: 0n,
      penaltyPaid: 0n,
      repaidAt: null,
    },
    'paid',
  );
});

/** Repays a loan in full from the spot account: principal, interest and any penalty go to the pool. */
export const repay = jsonCommand('loan.repay', (ctx, p: { userId: number; id: number }): LoanRow => {
  const l = bookOf(ctx).open.get(p.id);
  if (!l || l.userId !== p.userId) fail('loanUnknown');
  const owed = costAt(l, ctx.now);
  if (ctx.risk.available(l.userId, ACCOUNT.spot, l.asset) < owed.total) fail('insufficientBalance');
  ctx.risk.post(
    [
      { owner: l.userId, type: ACCOUNT.spot, asset: l.asset, available: -owed.total },
      { owner: null, type: ACCOUNT.loanPool, asset: l.asset, available: owed.total },
    ],
    { billType: 'loan_repay', refType: 'loan', refId: l.id },
  );
  return changed(
    ctx,
    { ...l, settled: true, interestPaid: owed.interest, penaltyPaid: owed.penalty, repaidAt: ctx.now },
    'repaid',
  );
});

/** Marks the loans past their due date overdue, once each (the penalty runs from the due date either way). */
export const markOverdue = jsonCommand('loan.overdue', (ctx, _p: Record<string, never>): number => {
  const due = [...bookOf(ctx).open.values()].filter((l) => !l.overdue && l.dueAt < ctx.now);
  for (const l of due) changed(ctx, { ...l, overdue: true }, 'overdue');
  return due.length;
});

export const LOAN_COMMANDS = [payOut, repay, markOverdue];
