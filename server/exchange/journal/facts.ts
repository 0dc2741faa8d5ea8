import type { Posting } from '../../ledger/ledger.ts';
import type { BillType } from '../../ledger/account-types.ts';
import type { OrderRow, TradeRow } from '../order.repo.ts';

/** One ledger transaction a runner decided: its lines and what caused it. */
export interface LedgerFact {
  txId: string;
  lines: Posting[];
  billType: BillType;
  refType: string;
  refId: number;
  at: number;
}

export interface TradeFact extends TradeRow {
  id: number;
}

/**
 * What one group-committed batch of a market decided, in the order it happened: the state each touched order
 * ended the batch in, the trades, and the ledger transactions. This is what the journal holds and what the
 * projector writes into the tables.
 */
export interface BatchFacts {
  symbol: string;
  orders: OrderRow[];
  trades: TradeFact[];
  ledger: LedgerFact[];
}

/** A journal row: `o` order state, `t` trade, `l` ledger transaction. */
export interface JournalRow {
  kind: 'o' | 't' | 'l';
  body: string;
}

const str = (v: bigint) => v.toString();

export function encodeFacts(f: BatchFacts): JournalRow[] {
  const rows: JournalRow[] = [];
  for (const o of f.orders) {
    rows.push({ kind: 'o', body: JSON.stringify([o.id, o.userId, o.side, o.kind, o.tif, str(o.price), str(o.quantity), str(o.quoteBudget), str(o.filledQty), str(o.filledQuote), str(o.fee), str(o.frozen), o.status, o.doneReason, o.createdAt, o.updatedAt]) });
  }
  for (const t of f.trades) {
    rows.push({ kind: 't', body: JSON.stringify([t.id, str(t.price), str(t.quantity), str(t.quoteQty), t.takerSide, t.makerOrderId, t.takerOrderId, t.makerUserId, t.takerUserId, str(t.makerFee), str(t.takerFee), t.createdAt]) });
  }
  for (const l of f.ledger) {
    const lines = l.lines.map((p) => [p.owner, p.type, p.asset, str(p.available ?? 0n), str(p.frozen ?? 0n), p.billType ?? null]);
    rows.push({ kind: 'l', body: JSON.stringify([l.txId, l.billType, l.refType, l.refId, l.at, lines]) });
  }
  return rows;
}

/** Rebuilds the facts of journal rows (in seq order), as after a crash before the projector wrote them. */
export function decodeFacts(symbol: string, rows: readonly JournalRow[]): BatchFacts {
  const f: BatchFacts = { symbol, orders: [], trades: [], ledger: [] };
  for (const r of rows) {
    const v = JSON.parse(r.body) as unknown[];
    if (r.kind === 'o') {
      const [id, userId, side, kind, tif, price, quantity, quoteBudget, filledQty, filledQuote, fee, frozen, status, doneReason, createdAt, updatedAt] = v as [number, number, OrderRow['side'], OrderRow['kind'], OrderRow['tif'], string, string, string, string, string, string, string, OrderRow['status'], string | null, number, number];
      f.orders.push({ id, symbol, userId, side, kind, tif, price: BigInt(price), quantity: BigInt(quantity), quoteBudget: BigInt(quoteBudget), filledQty: BigInt(filledQty), filledQuote: BigInt(filledQuote), fee: BigInt(fee), frozen: BigInt(frozen), status, doneReason, createdAt, updatedAt });
    } else if (r.kind === 't') {
      const [id, price, quantity, quoteQty, takerSide, makerOrderId, takerOrderId, makerUserId, takerUserId, makerFee, takerFee, createdAt] = v as [number, string, string, string, 'buy' | 'sell', number, number, number, number, string, string, number];
      f.trades.push({ id, symbol, price: BigInt(price), quantity: BigInt(quantity), quoteQty: BigInt(quoteQty), takerSide, makerOrderId, takerOrderId, makerUserId, takerUserId, makerFee: BigInt(makerFee), takerFee: BigInt(takerFee), createdAt });
    } else {
      const [txId, billType, refType, refId, at, lines] = v as [string, BillType, string, number, number, Array<[number | null, Posting['type'], string, string, string, BillType | null]>];
      f.ledger.push({
        txId, billType, refType, refId, at,
        lines: lines.map(([owner, type, asset, available, frozen, bill]) => ({ owner, type, asset, available: BigInt(available), frozen: BigInt(frozen), ...(bill ? { billType: bill } : {}) })),
      });
    }
  }
  return f;
}
