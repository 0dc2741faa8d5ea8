import { fundingLines, fundPlatform } from '../core/funds.ts';
import type { FeatureContext, FeatureJob } from '../feature.ts';
import { userTopics } from '../feeds/topics.ts';
import { seedNames } from '../i18n/local-names.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { RefreshMessage } from '../../isomorphic/contract/private-feed.ts';
import { parseUnits } from '../../isomorphic/money/units.ts';
import type { EarnBook } from './earn-book.ts';
import { accrueDue, EARN_CHANGED, matureDue } from './earn-commands.ts';
import { hasProducts, saveProduct, type ProductRow } from './earn.repo.ts';

const u = (text: string) => {
  const r = parseUnits(text, 8);
  if (!r.ok) throw new Error(`bad amount ${text}`);
  return r.value;
};

/**
 * What a fresh install offers: staking (pledge), fixed-term and flexible products, with limits that the seeded pool
 * covers in full. Each is named in all 13 languages by the site's own product titles (earn.title.*), so the seeded
 * name reads like the page's heading in every language.
 */
const SEED_TERMS: Array<Omit<ProductRow, 'id' | 'names'>> = [
  {
    kind: 'pledge',
    asset: 'USDT',
    dailyRate: u('0.0005'),
    cycleDays: 7,
    minAmount: u('100'),
    maxAmount: u('50000'),
    perUser: 5,
    capacity: u('2000000'),
    earlyRedeem: 'forfeit',
    open: true,
  },
  {
    kind: 'pledge',
    asset: 'USDT',
    dailyRate: u('0.0008'),
    cycleDays: 30,
    minAmount: u('100'),
    maxAmount: u('100000'),
    perUser: 3,
    capacity: u('5000000'),
    earlyRedeem: 'forfeit',
    open: true,
  },
  {
    kind: 'pledge',
    asset: 'ETH',
    dailyRate: u('0.0003'),
    cycleDays: 30,
    minAmount: u('0.1'),
    maxAmount: u('100'),
    perUser: 3,
    capacity: u('2000'),
    earlyRedeem: 'forfeit',
    open: true,
  },
  {
    kind: 'fixed',
    asset: 'USDT',
    dailyRate: u('0.001'),
    cycleDays: 90,
    minAmount: u('500'),
    maxAmount: u('200000'),
    perUser: 2,
    capacity: u('10000000'),
    earlyRedeem: 'locked',
    open: true,
  },
  {
    kind: 'mining',
    asset: 'USDT',
    dailyRate: u('0.0012'),
    cycleDays: 30,
    minAmount: u('200'),
    maxAmount: u('50000'),
    perUser: 3,
    capacity: u('3000000'),
    earlyRedeem: 'forfeit',
    open: true,
  },
  {
    kind: 'mining',
    asset: 'ETH',
    dailyRate: u('0.0006'),
    cycleDays: 15,
    minAmount: u('0.1'),
    maxAmount: u('50'),
    perUser: 3,
    capacity: u('1000'),
    earlyRedeem: 'forfeit',
    open: true,
  },
  {
    kind: 'fixed',
    asset: 'BTC',
    dailyRate: u('0.0002'),
    cycleDays: 60,
    minAmount: u('0.01'),
    maxAmount: u('5'),
    perUser: 2,
    capacity: u('100'),
    earlyRedeem: 'locked',
    open: true,
  },
  {
    kind: 'flexible',
    asset: 'USDT',
    dailyRate: u('0.0002'),
    cycleDays: 365,
    minAmount: u('10'),
    maxAmount: u('100000'),
    perUser: 0,
    capacity: u('5000000'),
    earlyRedeem: 'forfeit',
    open: true,
  },
];
const SEED_PRODUCTS: Array<Omit<ProductRow, 'id'>> = SEED_TERMS.map((p) => ({
  ...p,
  names: seedNames((t) => t(`earn.title.${p.kind}`, { coin: p.asset, days: t('earn.days', { count: p.cycleDays }) })),
}));
const SEED_POOL: Array<[string, string]> = [
  ['USDT', '3000000'],
  ['ETH', '100'],
  ['BTC', '10'],
];
/** The ledger meta of money put into the earn pool: by the seed, or by an operator (their id). */
export const EARN_POOL_FUNDING = (ref: string | number) => ({
  billType: 'earn_pool_funding' as const,
  refType: 'earn_pool',
  refId: ref,
});

/**
 * A fresh install gets its products and its pools together (a start that dies between them seeds both again);
 * each user whose orders changed reloads their earn screens once the change is durable.
 */
export async function startEarn({ db, core, bus, clock }: FeatureContext): Promise<void> {
  core.on(EARN_CHANGED, (payloads) => {
    for (const userId of new Set(payloads as number[]))
      bus.publish(userTopics.refresh(userId), { kind: 'assets', ts: clock.now() } satisfies RefreshMessage);
  });
  if (await hasProducts(db)) return;
  await fundPlatform(core, fundingLines(ACCOUNT.earnPool, SEED_POOL), EARN_POOL_FUNDING('seed'), async (q) => {
    for (const p of SEED_PRODUCTS) await saveProduct(q, p, clock.now());
  });
}

/**
 * Flexible orders are paid each whole day, and orders whose cycle ended are paid, as soon as the clock passes
 * (checked every second; after downtime, at once, every missed day paid once).
 */
export function earnJobs({ core, clock }: FeatureContext): FeatureJob[] {
  return [
    {
      name: 'earn.mature',
      everyMs: 1_000,
      where: 'core',
      run: async () => {
        const book = core.part<EarnBook>('earn');
        while (book.hasAccrual(clock.now())) await core.submit(accrueDue, {});
        while (book.hasDue(clock.now())) await core.submit(matureDue, {});
      },
    },
  ];
}
