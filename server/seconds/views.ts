import type {
  SecondsOrder,
  SecondsPeriod,
  SecondsPeriodAdmin,
  SettledSeconds,
} from '../../isomorphic/contract/seconds.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import { money } from '../wallet/amounts.ts';
import type { PeriodRow } from './periods.repo.ts';
import type { SecondsOrderRow } from './seconds.repo.ts';

/** Second contracts are staked and settled in USDT, whatever the symbol. */
export const STAKE_ASSET = 'USDT';
const UNIT = 10n ** BigInt(ASSET_SCALE);

/** Whole units of the stake asset (limits are whole numbers, as stakes are). */
export const wholeUnits = (units: bigint) => String(units / UNIT);
export const fromWhole = (whole: number | bigint) => BigInt(whole) * UNIT;

export function periodView(p: PeriodRow): SecondsPeriod {
  return {
    id: p.id,
    symbol: p.symbol,
    seconds: p.seconds,
    profitBps: p.profitBps,
    lossBps: p.lossBps,
    minStake: wholeUnits(p.minStake),
    maxStake: wholeUnits(p.maxStake),
    coin: STAKE_ASSET,
  };
}

export function periodAdminView(p: PeriodRow): SecondsPeriodAdmin {
  return { ...periodView(p), exposureCap: wholeUnits(p.exposureCap), active: p.active, updatedAt: p.updatedAt };
}

/** Prices at the market's scale; `priceScale` of the order's market. */
export function secondsOrderView(o: SecondsOrderRow, priceScale: number): SecondsOrder {
  return {
    id: o.id,
    symbol: o.symbol,
    periodId: o.periodId,
    seconds: o.seconds,
    direction: o.direction,
    amount: money(o.stake),
    coin: o.asset,
    profitBps: o.profitBps,
    lossBps: o.lossBps,
    openPrice: formatUnits(o.openPrice, priceScale),
    openPeriod: o.openPeriod,
    createdAt: o.createdAt,
    expiresAt: o.expiresAt,
    status: o.status,
    closePrice: o.closePrice === null ? null : formatUnits(o.closePrice, priceScale),
    closePeriod: o.closePeriod,
    profit: money(o.profit),
    reason: o.reason,
    settledAt: o.settledAt,
  };
}

export function settledView(o: SecondsOrderRow, priceScale: number): SettledSeconds {
  const v = secondsOrderView(o, priceScale);
  return {
    id: v.id,
    symbol: v.symbol,
    seconds: v.seconds,
    direction: v.direction,
    openPrice: v.openPrice,
    openPeriod: v.openPeriod,
    closePrice: v.closePrice,
    closePeriod: v.closePeriod,
    status: o.status as SettledSeconds['status'],
  };
}
