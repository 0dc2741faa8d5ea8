import type { LoanProduct, LoanRecord, LoanState } from '../../isomorphic/contract/loan.ts';
import { nameIn } from '../../isomorphic/contract/local-names.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import type { ApplicationRow, LoanProductRow, LoanRow } from './loan.repo.ts';
import { costAt } from '../../isomorphic/loan/cost.ts';

const units = (v: bigint) => formatUnits(v, ASSET_SCALE);
const rate = (e8: bigint) => formatUnits(e8, 8);

/** A product as a caller sees it: named in the caller's language, with every language's for the console. */
export function loanProductView(p: LoanProductRow, locale: Locale): LoanProduct {
  return {
    id: p.id,
    name: nameIn(p.names, locale),
    names: p.names,
    coin: p.asset,
    dailyRate: rate(p.dailyRate),
    overdueRate: rate(p.overdueRate),
    cycles: p.cycles,
    minAmount: units(p.minAmount),
    maxAmount: units(p.maxAmount),
    institution: nameIn(p.institutions, locale),
    institutions: p.institutions,
    repayTypes: [1],
    open: p.open,
  };
}

/**
 * docs/requirements.md §4's state of an application and its loan at `now`. A loan past its due date is overdue from
 * that moment, as its penalty is; the job's flag (set within a minute) only records it.
 */
function stateOf(a: ApplicationRow, loan: LoanRow | undefined, now: number): LoanState {
  if (a.state !== 'passed') return a.state;
  if (loan?.settled) return 'settled';
  return loan && (loan.overdue || loan.dueAt < now) ? 'overdue' : 'passed';
}

/** An application with its loan as it stands at `now`: what it owes now, or what it paid once settled. */
export function loanView(
  a: ApplicationRow,
  loan: LoanRow | undefined,
  product: LoanProductRow | undefined,
  now: number,
  locale: Locale,
): LoanRecord {
  // A settled loan shows what it paid (the same formula at its repayment time); an open one what it owes now.
  const owed = loan ? costAt(loan, loan.repaidAt ?? now) : undefined;
  return {
    id: a.id,
    productId: a.productId,
    name: product ? nameIn(product.names, locale) : '',
    institution: product ? nameIn(product.institutions, locale) : '',
    coin: a.asset,
    amount: units(a.amount),
    cycleDays: a.cycleDays,
    dailyRate: rate(a.dailyRate),
    overdueRate: rate(a.overdueRate),
    repayType: a.repayType,
    state: stateOf(a, loan, now),
    appliedAt: a.appliedAt,
    startAt: loan?.startAt ?? null,
    dueAt: loan?.dueAt ?? null,
    interest: units(owed?.interest ?? 0n),
    penalty: units(owed?.penalty ?? 0n),
    totalDue: units(owed?.total ?? 0n),
    interestDays: owed?.interestDays ?? 0,
    overdueDays: owed?.overdueDays ?? 0,
    repaidAt: loan?.repaidAt ?? null,
    reason: a.reason,
  };
}
