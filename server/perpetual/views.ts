/** Perpetual rows as the wire shows them (isomorphic/contract/perpetual.ts). */
import type {
  BracketView,
  ContractKindName,
  ContractView,
  PerpAccount,
  PerpOrder,
  PerpPosition,
  StopOrder,
} from '../../isomorphic/contract/perpetual.ts';
import type { MarketEntry } from '../../isomorphic/contract/spot.ts';
import type { Ticker } from '../market-data/ticker.ts';
import { percentChange } from '../spot/views.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { RATE_DIGITS, RATE_SCALE } from '../prices/mark-price.ts';
import { money } from '../wallet/amounts.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { maxLeverage, type Contract } from './contracts.ts';
import { accountRisk } from './cross-margin.ts';
import { adlScore } from './liquidation.ts';
import type { PerpBook } from './perp-book.ts';
import { shownLiquidationPrice } from './perp-positions.ts';
import type { PerpOrderRow, PositionRow, StopRow } from './perp-state.ts';
import {
  entryPrice,
  initialMargin,
  marginRatio,
  notional,
  positionMaintenance,
  unrealisedPnl,
} from './position-math.ts';

export const kindOf = (c: Contract): ContractKindName => (c.kind === 'linear' ? 'usdt' : 'coin');
export const price = (c: Contract, v: bigint) => formatUnits(v, c.priceScale);
export const qty = (c: Contract, v: bigint) => formatUnits(v < 0n ? -v : v, c.qtyScale);
/** A rate at RATE_SCALE as a fraction string: 10000n → '0.0001'. */
export const rate = (v: bigint) => formatUnits(v, RATE_DIGITS);
/** A ratio at RATE_SCALE as a percentage with two decimals, truncated: 12345678n → '12.34'. */
export const percent = (v: bigint) => formatUnits(v / 10_000n, 2);
const bps = (v: bigint) => formatUnits(v, 4);

export function showSymbol(c: Contract): string {
  return `${c.base}${c.quote} Perpetual`;
}

export function bracketViews(c: Contract): BracketView[] {
  return c.brackets.map((b, i) => ({
    bracket: i + 1,
    notionalFloor: money(b.floor),
    notionalCap: money(b.cap),
    maxLeverage: Number(b.maxLeverage),
    maintMarginRatio: rate(b.mmr),
    cum: money(b.cum),
  }));
}

/** A contract as a row of common/getCoinList's contractList (the quotes page's margin tab). */
export function contractEntry(c: Contract, t: Ticker): MarketEntry {
  const name = `${c.base}${c.quote}`;
  return {
    symbol: c.symbol,
    symbol_name: `${c.base}/${c.quote}`,
    showSymbol: showSymbol(c),
    baseCoin: c.base,
    coin: c.base.toLowerCase(),
    base_symbol: c.base,
    market: 'perpetual',
    coinType: c.kind === 'linear' ? 4 : 5,
    customizeFlag: 1,
    part_cou: c.priceScale,
    full_cou: c.qtyScale,
    plate: name,
    tickSize: price(c, 1n),
    stepSize: qty(c, 1n),
    minQty: qty(c, 1n),
    minNotional: '0',
    makerFee: bps(c.makerFeeBps),
    takerFee: bps(c.takerFeeBps),
    optional: false,
    amount: price(c, t.close),
    turnover: money(t.quoteVolume),
    close: price(c, t.close),
    open: price(c, t.open),
    change: price(c, t.close - t.open),
    zdf: percentChange(t.open, t.close),
  };
}

interface ContractStats {
  /** The rate the next funding would apply from the samples so far (what exchanges show as the funding rate). */
  fundingRate: bigint;
  change: string;
  volume: bigint;
  openInterest: bigint;
  nextFundingTime: number;
}

export function contractView(b: PerpBook, c: Contract, s: ContractStats): ContractView {
  const st = b.prices(c.symbol);
  const opt = (v: bigint | undefined) => (v === undefined ? null : price(c, v));
  return {
    symbol: c.symbol,
    showSymbol: showSymbol(c),
    kind: kindOf(c),
    base: c.base,
    quote: c.quote,
    marginAsset: c.marginAsset,
    priceScale: c.priceScale,
    qtyScale: c.qtyScale,
    tickSize: price(c, 1n),
    stepSize: qty(c, 1n),
    contractSize: c.contractSize.toString(),
    maxLeverage: Number(maxLeverage(c)),
    makerFee: bps(c.makerFeeBps),
    takerFee: bps(c.takerFeeBps),
    last: opt(st.last),
    mark: opt(st.mark),
    index: opt(st.index),
    change: s.change,
    volume: qty(c, s.volume),
    fundingRate: rate(s.fundingRate),
    nextFundingTime: s.nextFundingTime,
    fundingIntervalMs: b.intervalMs,
    openInterest: qty(c, s.openInterest),
  };
}

