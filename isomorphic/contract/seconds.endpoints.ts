/**
 * Second contracts (docs/requirements.md §7 "Market and trading": period/list, secondContractOrder/*). Orders are the
 * user's own; the settled list is public and anonymised; the period and pool calls are the operator console's.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { SecondsOrder, SecondsPeriod, SecondsPeriodAdmin, SecondsPool, SettledSeconds } from './seconds.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('seconds');
const tags = ['seconds'];

export const periodList = endpoint({
  method: 'POST',
  path: '/api/period/list',
  auth: 'none',
  body: s('periodListBody'),
  response: type<SecondsPeriod[]>(),
  errors: [],
  summary: 'The periods of second contracts you can open now, per symbol, with their rates and stake limits',
  tags,
});

export const createSecondsOrder = endpoint({
  method: 'POST',
  path: '/api/secondContractOrder/createSecondContractOrder',
  auth: 'user',
  body: s('createSecondsBody'),
  response: type<SecondsOrder>(),
  errors: [
    'unknownMarket',
    'secondsPeriodUnknown',
    'secondsStakeInteger',
    'secondsStakeRange',
    'secondsNoPrice',
    'secondsPriceStale',
    'secondsExposureFull',
    'secondsPoolFull',
    'insufficientBalance',
    'contractMarginReserved',
  ],
  summary:
    'Stake on the index being higher (up) or lower (down) when the period ends; the stake is held in the contract account',
  tags,
});

export const secondsOrders = endpoint({
  method: 'POST',
  path: '/api/secondContractOrder/selectOrderList',
  auth: 'user',
  body: s('secondsListBody'),
  response: type<Page<SecondsOrder>>(),
  errors: [],
  summary: 'Your second-contract orders: open (counting down) or settled, newest first',
  tags,
});

export const settledSeconds = endpoint({
  method: 'POST',
  path: '/api/secondContractOrder/settled',
  auth: 'none',
  body: s('settledListBody'),
  response: type<SettledSeconds[]>(),
  errors: [],
  summary: 'Every settled order, anonymised, with the recorded open and close prices and their seconds, newest first',
  tags,
});

export const adminPeriods = endpoint({
  method: 'GET',
  path: '/api/admin/seconds/periods',
  auth: 'operator',
  response: type<{ periods: SecondsPeriodAdmin[]; pool: SecondsPool }>(),
  errors: [],
  summary: 'Every period with its cap and state, and the counterparty pool',
  tags,
});

export const savePeriod = endpoint({
  method: 'POST',
  path: '/api/admin/seconds/period',
  auth: 'operator',
  body: s('periodBody'),
  response: type<SecondsPeriodAdmin>(),
  errors: ['unknownMarket', 'secondsPeriodUnknown', 'secondsPeriodInvalid'],
  summary: 'Create a period or change one for orders opened from now on (audited)',
  tags,
});

export const fundPool = endpoint({
  method: 'POST',
  path: '/api/admin/seconds/fundPool',
  auth: 'operator',
  body: s('fundPoolBody'),
  response: type<SecondsPool>(),
  errors: [],
  summary: 'Add to the counterparty pool from outside (audited)',
  tags,
});
