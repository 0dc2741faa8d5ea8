import type { z } from 'zod';
import type {
  applyLoanBody,
  LoanApplication,
  LoanPool,
  LoanProduct,
  LoanRecord,
  loanProductBody,
  loanQueueQuery,
  loanReviewBody,
} from '../../isomorphic/contract/loan.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import { ASSET_SCALE, formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import { audit } from '../audit/audit.ts';
import type { TradingCore } from '../core/core.ts';
import { positiveUnits } from '../spot/order-checks.ts';
import { kycStanding, ownsUpload } from '../identity/kyc.repo.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { nicknames } from '../user/user.repo.ts';
import { requireAsset } from '../wallet/amounts.ts';
import type { LoanBook } from './loan-book.ts';
import { payOut, payoutOf, repay } from './loan-commands.ts';
import {
  applicationQueue,
  decideApplication,
  findApplication,
  findLoanProduct,
  insertApplication,
  loanProducts,
  loansByIds,
  lockApplicant,
  pendingOf,
  saveLoanProduct,
  userApplications,
  type ApplicationRow,
  type LoanProductRow,
} from './loan.repo.ts';
import { costAt } from '../../isomorphic/loan/cost.ts';
import { namesOf } from '../../isomorphic/contract/local-names.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { loanProductView, loanView } from './views.ts';

interface LoanDeps {
  db: Db;
  core: TradingCore;
  now: () => number;
  /** The caller's language, for the products' names and institutions. */
  locale: Locale;
}

/** A loan needs primary identity verification (level 1) besides its ID photos. */
const LOAN_LEVEL = 1;
const MAX_RATE_E8 = 5_000_000n;
const units = (v: bigint) => formatUnits(v, ASSET_SCALE);
const bookOf = (core: TradingCore) => core.part<LoanBook>('loan');

export async function products(d: LoanDeps): Promise<LoanProduct[]> {
  return (await loanProducts(d.db)).filter((p) => p.open).map((p) => loanProductView(p, d.locale));
}

/** Applications with their loans: from the core while a loan is open, from the table once settled. */
async function records(d: LoanDeps, apps: ApplicationRow[]): Promise<LoanRecord[]> {
  await d.core.settled();
  const loans = await loansByIds(
    d.db,
    apps.map((a) => a.id),
  );
  const byId = new Map((await loanProducts(d.db)).map((p) => [p.id, p]));
  return apps.map((a) =>
    loanView(a, bookOf(d.core).open.get(a.id) ?? loans.get(a.id), byId.get(a.productId), d.now(), d.locale),
  );
}

export async function apply(d: LoanDeps, userId: number, b: z.output<typeof applyLoanBody>): Promise<LoanRecord> {
  const p = await findLoanProduct(d.db, b.productId);
  if (!p) fail('loanProductUnknown');
  if (!p.open) fail('loanProductClosed');
  const amount = positiveUnits(b.amount, ASSET_SCALE, 'loan.field.amount');
  if (amount < p.minAmount || amount > p.maxAmount)
    fail('loanOutsideLimits', { min: units(p.minAmount), max: units(p.maxAmount), coin: p.asset });
  if (!p.cycles.includes(b.cycleDays)) fail('loanCycleUnknown', { cycles: p.cycles.join(', ') });
  if ((await kycStanding(d.db, userId)).level < LOAN_LEVEL) fail('kycRequired');
  const photos = [b.front, b.back, b.selfie];
  if (new Set(photos).size !== 3) fail('loanPhotosInvalid');
  for (const photo of photos) if (!(await ownsUpload(d.db, userId, photo))) fail('loanPhotosInvalid');
  const a = await d.db.tx(async (q) => {
    // One application waits at a time: two sent together cannot both pass this check.
    await lockApplicant(d.db, q, userId);
    if (await pendingOf(q, userId)) fail('loanPending');
    return insertApplication(q, {
      userId,
      productId: p.id,
      asset: p.asset,
      amount,
      cycleDays: b.cycleDays,
      dailyRate: p.dailyRate,
      overdueRate: p.overdueRate,
      repayType: b.repayType,
      front: b.front,
      back: b.back,
      selfie: b.selfie,
      appliedAt: d.now(),
    });
  });
  return (await records(d, [a]))[0]!;
}

export async function mine(d: LoanDeps, userId: number, page: { page: number; size: number }) {
  const { total, rows } = await userApplications(d.db, userId, page);
  return { total, page: page.page, size: page.size, records: await records(d, rows) };
}

export async function detail(d: LoanDeps, userId: number, id: number): Promise<LoanRecord> {
  const a = await findApplication(d.db, id);
  if (!a || a.userId !== userId) fail('loanUnknown');
  return (await records(d, [a]))[0]!;
}

export async function repayLoan(d: LoanDeps, userId: number, id: number): Promise<LoanRecord> {
  const a = await findApplication(d.db, id);
  if (!a || a.userId !== userId) fail('loanUnknown');
  await d.core.submit(repay, { userId, id });
  return (await records(d, [a]))[0]!;
}

