import { fundingLines, fundPlatform } from '../core/funds.ts';
import type { FeatureContext, FeatureJob } from '../feature.ts';
import { userTopics } from '../feeds/topics.ts';
import { seedNames } from '../i18n/local-names.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { RefreshMessage } from '../../isomorphic/contract/private-feed.ts';
import { parseUnits } from '../../isomorphic/money/units.ts';
import type { LoanBook } from './loan-book.ts';
import { LOAN_CHANGED, markOverdue, type LoanChange } from './loan-commands.ts';
import { loanProducts, saveLoanProduct, type LoanProductRow } from './loan.repo.ts';

const u = (text: string) => {
  const r = parseUnits(text, 8);
  if (!r.ok) throw new Error(`bad amount ${text}`);
  return r.value;
};

/** What a fresh install lends: one USDT product with three cycles, named in all 13 languages; its pool. */
const SEED_PRODUCTS: Array<Omit<LoanProductRow, 'id'>> = [
  {
    names: seedNames((t) => t('productNames.seed.loan', { coin: 'USDT' })),
    asset: 'USDT',
    dailyRate: u('0.001'),
    overdueRate: u('0.005'),
    cycles: [7, 15, 30],
    minAmount: u('100'),
    maxAmount: u('50000'),
    institutions: seedNames((t) => t('productNames.seed.lendingDesk')),
    open: true,
  },
];
const SEED_POOL: Array<[string, string]> = [['USDT', '1000000']];
/** The ledger meta of money put into the loan pool: by the seed, or by an operator (their id). */
export const LOAN_POOL_FUNDING = (ref: string | number) => ({
  billType: 'loan_pool_funding' as const,
  refType: 'loan_pool',
  refId: ref,
});

/** A fresh install gets its products and its pool together; each change to a loan reloads its user's screens. */
export async function startLoans({ db, core, bus, clock }: FeatureContext): Promise<void> {
  core.on(LOAN_CHANGED, (payloads) => {
    for (const c of payloads as LoanChange[])
      bus.publish(userTopics.refresh(c.loan.userId), { kind: 'assets', ts: clock.now() } satisfies RefreshMessage);
  });
  if ((await loanProducts(db)).length) return;
  await fundPlatform(core, fundingLines(ACCOUNT.loanPool, SEED_POOL), LOAN_POOL_FUNDING('seed'), async (q) => {
    for (const p of SEED_PRODUCTS) await saveLoanProduct(q, p, clock.now());
  });
}

/** Loans past their due date are marked overdue as soon as the clock passes it (checked every minute). */
export function loanJobs({ core, clock }: FeatureContext): FeatureJob[] {
  return [
    {
      name: 'loan.overdue',
      everyMs: 60_000,
      where: 'core',
      run: async () => {
        const now = clock.now();
        if ([...core.part<LoanBook>('loan').open.values()].some((l) => !l.overdue && l.dueAt < now))
          await core.submit(markOverdue, {});
      },
    },
  ];
}
