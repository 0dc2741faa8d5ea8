import { ACCOUNT } from '../../ledger/account-types.ts';
import { findPerpOrder } from '../../perpetual/perp.repo.ts';
import { money } from '../../wallet/amounts.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door } from '../door.ts';
import * as e from './futures.endpoints.ts';
import { incomeLines, type IncomeLine } from './futures.repo.ts';
import { integer } from './params.ts';
import { binanceSymbol, bookOf, contractFor } from './symbols.ts';

/** Our contract-account bills under Binance's income types (developers.binance.com, "Get Income History"). */
const TYPES: Record<string, string> = {
  perp_pnl: 'REALIZED_PNL',
  perp_fee: 'COMMISSION',
  perp_funding: 'FUNDING_FEE',
  perp_liquidation_fee: 'INSURANCE_CLEAR',
};
const BY_TYPE = Object.fromEntries(Object.entries(TYPES).map(([bill, type]) => [type, bill]));
/** Binance answers the last seven days when no window is sent. */
const WEEK = 7 * 86_400_000;

/** GET /fapi/v1/income: the caller's realised PnL, fees and funding, from the ledger lines the web's bills show. */
export function futuresIncome({ route, ctx }: Door): void {
  const { core, db, clock } = ctx;
  /** The contract a line belongs to: its funding's symbol, its order's, or its position's. */
  const symbolOf = async (l: IncomeLine) => {
    const b = bookOf(core);
    if (l.refType === 'perp_funding') return l.refId.split(':')[0]!;
    if (l.refType === 'perp_order') return (await findPerpOrder(db, Number(l.refId)))?.symbol;
    return b.positionsById.get(Number(l.refId))?.symbol;
  };

  route(e.income, async ({ params, signed }) => {
    const only = params.symbol ? contractFor(core, params.symbol) : undefined;
    let bills = Object.keys(TYPES);
    if (params.incomeType !== undefined) {
      const bill = BY_TYPE[params.incomeType];
      if (!bill) throw new BinanceError(400, -1100, 'Invalid incomeType.');
      bills = [bill];
    }
    const limit = integer(params, 'limit', 100, 1, 1000);
    const end = params.endTime ? Number(params.endTime) : clock.now();
    const start = params.startTime ? Number(params.startTime) : end - WEEK;
    await core.settled();
    const lines = await incomeLines(db, signed!.user.id, ACCOUNT.contract, bills, { start, end, limit: 1000 });
    const out = [];
    for (const l of lines) {
      const symbol = await symbolOf(l);
      const c = symbol ? bookOf(core).contracts.get(symbol) : undefined;
      if (!c || c.kind !== 'linear' || (only && only !== c)) continue;
      out.push({
        symbol: binanceSymbol(c),
        incomeType: TYPES[l.billType]!,
        income: money(l.amount),
        asset: l.asset,
        info: TYPES[l.billType]!,
        time: l.time,
        tranId: l.id,
        tradeId: l.refType === 'perp_order' ? l.refId : '',
      });
      if (out.length === limit) break;
    }
    return out;
  });
}
