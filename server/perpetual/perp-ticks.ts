/**
 * The commands time brings: a mark tick per contract (prices, premium sample, take-profit and stop-loss by mark,
 * liquidations) and a funding settlement per contract at each funding time. The mark is computed outside the core
 * (server/perpetual/marks.ts) and journaled with the tick, so a replay liquidates exactly as the live run did.
 */
import type { CommandType } from '../core/command.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Posting } from '../ledger/ledger.ts';
import type { Spend } from '../core/risk/risk-engine.ts';
import type { Contract } from './contracts.ts';
import {
  averagePremium,
  fundingRate,
  PREMIUM_SAMPLE_MS,
  sampleIndex,
  samplesPerInterval,
  settleFunding,
} from './funding.ts';
import { liquidateCross, liquidateIsolated } from './liquidation.ts';
import { coverLines, type PerpActivity } from './perp-fills.ts';
import type { PerpBook } from './perp-book.ts';
import { book, finish, PERP_ACTIVITY, triggerStops } from './perp-orders.ts';
import { positionHoldId, type PositionRow } from './perp-state.ts';
import type { CommandContext } from '../core/command.ts';

export interface MarkTick {
  symbol: string;
  index: bigint;
  mark: bigint;
  basisEma: bigint;
  /** The premium sample of a new 5-second bucket, taken from the book beside the core; null when none is due. */
  premium: bigint | null;
}

/** Liquidates every account a mark reached that is at or past 100%; the others get new triggers. */
function liquidateReached(ctx: CommandContext, b: PerpBook, c: Contract, mark: bigint): void {
  for (const id of b.indexes.get(c.symbol)!.reached(mark)) {
    const p = b.positionsById.get(id);
    if (!p || p.qty === 0n) continue;
    if (p.mode === 'isolated' ? b.isolatedLiquidatable(p) : b.crossLiquidatable(ctx.risk, p.userId, c.marginAsset)) {
      if (p.mode === 'isolated') liquidateIsolated(ctx, b, p);
      else liquidateCross(ctx, b, p.userId, c.marginAsset);
    }
    b.markAccount(p);
  }
}

export const markTick: CommandType<MarkTick, void> = {
  type: 'perp.mark',
  encode: (t) => [t.symbol, `${t.index}`, `${t.mark}`, `${t.basisEma}`, t.premium === null ? null : `${t.premium}`],
  decode: (v) => {
    const [symbol, index, mark, basisEma, premium] = v as [string, string, string, string, string | null];
    return {
      symbol,
      index: BigInt(index),
      mark: BigInt(mark),
      basisEma: BigInt(basisEma),
      premium: premium === null ? null : BigInt(premium),
    };
  },
  apply(ctx, t) {
    const b = book(ctx);
    const c = b.contract(t.symbol);
    const st = b.prices(c.symbol);
    st.mark = t.mark;
    st.index = t.index;
    st.basisEma = t.basisEma;
    const bucket = Math.floor(ctx.now / PREMIUM_SAMPLE_MS);
    if (t.premium !== null && bucket > st.sampleBucket) {
      st.sampleBucket = bucket;
      if (t.premium !== 0n) st.samples.push([sampleIndex(bucket, b.intervalMs), t.premium]);
    }
    // Accounts another product changed since the last command (a transfer out, a stake) get their triggers first.
    for (const key of b.takeMarked()) b.retrigger(ctx.risk, key);
    liquidateReached(ctx, b, c, t.mark);
    triggerStops(ctx, b, c, 'mark', [t.mark]);
    // The contract's prices moved: its screen's feed topic sends them.
    ctx.emit(PERP_ACTIVITY, {
      symbol: c.symbol,
      trades: [],
      last: undefined,
      users: [],
      mark: { price: t.mark, at: ctx.now },
    } satisfies PerpActivity);
    finish(ctx);
  },
};

interface FundingRun {
  symbol: string;
  time: number;
}

/**
 * Settles funding on a contract at a funding time, once: every open position pays or receives its value at the
 * mark times the rate from the premium samples of the interval. A cross position pays from the account; an
 * isolated one from its own margin; what a payer cannot cover comes from the insurance fund. Receivers are paid
 * into their accounts; the rounding remainder goes to the insurance fund.
 */
export const fundingRun: CommandType<FundingRun, void> = {
  type: 'perp.funding',
  encode: (f) => [f.symbol, f.time],
  decode: (v) => {
    const [symbol, time] = v as [string, number];
    return { symbol, time };
  },
  apply(ctx, f) {
    const b = book(ctx);
    const c = b.contract(f.symbol);
    const st = b.prices(c.symbol);
    if (st.lastFunding >= f.time || st.mark === undefined) return;
    const rate = fundingRate(c, averagePremium(st.samples, samplesPerInterval(b.intervalMs)), b.intervalMs);
    const open: PositionRow[] = [];
    for (const p of b.positionsBySymbol.get(c.symbol)!) if (p.qty !== 0n) open.push(p);
    const { payments, remainder } = settleFunding(
      c,
      open.map((p) => p.qty),
      st.mark,
      rate,
    );
    const lines: Posting[] = [];
    const spends: Spend[] = [];
    let deficit = 0n;
    // Cross payers' accounts as they stand after earlier lines of this settlement.
    const left = new Map<number, bigint>();
    open.forEach((p, i) => {
      const pay = payments[i]!;
      if (pay === 0n) return;
      p.funding += pay;
      if (pay > 0n) {
        lines.push({ owner: p.userId, type: ACCOUNT.contract, asset: c.marginAsset, available: pay });
        // Received funding only adds margin: the account's triggers stay safe without new ones.
        return void b.touchPosition(p, ctx.now, false);
      }
      let covered: bigint;
      if (p.mode === 'isolated') {
        covered = -pay < p.isoMargin ? -pay : p.isoMargin;
        if (covered) spends.push({ hold: positionHoldId(p.id), amount: covered });
        p.isoMargin -= covered;
      } else {
        const have = left.get(p.userId) ?? ctx.risk.available(p.userId, ACCOUNT.contract, c.marginAsset);
        covered = -pay < have ? -pay : have > 0n ? have : 0n;
        left.set(p.userId, have - covered);
        if (covered) lines.push({ owner: p.userId, type: ACCOUNT.contract, asset: c.marginAsset, available: -covered });
      }
      deficit += -pay - covered;
      b.touchPosition(p, ctx.now);
    });
    const fund = remainder - deficit;
    if (fund > 0n) lines.push({ owner: null, type: ACCOUNT.insuranceFund, asset: c.marginAsset, available: fund });
    else lines.push(...coverLines(ctx.risk, c.marginAsset, -fund));
    if (lines.length || spends.length)
      ctx.risk.post(
        lines,
        { billType: 'perp_funding', refType: 'perp_funding', refId: `${c.symbol}:${f.time}` },
        spends,
        false,
      );
    b.funding.push({ symbol: c.symbol, time: f.time, rate, mark: st.mark, positions: open.length });
    st.lastFunding = f.time;
    st.lastRate = rate;
    st.samples = [];
    finish(ctx);
  },
};

export const TICK_COMMANDS = [markTick, fundingRun];