export function orderView(c: Contract, o: PerpOrderRow): PerpOrder {
  const avg = o.filledQty > 0n ? entryPrice(c, { qty: o.filledQty, cost: o.filledValue }) : null;
  return {
    id: o.id,
    symbol: o.symbol,
    side: o.side,
    type: o.kind,
    timeInForce: o.tif,
    price: price(c, o.price),
    quantity: qty(c, o.quantity),
    filledQty: qty(c, o.filledQty),
    avgPrice: avg === null ? null : price(c, avg),
    fee: money(o.fee),
    margin: money(o.margin),
    marginMode: o.mode,
    leverage: o.leverage,
    reduceOnly: o.reduceOnly,
    source: o.source,
    status: o.status,
    realizedPnl: money(o.realised),
    marginAsset: c.marginAsset,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export function stopView(c: Contract, s: StopRow): StopOrder {
  return {
    id: s.id,
    symbol: s.symbol,
    kind: s.kind,
    triggerPrice: price(c, s.trigger),
    triggerBy: s.by,
    positionSide: s.positionSide,
    status: s.status,
    orderId: s.orderId,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** The position's place in the auto-deleveraging queue among its side on the contract: 1 (last) to 5 (first). */
export function adlRank(b: PerpBook, c: Contract, p: PositionRow, mark: bigint): number {
  const mine = adlScore(c, p, mark);
  let same = 0;
  let below = 0;
  for (const o of b.positionsBySymbol.get(c.symbol)!) {
    if (o.qty === 0n || o.qty > 0n !== p.qty > 0n) continue;
    same++;
    if (adlScore(c, o, mark) < mine) below++;
  }
  return same <= 1 ? 5 : 1 + Math.floor((below * 5) / same);
}

export function positionView(risk: RiskEngine, b: PerpBook, p: PositionRow): PerpPosition {
  const c = b.contract(p.symbol);
  const mark = b.markOrEntry(c, p);
  const pnl = unrealisedPnl(c, p, mark);
  const maintenance = positionMaintenance(c, p, mark);
  const margin = p.mode === 'isolated' ? p.isoMargin : initialMargin(c, p.qty, mark, BigInt(p.leverage));
  let ratio: bigint | null;
  if (p.mode === 'isolated') ratio = marginRatio(maintenance, p.isoMargin + pnl);
  else
    ratio = accountRisk(b.crossWallet(risk, p.userId, c.marginAsset), b.crossHoldings(p.userId, c.marginAsset)).ratio;
  const liq = shownLiquidationPrice({ risk }, b, p);
  const stop = (kind: StopRow['kind']) => {
    const s = b.stopsOf(p.userId, p.symbol).find((x) => x.kind === kind);
    return s ? stopView(c, s) : null;
  };
  return {
    id: p.id,
    symbol: p.symbol,
    kind: kindOf(c),
    side: p.qty > 0n ? 'long' : 'short',
    marginMode: p.mode,
    leverage: p.leverage,
    quantity: qty(c, p.qty),
    entryPrice: price(c, entryPrice(c, p) ?? 0n),
    markPrice: price(c, mark),
    notional: money(notional(c, p.qty, mark)),
    margin: money(margin),
    maintenanceMargin: money(maintenance),
    marginRatio: ratio === null ? '100.00' : percent(ratio),
    unrealizedPnl: money(pnl),
    roe: margin > 0n ? percent((pnl * RATE_SCALE) / margin) : '0.00',
    realizedPnl: money(p.realised),
    funding: money(p.funding),
    liquidationPrice: liq === null ? null : price(c, liq),
    takeProfit: stop('takeProfit'),
    stopLoss: stop('stopLoss'),
    adlRank: adlRank(b, c, p, mark),
    marginAsset: c.marginAsset,
    updatedAt: p.updatedAt,
  };
}

/** One margin asset's contract account: what the wallet's contract assets show. */
export function accountView(
  risk: RiskEngine,
  b: PerpBook,
  userId: number,
  asset: string,
  kind: ContractKindName,
): PerpAccount {
  const available = risk.available(userId, ACCOUNT.contract, asset);
  let orderMargin = 0n;
  for (const o of b.userOrders(userId)) if (b.contract(o.symbol).marginAsset === asset) orderMargin += o.margin;
  let isolated = 0n;
  let pnl = 0n;
  let positionMargin = 0n;
  let maintenance = 0n;
  for (const p of b.userPositions(userId)) {
    const c = b.contract(p.symbol);
    if (p.qty === 0n || c.marginAsset !== asset) continue;
    const mark = b.markOrEntry(c, p);
    const upnl = unrealisedPnl(c, p, mark);
    pnl += upnl;
    maintenance += positionMaintenance(c, p, mark);
    if (p.mode === 'isolated') {
      isolated += p.isoMargin;
      positionMargin += p.isoMargin;
    } else {
      positionMargin += initialMargin(c, p.qty, mark, BigInt(p.leverage));
    }
  }
  const wallet = available + orderMargin + isolated;
  const holdings = b.crossHoldings(userId, asset);
  const cross = accountRisk(b.crossWallet(risk, userId, asset), holdings);
  return {
    asset,
    kind,
    walletBalance: money(wallet),
    unrealizedPnl: money(pnl),
    marginBalance: money(wallet + pnl),
    positionMargin: money(positionMargin),
    orderMargin: money(orderMargin),
    maintenanceMargin: money(maintenance),
    marginRatio: holdings.length && cross.ratio !== null ? percent(cross.ratio) : holdings.length ? '100.00' : '0.00',
    availableBalance: money(b.free(risk, userId, asset)),
    maxWithdraw: money(b.free(risk, userId, asset)),
  };
}
