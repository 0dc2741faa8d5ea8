import type { TradingCore } from '../core/core.ts';
import { listPriceRecords, type PriceRecordRow } from '../prices/prices.repo.ts';
import type { Db } from '../storage/db.ts';
import { settleSeconds, type Settlement } from './seconds.commands.ts';
import type { SecondsBook } from './seconds-book.ts';
import { PRICE_TOLERANCE_MS } from './seconds.service.ts';

/** Records read per market and run; orders maturing beyond them wait for the next run. */
const RECORDS_PER_RUN = 2_000;
/** Orders per settle command: one journal entry each, small enough to keep a batch short. */
const CHUNK = 1_000;

/**
 * The price an order maturing at `second` settles on: the index recorded for that very second; when the sampler
 * skipped it, the latest recorded in the tolerance before it (never a later one). Undefined while it cannot be
 * known yet; `null` when no usable price exists (then the stake is refunded). A feed price is usable only if its
 * source confirmed it within the tolerance before the second.
 */
function closeOf(
  records: readonly PriceRecordRow[],
  second: number,
  now: number,
  complete: boolean,
): { price: bigint; period: number } | null | undefined {
  const usable = (r: PriceRecordRow) => r.indexSource === 'walk' || r.indexAt >= second - PRICE_TOLERANCE_MS;
  const exact = records.find((r) => r.periodStart === second);
  if (exact) return usable(exact) ? { price: exact.indexPrice, period: exact.periodStart } : null;
  // Without the exact second, wait until the sampler has moved past it (or the tolerance is over) before settling.
  const passed = records.some((r) => r.periodStart > second) || now >= second + PRICE_TOLERANCE_MS;
  if (!passed || (!complete && !records.some((r) => r.periodStart > second))) return undefined;
  const before = records.filter((r) => r.periodStart < second && r.periodStart >= second - PRICE_TOLERANCE_MS).at(-1);
  return before && usable(before) ? { price: before.indexPrice, period: before.periodStart } : null;
}

/**
 * One run of the settlement job: every open order whose second has come is settled on the recorded prices, through
 * the core (each settlement journaled; an order already settled is skipped). Answers how many it settled.
 */
export async function settleDue(db: Db, core: TradingCore, now: number): Promise<number> {
  const book = core.part<SecondsBook>('seconds');
  const due = new Map<string, number[]>();
  for (const o of book.open.values()) {
    if (o.expiresAt > now) continue;
    const seconds = due.get(o.symbol);
    if (seconds) seconds.push(o.id);
    else due.set(o.symbol, [o.id]);
  }
  const settlements: Settlement[] = [];
  for (const [symbol, ids] of due) {
    const orders = ids.map((id) => book.open.get(id)!);
    const from = Math.min(...orders.map((o) => o.expiresAt)) - PRICE_TOLERANCE_MS;
    const records = await listPriceRecords(db, symbol, { from, to: now, limit: RECORDS_PER_RUN });
    const complete = records.length < RECORDS_PER_RUN;
    for (const o of orders) {
      const close = closeOf(records, o.expiresAt, now, complete);
      if (close !== undefined) settlements.push([o.id, close?.price ?? null, close?.period ?? null]);
    }
  }
  let settled = 0;
  for (let i = 0; i < settlements.length; i += CHUNK)
    settled += await core.submit(settleSeconds, settlements.slice(i, i + CHUNK));
  return settled;
}
