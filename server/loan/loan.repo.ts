import type { RepayType } from '../../isomorphic/contract/loan.ts';
import type { LocalNames } from '../../isomorphic/contract/local-names.ts';
import { namesColumn, namesOfRow } from '../i18n/local-names.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Db, type Queryable, type Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

export interface LoanProductRow {
  id: number;
  /** The name and the lending institution in English and in each other language an operator gave. */
  names: LocalNames;
  asset: string;
  dailyRate: bigint;
  overdueRate: bigint;
  cycles: number[];
  minAmount: bigint;
  maxAmount: bigint;
  institutions: LocalNames;
  open: boolean;
}

export interface ApplicationRow {
  id: number;
  userId: number;
  productId: number;
  asset: string;
  amount: bigint;
  cycleDays: number;
  dailyRate: bigint;
  overdueRate: bigint;
  repayType: RepayType;
  front: string;
  back: string;
  selfie: string;
  state: 'pending' | 'passed' | 'failed';
  reason: string | null;
  appliedAt: number;
  reviewedAt: number | null;
}

/** A loan paid out; it leaves the core's memory once settled. */
export interface LoanRow {
  id: number;
  userId: number;
  asset: string;
  principal: bigint;
  dailyRate: bigint;
  overdueRate: bigint;
  startAt: number;
  dueAt: number;
  overdue: boolean;
  settled: boolean;
  interestPaid: bigint;
  penaltyPaid: bigint;
  repaidAt: number | null;
}

const big = (v: unknown) => BigInt(v as bigint);
const maybe = (v: unknown) => (v === null || v === undefined ? null : num(v));

const productOf = (r: Row): LoanProductRow => ({
  id: num(r.id),
  names: namesOfRow(r.name, r.names),
  asset: String(r.asset),
  dailyRate: big(r.daily_rate),
  overdueRate: big(r.overdue_rate),
  cycles: JSON.parse(String(r.cycles)) as number[],
  minAmount: big(r.min_amount),
  maxAmount: big(r.max_amount),
  institutions: namesOfRow(r.institution, r.institutions),
  open: num(r.open) === 1,
});
const applicationOf = (r: Row): ApplicationRow => ({
  id: num(r.id),
  userId: num(r.user_id),
  productId: num(r.product_id),
  asset: String(r.asset),
  amount: big(r.amount),
  cycleDays: num(r.cycle_days),
  dailyRate: big(r.daily_rate),
  overdueRate: big(r.overdue_rate),
  repayType: num(r.repay_type) as RepayType,
  front: String(r.front),
  back: String(r.back),
  selfie: String(r.selfie),
  state: r.state as ApplicationRow['state'],
  reason: r.reason === null || r.reason === undefined ? null : String(r.reason),
  appliedAt: num(r.applied_at),
  reviewedAt: maybe(r.reviewed_at),
});
const loanOf = (r: Row): LoanRow => ({
  id: num(r.id),
  userId: num(r.user_id),
  asset: String(r.asset),
  principal: big(r.principal),
  dailyRate: big(r.daily_rate),
  overdueRate: big(r.overdue_rate),
  startAt: num(r.start_at),
  dueAt: num(r.due_at),
  overdue: num(r.overdue) === 1,
  settled: num(r.settled) === 1,
  interestPaid: big(r.interest_paid),
  penaltyPaid: big(r.penalty_paid),
  repaidAt: maybe(r.repaid_at),
});

export async function loanProducts(q: Queryable): Promise<LoanProductRow[]> {
  return (await q.all('SELECT * FROM loan_products ORDER BY id')).map(productOf);
}

export async function findLoanProduct(q: Queryable, id: number): Promise<LoanProductRow | undefined> {
  const r = await q.get('SELECT * FROM loan_products WHERE id = ?', [id]);
  return r ? productOf(r) : undefined;
}

export async function saveLoanProduct(
  q: Queryable,
  p: Omit<LoanProductRow, 'id'> & { id?: number },
  now: number,
): Promise<LoanProductRow | undefined> {
  const values = [
    p.names.en,
    namesColumn(p.names),
    p.asset,
    p.dailyRate,
    p.overdueRate,
    JSON.stringify(p.cycles),
    p.minAmount,
    p.maxAmount,
    p.institutions.en,
    namesColumn(p.institutions),
    p.open ? 1 : 0,
  ];
  const r =
    p.id === undefined
      ? await q.get(
          'INSERT INTO loan_products (name, names, asset, daily_rate, overdue_rate, cycles, min_amount, max_amount, institution, institutions, open, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
          [...values, now, now],
        )
      : await q.get(
          'UPDATE loan_products SET name = ?, names = ?, asset = ?, daily_rate = ?, overdue_rate = ?, cycles = ?, min_amount = ?, max_amount = ?, institution = ?, institutions = ?, open = ?, updated_at = ? WHERE id = ? RETURNING *',
          [...values, now, p.id],
        );
  return r ? productOf(r) : undefined;
}

