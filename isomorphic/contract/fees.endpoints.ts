/** The fee schedule: public, the reader's own level, and the operators' edit. */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { FeeSchedule, MyFees } from './fees.ts';

const s = schemasIn('fees');
const tags = ['fees'];

export const feeSchedule = endpoint({
  method: 'GET',
  path: '/api/fees/schedule',
  auth: 'none',
  response: type<FeeSchedule>(),
  errors: [],
  summary: 'The VIP levels: maker and taker rates (basis points) for spot and perpetuals, and the 30-day volumes',
  tags,
});

export const myFees = endpoint({
  method: 'GET',
  path: '/api/fees/mine',
  auth: 'user',
  response: type<MyFees>(),
  errors: [],
  summary: 'Your VIP level and its rates, your 30-day spot and perpetual volumes, and the next level',
  tags,
});

export const setFeeSchedule = endpoint({
  method: 'POST',
  path: '/api/admin/fees/schedule',
  auth: 'operator',
  body: s('scheduleBody'),
  response: type<FeeSchedule>(),
  errors: ['feeScheduleCount', 'feeScheduleRates', 'feeScheduleThresholds'],
  summary: 'Replace the fee schedule (rates never rising with the level, thresholds rising); audited',
  tags: ['admin'],
});
