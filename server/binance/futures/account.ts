import * as service from '../../perpetual/perp.service.ts';
import { DEFAULT_LEVERAGE } from '../../perpetual/perp-book.ts';
import { maxNotionalAt } from '../../perpetual/contracts.ts';
import { money } from '../../wallet/amounts.ts';
import { levelOf, rateText, ratesOn } from '../../fees/fees.service.ts';
import { bracketViews } from '../../perpetual/views.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door } from '../door.ts';
import * as e from './futures.endpoints.ts';
import { integer, oneOf, required } from './params.ts';
import { binanceSymbol, bookOf, contractFor, contractsFor } from './symbols.ts';
import { assetRow, positionRiskView } from './views.ts';

/** The USDⓈ-M door's margin asset: every linear contract is margined in USDT. */
const USDT = 'USDT';

/** Account, balance, positions and per-contract settings, read from the perpetual book as the web's reads are. */
export function futuresAccount({ route, ctx }: Door): void {
  const { core, clock, db } = ctx;
  const deps = { db, core };
  const userOf = (signed: { user: { id: number } } | null) => signed!.user.id;
  const settingOf = (userId: number, symbol: string) => {
    const p = bookOf(core).position(userId, symbol);
    return {
      leverage: p?.leverage ?? DEFAULT_LEVERAGE,
      mode: p?.mode ?? ('cross' as const),
    };
  };
  const risks = (userId: number, symbol: string | undefined) =>
    contractsFor(core, symbol).map((c) => {
      const s = settingOf(userId, c.symbol);
      return positionRiskView(core.risk, bookOf(core), c, bookOf(core).position(userId, c.symbol), s.leverage, s.mode);
    });

  const account = async (userId: number) => {
    await core.settled();
    const a = assetRow(core.risk, bookOf(core), userId, USDT, clock.now());
    const positions = risks(userId, undefined);
    return {
      totalInitialMargin: a.initialMargin,
      totalMaintMargin: a.maintMargin,
      totalWalletBalance: a.walletBalance,
      totalUnrealizedProfit: a.unrealizedProfit,
      totalMarginBalance: a.marginBalance,
      totalPositionInitialMargin: a.positionInitialMargin,
      totalOpenOrderInitialMargin: a.openOrderInitialMargin,
      totalCrossWalletBalance: a.crossWalletBalance,
      totalCrossUnPnl: a.crossUnPnl,
      availableBalance: a.availableBalance,
      maxWithdrawAmount: a.maxWithdrawAmount,
      canTrade: true,
      canDeposit: true,
      canWithdraw: true,
      feeTier: levelOf(core, userId).level,
      updateTime: 0,
      multiAssetsMargin: false,
      assets: [a],
      positions: positions.map((p) => ({
        symbol: p.symbol,
        positionSide: p.positionSide,
        positionAmt: p.positionAmt,
        unrealizedProfit: p.unRealizedProfit,
        isolatedMargin: p.isolatedMargin,
        notional: p.notional,
        isolatedWallet: p.isolatedWallet,
        initialMargin: p.initialMargin,
        maintMargin: p.maintMargin,
        positionInitialMargin: p.positionInitialMargin,
        openOrderInitialMargin: p.openOrderInitialMargin,
        entryPrice: p.entryPrice,
        leverage: p.leverage,
        isolated: p.marginType === 'isolated',
        maxNotional: p.maxNotionalValue,
        updateTime: p.updateTime,
      })),
    };
  };
  route(e.accountV2, async ({ signed }) => account(userOf(signed)));
  route(e.accountV3, async ({ signed }) => account(userOf(signed)));

  const balance = async (userId: number) => {
    await core.settled();
    const a = assetRow(core.risk, bookOf(core), userId, USDT, clock.now());
    return [
      {
        accountAlias: `lumex-${userId}`,
        asset: USDT,
        balance: a.walletBalance,
        crossWalletBalance: a.crossWalletBalance,
        crossUnPnl: a.crossUnPnl,
        availableBalance: a.availableBalance,
        maxWithdrawAmount: a.maxWithdrawAmount,
        marginAvailable: true,
        updateTime: a.updateTime,
      },
    ];
  };
  route(e.balanceV2, async ({ signed }) => balance(userOf(signed)));
  route(e.balanceV3, async ({ signed }) => balance(userOf(signed)));

  route(e.positionRiskV2, async ({ params, signed }) => {
    await core.settled();
    return risks(userOf(signed), params.symbol);
  });
  // v3 lists only the positions held (developers.binance.com, "Position Information V3").
  route(e.positionRiskV3, async ({ params, signed }) => {
    await core.settled();
    return risks(userOf(signed), params.symbol).filter((p) => p.positionAmt !== '0');
  });

  route(e.leverage, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    required(params, 'leverage');
    const leverage = integer(params, 'leverage', 0, 1, 125);
    const userId = userOf(signed);
    const p = await service.updateLeverage(deps, userId, {
      symbol: c.symbol,
      leverage,
      marginMode: settingOf(userId, c.symbol).mode,
    });
    return {
      leverage: p.leverage,
      maxNotionalValue: money(maxNotionalAt(c, BigInt(p.leverage))),
      symbol: binanceSymbol(c),
    };
  });

  route(e.marginType, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    const type = oneOf(params, 'marginType', ['ISOLATED', 'CROSSED'], -4044, 'marginType');
    const userId = userOf(signed);
    const now = settingOf(userId, c.symbol);
    const mode = type === 'ISOLATED' ? 'isolated' : 'cross';
    if (now.mode === mode) throw new BinanceError(400, -4046, 'No need to change margin type.');
    await service.updateLeverage(deps, userId, {
      symbol: c.symbol,
      leverage: now.leverage,
      marginMode: mode,
    });
    return { code: 200, msg: 'success' };
  });

  // Binance answers these figures as JSON numbers (developers.binance.com, "Notional and Leverage Brackets").
  route(e.leverageBracket, async ({ params }) =>
    contractsFor(core, params.symbol).map((c) => ({
      symbol: binanceSymbol(c),
      brackets: bracketViews(c).map((b) => ({
        bracket: b.bracket,
        initialLeverage: b.maxLeverage,
        notionalCap: Number(b.notionalCap),
        notionalFloor: Number(b.notionalFloor),
        maintMarginRatio: Number(b.maintMarginRatio),
        cum: Number(b.cum),
      })),
    })),
  );

  /** The rates the user's fills on a contract pay: their VIP level's, capped by the contract's (fees.md). */
  route(e.commissionRate, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    const r = ratesOn(core, userOf(signed), 'perp', c);
    return { symbol: binanceSymbol(c), makerCommissionRate: rateText(r.maker), takerCommissionRate: rateText(r.taker) };
  });

  route(e.dualGet, async () => ({ dualSidePosition: false }));
  route(e.dualPost, async ({ params }) => {
    const dual = required(params, 'dualSidePosition');
    if (dual === 'false') throw new BinanceError(400, -4059, 'No need to change position side.');
    // Hedge mode is not offered: positions are one-way (positionSide BOTH), the web's and the door's alike.
    throw new BinanceError(400, -4068, 'Position side cannot be changed: this exchange offers one-way mode only.');
  });
}