export async function insertApplication(
  q: Queryable,
  a: Omit<ApplicationRow, 'id' | 'state' | 'reason' | 'reviewedAt'>,
): Promise<ApplicationRow> {
  const r = await q.get(
    `INSERT INTO loan_applications (user_id, product_id, asset, amount, cycle_days, daily_rate, overdue_rate, repay_type, front, back, selfie, state, applied_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?) RETURNING *`,
    [
      a.userId,
      a.productId,
      a.asset,
      a.amount,
      a.cycleDays,
      a.dailyRate,
      a.overdueRate,
      a.repayType,
      a.front,
      a.back,
      a.selfie,
      a.appliedAt,
    ],
  );
  return applicationOf(r!);
}

/** Holds the user's row until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
export async function lockApplicant(db: Db, q: Queryable, userId: number): Promise<void> {
  if (db.dialect === 'postgres') await q.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
}

/** A user's applications still waiting for review (one at a time). */
export async function pendingOf(q: Queryable, userId: number): Promise<number> {
  return num(
    (
      await q.get<{ n: unknown }>(
        "SELECT COUNT(*) AS n FROM loan_applications WHERE user_id = ? AND state = 'pending'",
        [userId],
      )
    )?.n,
  );
}

/** Decides a pending application; undefined when it was not pending (decided already, by a racing review). */
export async function decideApplication(
  q: Queryable,
  id: number,
  d: { state: 'passed' | 'failed'; reason: string | null; at: number; by: number },
): Promise<ApplicationRow | undefined> {
  const r = await q.get(
    "UPDATE loan_applications SET state = ?, reason = ?, reviewed_at = ?, reviewed_by = ? WHERE id = ? AND state = 'pending' RETURNING *",
    [d.state, d.reason, d.at, d.by, id],
  );
  return r ? applicationOf(r) : undefined;
}

export async function findApplication(q: Queryable, id: number): Promise<ApplicationRow | undefined> {
  const r = await q.get('SELECT * FROM loan_applications WHERE id = ?', [id]);
  return r ? applicationOf(r) : undefined;
}

export async function userApplications(q: Queryable, userId: number, page: PageRequest) {
  const res = await pageOf<Row>(
    q,
    { select: '*', from: 'FROM loan_applications WHERE user_id = ?', order: 'id DESC', params: [userId] },
    page,
  );
  return { total: res.total, rows: res.rows.map(applicationOf) };
}

export async function applicationQueue(q: Queryable, state: ApplicationRow['state'], page: PageRequest) {
  const res = await pageOf<Row>(
    q,
    {
      select: '*',
      from: 'FROM loan_applications WHERE state = ?',
      order: state === 'pending' ? 'id' : 'id DESC',
      params: [state],
    },
    page,
  );
  return { total: res.total, rows: res.rows.map(applicationOf) };
}

export async function loansByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, LoanRow>> {
  if (!ids.length) return new Map();
  const rows = await q.all(`SELECT * FROM loans WHERE id IN (${ids.map(() => '?').join(', ')})`, [...ids]);
  return new Map(rows.map((r) => [num(r.id), loanOf(r)]));
}

export async function openLoans(q: Queryable): Promise<LoanRow[]> {
  return (await q.all('SELECT * FROM loans WHERE settled = 0 ORDER BY id')).map(loanOf);
}

const LOAN_UPSERT = {
  head: 'INSERT INTO loans (id, user_id, asset, principal, daily_rate, overdue_rate, start_at, due_at, overdue, settled, interest_paid, penalty_paid, repaid_at)',
  tail: 'ON CONFLICT (id) DO UPDATE SET overdue = excluded.overdue, settled = excluded.settled, interest_paid = excluded.interest_paid, penalty_paid = excluded.penalty_paid, repaid_at = excluded.repaid_at',
};

export async function writeLoans(q: Queryable, loans: Iterable<LoanRow>): Promise<void> {
  await writeRows(
    q,
    LOAN_UPSERT,
    [...loans].map((l) => [
      l.id,
      l.userId,
      l.asset,
      l.principal,
      l.dailyRate,
      l.overdueRate,
      l.startAt,
      l.dueAt,
      l.overdue ? 1 : 0,
      l.settled ? 1 : 0,
      l.interestPaid,
      l.penaltyPaid,
      l.repaidAt,
    ]),
  );
}
