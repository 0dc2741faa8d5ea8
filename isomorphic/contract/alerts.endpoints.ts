/** Price alerts (docs/products/alerts.md): set, list and delete your own. */
import type { PriceAlert } from './alerts.ts';
import { endpoint, schemasIn, type } from './endpoint.ts';

const s = schemasIn('alerts');
const tags = ['alerts'];

export const alertList = endpoint({
  method: 'GET',
  path: '/api/alerts/list',
  auth: 'user',
  query: s('alertListQuery'),
  response: type<PriceAlert[]>(),
  errors: [],
  summary: 'Your price alerts, active first, then fired ones newest first',
  tags,
});

export const createAlert = endpoint({
  method: 'POST',
  path: '/api/alerts/create',
  auth: 'user',
  body: s('createAlertBody'),
  response: type<PriceAlert>(),
  errors: [
    'unknownMarket',
    'marketClosed',
    'invalidNumber',
    'tooPrecise',
    'mustBePositive',
    'offTick',
    'alertChangeRange',
    'alertAlreadyReached',
    'alertLimit',
  ],
  summary:
    'Set a one-shot alert on a spot market: last price rises to / falls to a price, or 24 h change above / below',
  tags,
});

export const deleteAlert = endpoint({
  method: 'POST',
  path: '/api/alerts/delete',
  auth: 'user',
  body: s('alertIdBody'),
  response: type<null>(),
  errors: ['alertNotFound'],
  summary: 'Delete one of your alerts, active or fired',
  tags,
});
