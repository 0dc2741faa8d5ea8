/** Recorded prices (public): what a settlement names as its price, for anyone to check. */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { PriceRecord } from './prices.ts';

const s = schemasIn('prices');

export const priceRecords = endpoint({
  method: 'GET',
  path: '/api/app/coin/market/priceRecords',
  auth: 'none',
  query: s('priceRecordsQuery'),
  response: type<PriceRecord[]>(),
  errors: ['unknownMarket'],
  summary: 'Recorded index, mark and last prices of a market per sampling period, oldest first',
  tags: ['spot'],
});
