import type { PriceRecord } from '../../isomorphic/contract/prices.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import type { Queryable } from '../storage/db.ts';
import { EMA_DIGITS, RATE_DIGITS } from './mark-price.ts';
import { listPriceRecords, type PriceRecordRange, type PriceRecordRow } from './prices.repo.ts';

/** A market's recorded prices in a range (server/prices/prices.repo.ts), as the API shows them. */
export async function priceRecords(
  q: Queryable,
  m: { symbol: string; priceScale: number },
  range: PriceRecordRange,
): Promise<PriceRecord[]> {
  return (await listPriceRecords(q, m.symbol, range)).map((r) => priceRecord(r, m.priceScale));
}

function priceRecord(r: PriceRecordRow, scale: number): PriceRecord {
  return {
    symbol: r.symbol,
    periodStart: r.periodStart,
    sampledAt: r.sampledAt,
    index: formatUnits(r.indexPrice, scale),
    indexSource: r.indexSource,
    indexTime: r.indexAt,
    mark: formatUnits(r.markPrice, scale),
    basisEma: formatUnits(r.basisEma, scale + EMA_DIGITS),
    fundingBasis: formatUnits(r.fundingBasis, RATE_DIGITS),
    last: r.lastPrice === null ? null : formatUnits(r.lastPrice, scale),
    lastTime: r.lastAt,
  };
}
