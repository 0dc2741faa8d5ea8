import type {
  CanBorrow,
  MarginAccountView,
  MarginLine,
  MarginOrder,
  MarginRecord,
} from '../../isomorphic/contract/margin.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { marketPrice, type Market } from '../spot/market.ts';
import type { OrderRow } from '../spot/orders.repo.ts';
import { spotOrder } from '../spot/views.ts';
import { num } from '../storage/db.ts';
import { RATE_SCALE } from '../prices/mark-price.ts';
import {
  BORROW_LIMIT_LEVEL,
  LIQUIDATION_LEVEL,
  MARGIN_CALL_LEVEL,
  ONE,
  QUOTE,
  TRANSFER_OUT_LEVEL,
  levelOf as levelOfValuation,
  netAssets,
  riskState,
  valuation,
} from './margin-account.ts';
import type { MarginAcct, MarginBook } from './margin-book.ts';
import { dailyRate, maxBorrow, maxTransferOut, poolOf } from './margin-moves.ts';

export const units = (v: bigint) => formatUnits(v, ASSET_SCALE);
/** A level or a rate at RATE_SCALE as a decimal fraction, to 4 decimals, truncated ("1.2345"). */
export const level4 = (v: bigint) => formatUnits(v / 10_000n, 4);
export const rate = (v: bigint) => formatUnits(v, 8);
/** The hourly rate of a daily one, with 4 more decimals so small rates stay visible. */
export const hourlyRate = (daily: bigint) => formatUnits((daily * 10_000n) / 24n, 12);

const THRESHOLDS = {
  borrowLimit: level4(BORROW_LIMIT_LEVEL),
  marginCall: level4(MARGIN_CALL_LEVEL),
  liquidation: level4(LIQUIDATION_LEVEL),
  transferOut: level4(TRANSFER_OUT_LEVEL),
};

/** Whether an asset has a price at the part (USDT always). */
const priced = (book: MarginBook, asset: string) => asset === QUOTE || book.prices.has(asset);

/**
 * The base price at which an isolated account would reach the liquidation level, its quote side unchanged:
 * (bB·p + bQ) ÷ (dB·p + dQ) = 1.1 gives p = (1.1·dQ − bQ) ÷ (bB − 1.1·dB); none when that is not a positive price.
 */
function liquidationPrice(book: MarginBook, a: MarginAcct, m: Market): string | null {
  const b = a.lines.get(m.base) ?? { balance: 0n, principal: 0n, interest: 0n };
  const q = a.lines.get(m.quote) ?? { balance: 0n, principal: 0n, interest: 0n };
  const num_ = LIQUIDATION_LEVEL * (q.principal + q.interest) - q.balance * RATE_SCALE;
  const den = b.balance * RATE_SCALE - LIQUIDATION_LEVEL * (b.principal + b.interest);
  if (den === 0n || num_ > 0n !== den > 0n || num_ === 0n) return null;
  const p8 = (num_ * ONE) / den;
  return formatUnits(marketPrice(m, p8), m.priceScale);
}

function lineView(book: MarginBook, risk: RiskEngine, a: MarginAcct, asset: string): MarginLine {
  const l = a.lines.get(asset) ?? { balance: 0n, principal: 0n, interest: 0n };
  const onOrder = book.onOrder(a, asset);
  const hasPrices = [...a.lines.keys()].every((x) => !book.holds(a, x) || priced(book, x));
  return {
    coin: asset,
    total: units(l.balance),
    free: units(l.balance - onOrder),
    onOrder: units(onOrder),
    borrowed: units(l.principal),
    interest: units(l.interest),
    netAsset: units(l.balance - l.principal - l.interest),
    maxBorrow: units(
      hasPrices && priced(book, asset) && book.borrowableAssets().includes(asset)
        ? maxBorrow(book, risk, a, asset)
        : 0n,
    ),
    maxTransferOut: units(hasPrices ? maxTransferOut(book, a, asset) : 0n),
    indexPrice: priced(book, asset) ? units(book.price(asset)) : '0',
  };
}

/** The assets an account shows: the pair's two (isolated), or USDT and every asset it has touched (cross). */
function shownAssets(book: MarginBook, a: MarginAcct): string[] {
  if (a.symbol !== null) return [a.base!, a.quote!];
  return [...new Set([QUOTE, ...a.lines.keys()])];
}

export function accountView(book: MarginBook, risk: RiskEngine, a: MarginAcct): MarginAccountView {
  const m = a.symbol === null ? undefined : book.spot.market(a.symbol);
  const view = book.view(a);
  const hasPrices = Object.keys(view.lines).every((x) => !book.holds(a, x) || priced(book, x));
  const v = hasPrices ? valuation(view, (x) => book.price(x)) : { assets: 0n, liabilities: 0n };
  const level = levelOfValuation(v);
  return {
    mode: a.symbol === null ? 'cross' : 'isolated',
    symbol: a.symbol,
    symbol_name: m ? `${m.base}/${m.quote}` : null,
    leverage: Number(a.leverage),
    level: level === null ? null : level4(level),
    risk: riskState(level),
    totalAsset: units(v.assets),
    totalLiability: units(v.liabilities),
    netAsset: units(netAssets(v)),
    thresholds: THRESHOLDS,
    liquidationPrice: m && hasPrices ? liquidationPrice(book, a, m) : null,
    lines: shownAssets(book, a).map((x) => lineView(book, risk, a, x)),
    pricedAt: book.pricedAt,
  };
}

export function canBorrowView(book: MarginBook, risk: RiskEngine, a: MarginAcct | undefined, asset: string): CanBorrow {
  const l = a?.lines.get(asset);
  const daily = dailyRate(asset);
  return {
    coin: asset,
    max: units(a ? maxBorrow(book, risk, a, asset) : 0n),
    pool: units(poolOf(risk, asset)),
    dailyRate: rate(daily),
    hourlyRate: hourlyRate(daily),
    borrowed: units(l?.principal ?? 0n),
    interest: units(l?.interest ?? 0n),
  };
}

export function marginOrderView(m: Market, o: OrderRow): MarginOrder {
  return {
    ...spotOrder(m, o),
    mode: o.account === 'cross' ? 'cross' : 'isolated',
    autoRepay: o.autoRepay,
    borrowed: units(o.borrowed),
  };
}

export function recordView(r: Record<string, unknown>): MarginRecord {
  return {
    id: num(r.id),
    kind: r.kind as MarginRecord['kind'],
    mode: r.symbol === null || r.symbol === undefined ? 'cross' : 'isolated',
    symbol: (r.symbol as string | null) ?? null,
    coin: String(r.asset),
    amount: units(BigInt(r.amount as bigint)),
    interest: units(BigInt(r.interest as bigint)),
    principal: units(BigInt(r.principal as bigint)),
    level: r.level === null || r.level === undefined ? null : level4(BigInt(r.level as bigint)),
    hours: num(r.hours),
    createdAt: num(r.created_at),
  };
}
