import { fundingLines, postFunds, type FundsPost } from '../core/funds.ts';
import type { FeatureContext, FeatureJob } from '../feature.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { toPrice8 } from '../spot/market.ts';
import type { MarginBook } from './margin-book.ts';
import { MARGIN_ALERT, marginInterest, marginTick, type MarginAlert } from './margin-ticks.ts';
import { MARGIN_CHANGED, type MarginChanged } from './margin-commands.ts';
import type { MarginMessage } from '../../isomorphic/contract/private-feed.ts';
import { userTopics } from '../feeds/topics.ts';
import { translatorFor } from '../i18n/i18n.ts';
import { findUserBy } from '../user/user.repo.ts';
import { level4 } from './views.ts';
import { poolFunded } from './margin.repo.ts';

/**
 * What the lending pool starts with on a fresh install, per asset (about 5 million USDT's worth each at the listing
 * prices); operators add to it through the console's credit of platform accounts like any platform account.
 */
const SEED_POOL: Array<[asset: string, amount: string]> = [
  ['USDT', '5000000'],
  ['BTC', '50'],
  ['ETH', '1500'],
  ['BNB', '8000'],
  ['SOL', '27000'],
  ['XRP', '2000000'],
  ['DOGE', '15000000'],
  ['ADA', '5500000'],
  ['TRX', '20000000'],
  ['LTC', '50000'],
  ['DOT', '700000'],
];

/**
 * Once a batch is durable: each user whose margin accounts changed gets a MARGIN message (the screens reload), and a
 * margin call or a liquidation also goes out as its own message and by e-mail.
 */
function notify({ db, core, bus, sender, app }: FeatureContext): void {
  core.on(MARGIN_CHANGED, (payloads) => {
    const users = new Set((payloads as MarginChanged[]).flatMap((p) => p.users));
    for (const userId of users)
      bus.publish(userTopics.margin(userId), {
        kind: 'changed',
        mode: null,
        symbol: null,
        level: null,
      } satisfies MarginMessage);
  });
  core.on(MARGIN_ALERT, (payloads) => {
    for (const a of payloads as MarginAlert[]) {
      const level = level4(a.level);
      bus.publish(userTopics.margin(a.userId), {
        kind: a.kind,
        mode: a.symbol === null ? 'cross' : 'isolated',
        symbol: a.symbol,
        level,
      } satisfies MarginMessage);
      void mailAlert(db, sender, a, level).catch((err: unknown) =>
        app.log.warn({ err, userId: a.userId }, 'margin alert e-mail not queued'),
      );
    }
  });
}

/** The e-mail of a margin call or liquidation, to the user's bound address (none without one). */
async function mailAlert(
  db: FeatureContext['db'],
  sender: FeatureContext['sender'],
  a: MarginAlert,
  level: string,
): Promise<void> {
  const user = await findUserBy(db, 'id', a.userId);
  if (!user?.email) return;
  const t = translatorFor('en');
  const account = a.symbol === null ? t('margin.account.cross') : a.symbol.toUpperCase();
  const [subject, body] =
    a.kind === 'marginCall'
      ? ['mail.marginCallSubject', 'mail.marginCallBody']
      : ['mail.marginLiquidatedSubject', 'mail.marginLiquidatedBody'];
  await sender.send({
    channel: 'email',
    target: user.email,
    subject: t(subject, { level }),
    body: t(body, { level, account }),
    t,
  });
}

/**
 * Start-up: the notices of margin calls and liquidations; a fresh install funds the lending pool once, from the
 * external world.
 */
export async function startMargin(ctx: FeatureContext): Promise<void> {
  const { db, core } = ctx;
  notify(ctx);
  if (await poolFunded(db)) return;
  const lines = fundingLines(ACCOUNT.marginPool, SEED_POOL);
  await core.submit(postFunds, {
    lines,
    meta: { billType: 'margin_pool_funding', refType: 'margin_pool', refId: 'seed' },
  } satisfies FundsPost);
}

/**
 * Beside the core: a price tick every sampling period with the index prices that moved (journaled with it; none
 * on a stale index; nothing when no price moved and no account changed), and the hourly interest as soon as any
 * loan's next hour is due by the clock (checked every second, so after downtime it runs at once).
 */
export function marginJobs({ core, prices, jobs, config }: FeatureContext): FeatureJob[] {
  const book = () => core.part<MarginBook>('margin');
  return [
    {
      name: 'margin.tick',
      everyMs: config.priceSampleMs,
      where: 'core',
      run: async () => {
        const b = book();
        const moved: Array<[string, bigint]> = [];
        for (const m of b.marginMarkets()) {
          const index = prices.fresh(m.symbol);
          if (!index) continue;
          const p = toPrice8(m, index.price);
          if (b.prices.get(m.base) !== p) moved.push([m.base, p]);
        }
        if (moved.length || b.dirty.size) await core.submit(marginTick, { prices: moved });
      },
    },
    {
      name: 'margin.interest',
      everyMs: 1000,
      where: 'core',
      run: async () => {
        if (jobs.clock.now() >= book().nextInterestAt()) await core.submit(marginInterest, {});
      },
    },
  ];
}