async function applications(d: LoanDeps, rows: ApplicationRow[]): Promise<LoanApplication[]> {
  const recs = await records(d, rows);
  const names = await nicknames(
    d.db,
    rows.map((a) => a.userId),
  );
  const out: LoanApplication[] = [];
  for (const [i, a] of rows.entries()) {
    out.push({
      ...recs[i]!,
      userId: a.userId,
      nickname: names.get(a.userId) ?? '',
      kycLevel: (await kycStanding(d.db, a.userId)).level,
      front: a.front,
      back: a.back,
      selfie: a.selfie,
    });
  }
  return out;
}

function rateOf(text: string): bigint {
  const r = parseUnits(text, 8);
  if (!r.ok || r.value <= 0n || r.value > MAX_RATE_E8) fail('earnRateInvalid');
  return r.value;
}

async function productRow(
  d: LoanDeps,
  b: z.output<typeof loanProductBody>,
): Promise<Omit<LoanProductRow, 'id'> & { id?: number }> {
  await requireAsset(d.db, b.coin);
  if (b.id !== undefined && !(await findLoanProduct(d.db, b.id))) fail('loanProductUnknown');
  const minAmount = positiveUnits(b.minAmount, ASSET_SCALE, 'loan.field.minAmount');
  const maxAmount = positiveUnits(b.maxAmount, ASSET_SCALE, 'loan.field.maxAmount');
  if (minAmount > maxAmount) fail('earnLimitsInvalid');
  return {
    ...(b.id === undefined ? {} : { id: b.id }),
    names: namesOf(b.name, b.names),
    asset: b.coin,
    dailyRate: rateOf(b.dailyRate),
    overdueRate: rateOf(b.overdueRate),
    cycles: [...new Set(b.cycles)].sort((x, y) => x - y),
    minAmount,
    maxAmount,
    institutions: namesOf(b.institution, b.institutions),
    open: b.open,
  };
}

/** A coin's loan pool, the principal out on its open loans, and the interest and penalties they owe now. */
export function poolOf(d: LoanDeps, coin: string): LoanPool {
  const open = [...bookOf(d.core).open.values()].filter((l) => l.asset === coin);
  return {
    coin,
    balance: units(d.core.risk.available(null, ACCOUNT.loanPool, coin)),
    lent: units(open.reduce((s, l) => s + l.principal, 0n)),
    owed: units(open.reduce((s, l) => s + costAt(l, d.now()).total - l.principal, 0n)),
  };
}

/** The operators' queue of applications in one state. */
export async function queue(d: LoanDeps, q: z.output<typeof loanQueueQuery>): Promise<Page<LoanApplication>> {
  const { total, rows } = await applicationQueue(d.db, q.state, q);
  return { total, page: q.page, size: q.size, records: await applications(d, rows) };
}

/** An operator's decision on a pending application, with its audit line; a rejection needs a reason. */
export async function review(
  d: LoanDeps,
  operator: number,
  { id, approve, reason }: z.output<typeof loanReviewBody>,
): Promise<LoanApplication> {
  if (!approve && !reason) fail('reasonRequired');
  const decide = async (q: Queryable) => {
    const a = await decideApplication(q, id, {
      state: approve ? 'passed' : 'failed',
      reason: approve ? null : reason,
      at: d.now(),
      by: operator,
    });
    if (!a) fail('loanReviewed');
    await audit(q, operator, approve ? 'loan.approve' : 'loan.reject', 'loan', id, { reason });
    return a;
  };
  // An approval pays out in the same transaction as the decision: a refused payout (the pool short) leaves it pending.
  if (approve) await d.core.submitPrepared(payOut, async (q) => payoutOf(await decide(q)));
  else await d.db.tx(decide);
  return (await applications(d, [(await findApplication(d.db, id))!]))[0]!;
}

/** Every product, open or not, and every lent coin's pool: the operators' view. */
export async function adminView(d: LoanDeps): Promise<{ products: LoanProduct[]; pools: LoanPool[] }> {
  return { products: (await loanProducts(d.db)).map((p) => loanProductView(p, d.locale)), pools: await pools(d) };
}

/** An operator's new or changed product, with its audit line. */
export async function saveProduct(
  d: LoanDeps,
  operator: number,
  b: z.output<typeof loanProductBody>,
): Promise<LoanProduct> {
  const row = await productRow(d, b);
  const saved = await d.db.tx(async (q) => {
    const p = await saveLoanProduct(q, row, d.now());
    if (!p) fail('loanProductUnknown');
    await audit(
      q,
      operator,
      row.id === undefined ? 'loan.product.create' : 'loan.product.update',
      'loan_product',
      p.id,
      { ...b },
    );
    return p;
  });
  return loanProductView(saved, d.locale);
}

/** The pool of every coin a product lends. */
export async function pools(d: LoanDeps): Promise<LoanPool[]> {
  return [...new Set((await loanProducts(d.db)).map((p) => p.asset))].sort().map((coin) => poolOf(d, coin));
}
