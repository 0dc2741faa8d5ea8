/**
 * The white paper and customer-service links (docs/requirements.md §7 "Other"), in the shapes the requirements' client
 * reads, and the server's clock.
 */
import { endpoint, type } from './endpoint.ts';
import type { CustomerServiceEntry } from './otc.ts';

export const whitePaperSetting = endpoint({
  method: 'POST',
  path: '/api/common/getWhitePaperSetting',
  auth: 'none',
  response: type<{ url: string | null }>(),
  errors: [],
  summary: 'The white paper link (data.url, null when none)',
  tags: ['common'],
});

export const customerService = endpoint({
  method: 'POST',
  path: '/api/common/getCustomerService',
  auth: 'none',
  response: type<{ code: number; data: CustomerServiceEntry[] }>(),
  errors: [],
  summary:
    'Customer-service links (data.code, data.data[].url); with none configured, the in-platform chat (kind chat)',
  tags: ['common'],
});

export const serverTime = endpoint({
  method: 'GET',
  path: '/api/common/time',
  auth: 'none',
  response: type<{ serverTime: number }>(),
  errors: [],
  summary: "The server's clock, which the site's countdowns and interest dates go by",
  tags: ['common'],
});
