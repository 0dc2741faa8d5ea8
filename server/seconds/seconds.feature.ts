import type { FeatureContext, FeatureJob } from '../feature.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds, type FundsPost } from '../core/funds.ts';
import { userTopics } from '../feeds/topics.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import type { RefreshMessage } from '../../isomorphic/contract/private-feed.ts';
import { money } from '../wallet/amounts.ts';
import type { Queryable } from '../storage/db.ts';
import { hasPeriods, insertPeriod } from './periods.repo.ts';
import { SECONDS_SETTLED, settlementMessage } from './seconds.commands.ts';
import type { SecondsOrderRow } from './seconds.repo.ts';
import { settleDue } from './settlement.ts';
import { STAKE_ASSET, fromWhole } from './views.ts';

/** The periods a fresh install offers on every USDT spot market: duration, then the win's profit rate. */
const SEED_PERIODS: Array<[seconds: number, profitBps: number]> = [
  [30, 8_500],
  [60, 8_500],
  [120, 8_800],
  [300, 9_000],
];
/** What the counterparty pool starts with (USDT), and the cap on open stakes per period and direction. */
const SEED_POOL = 1_000_000;
const SEED_CAP = 200_000;
/** How often the settlement job looks for orders whose second has come. */
const SETTLE_EVERY_MS = 250;

/** Adds to the pool from outside, with `also` (the seeded periods, an operator's audit line) in one transaction. */
export async function fundSecondsPool(
  core: TradingCore,
  units: bigint,
  ref: string | number,
  also: (q: Queryable) => Promise<void>,
): Promise<void> {
  await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
    await also(q);
    return {
      lines: [
        { owner: null, type: ACCOUNT.external, asset: STAKE_ASSET, available: -units },
        { owner: null, type: ACCOUNT.secondsPool, asset: STAKE_ASSET, available: units },
      ],
      meta: { billType: 'seconds_funding', refType: 'seconds_pool', refId: ref },
    };
  });
}

/**
 * Second contracts' start-up work: a fresh install gets its periods and its pool in one transaction (a start that
 * dies between them seeds both again, not half); each settlement is pushed to its user once durable.
 */
export async function startSeconds({ db, core, markets, jobs, bus, prices }: FeatureContext): Promise<void> {
  if (!(await hasPeriods(db))) {
    const symbols = [...markets.values()]
      .filter((m) => m.market === 'spot' && m.quote === STAKE_ASSET)
      .map((m) => m.symbol);
    await fundSecondsPool(core, fromWhole(SEED_POOL), 'seed', async (q) => {
      const now = jobs.clock.now();
      for (const symbol of symbols) {
        for (const [seconds, profitBps] of SEED_PERIODS) {
          await insertPeriod(
            q,
            {
              symbol,
              seconds,
              profitBps,
              lossBps: 10_000,
              minStake: fromWhole(10),
              maxStake: fromWhole(10_000),
              exposureCap: fromWhole(SEED_CAP),
              active: true,
            },
            now,
          );
        }
      }
    });
  }
  // A second's record settles what matures on it at once, rather than at the settlement job's next turn (250 ms).
  let settling = false;
  prices.onRecorded(() => {
    if (settling) return;
    settling = true;
    // A failure here is left to the settlement job's next turn, which reads the same records and logs what fails.
    settleDue(db, core, jobs.clock.now())
      .catch(() => undefined)
      .finally(() => (settling = false));
  });
  core.on(SECONDS_SETTLED, (payloads) => {
    const ts = jobs.clock.now();
    for (const o of payloads as SecondsOrderRow[]) {
      const scale = markets.get(o.symbol)?.priceScale ?? 8;
      bus.publish(
        userTopics.settlement(o.userId),
        settlementMessage(o, { price: (v) => formatUnits(v, scale), amount: money }),
      );
      bus.publish(userTopics.refresh(o.userId), { kind: 'orders', symbol: o.symbol, ts } satisfies RefreshMessage);
    }
  });
}

/**
 * The settlement job: every 250 ms, the orders whose second has come are settled on its recorded index. It reads the
 * core's open orders, so it runs beside the core; a run with nothing due touches no table.
 */
export function secondsJobs({ db, core, jobs }: FeatureContext): FeatureJob[] {
  return [
    {
      name: 'seconds.settle',
      everyMs: SETTLE_EVERY_MS,
      where: 'core',
      run: () => settleDue(db, core, jobs.clock.now()),
    },
  ];
}
