import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/seconds.endpoints.ts';
import type { PeriodBody } from '../../../isomorphic/contract/seconds.ts';

/** The operator console's calls for second contracts. */
export const secondsDesk = () => request(api.adminPeriods);
export const savePeriod = (body: PeriodBody) => request(api.savePeriod, { body });
export const fundPool = (amount: number) => request(api.fundPool, { body: { amount } });
