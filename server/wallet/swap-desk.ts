import type { SwapDeskRow } from '../../isomorphic/contract/wallet.ts';
import { audit } from '../audit/audit.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { FeatureContext } from '../feature.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds, type FundsPost } from '../core/funds.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { amountOf, money, requireAsset, usdtPricesOf, type UsdtPrices } from './amounts.ts';
import { assetsWithoutLimit, deskLimits, setDeskLimit } from './swap.repo.ts';

/** A fresh install's desk, in USDT at the index price: what it holds of each asset, and pays out at most per swap. */
const SEED_INVENTORY_USDT = 100_000n;
const SEED_LIMIT_USDT = 10_000n;

/**
 * Gives each asset the swap desk has no limit for yet (a fresh install, a new listing) its inventory and limit,
 * once, at the index price: the inventory comes in from the external account like a deposit (bill
 * swap_funding), the way the market makers are funded. After that the desk holds what swaps leave it, and only
 * operators add to it (fundDesk) or change its limits. An asset without an index price yet waits for a later start.
 */
async function seedSwapDesk(db: Db, core: TradingCore, usdt: UsdtPrices): Promise<void> {
  for (const { asset } of await assetsWithoutLimit(db)) {
    const price = usdt(asset);
    if (!price) continue;
    const units = (usdtAmount: bigint) => (usdtAmount * 10n ** 16n) / price;
    // The limit is written with the funding: a start that dies between them seeds the asset again, not half.
    await fundDesk(core, asset, units(SEED_INVENTORY_USDT), 'seed', (q) =>
      setDeskLimit(q, asset, units(SEED_LIMIT_USDT)),
    );
  }
}

/** The wallet's start-up work (server/features.ts): by then the core has the index prices the desk is seeded at. */
export async function seedDeskAtStart({ db, core, markets, prices }: FeatureContext): Promise<void> {
  await seedSwapDesk(db, core, usdtPricesOf(markets, prices));
}

/**
 * Adds inventory to the desk from outside (an operator's deposit into it), with `also` (its audit line) in one
 * transaction.
 */
async function fundDesk(
  core: TradingCore,
  asset: string,
  units: bigint,
  ref: string | number,
  also: (q: Queryable) => Promise<void>,
): Promise<void> {
  await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
    await also(q);
    return {
      lines: [
        { owner: null, type: ACCOUNT.external, asset, available: -units },
        { owner: null, type: ACCOUNT.swapPool, asset, available: units },
      ],
      meta: { billType: 'swap_funding', refType: 'swap_desk', refId: ref },
    };
  });
}

export async function deskView(q: Queryable): Promise<SwapDeskRow[]> {
  return (await deskLimits(q)).map((r) => ({
    coin: r.asset,
    maxPerSwap: money(r.maxOut),
    inventory: money(r.inventory),
  }));
}

/** An operator's deposit into the desk, with its audit line; answers the desk as it stands after it. */
export async function operatorFundDesk(
  db: Db,
  core: TradingCore,
  operatorId: number,
  coin: string,
  amount: string,
): Promise<SwapDeskRow[]> {
  await requireAsset(db, coin);
  const units = amountOf(amount);
  await fundDesk(core, coin, units, `operator:${operatorId}`, (q) =>
    audit(q, operatorId, 'swap.fund', 'asset', coin, { coin, amount }),
  );
  // The desk's inventory is read from the tables, which the core's projector writes behind the command.
  await core.settled();
  return deskView(db);
}

/** An operator's new most-per-swap of one asset, with its audit line; answers the desk as it stands after it. */
export async function operatorLimitDesk(
  db: Db,
  operatorId: number,
  coin: string,
  maxPerSwap: string,
): Promise<SwapDeskRow[]> {
  await requireAsset(db, coin);
  const units = amountOf(maxPerSwap);
  await db.tx(async (q) => {
    await setDeskLimit(q, coin, units);
    await audit(q, operatorId, 'swap.limit', 'asset', coin, { coin, maxPerSwap });
  });
  return deskView(db);
}
