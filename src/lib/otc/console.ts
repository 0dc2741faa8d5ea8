import { request } from '../api/client.ts';
import { pathOf } from '../../../isomorphic/contract/endpoint.ts';
import * as api from '../../../isomorphic/contract/otc.endpoints.ts';
import { uploaded } from '../../../isomorphic/contract/wallet.endpoints.ts';

/**
 * The operator console's OTC calls (operators only; the server answers 403 to anyone else). Each decision is audited.
 */
export type ApplicationState = 'pending' | 'approved' | 'rejected';
export type AppealState = 'open' | 'ruled';

export const merchantApplications = (state: ApplicationState) =>
  request(api.merchantQueue, { query: { state, size: 100 } });
export const reviewMerchant = (userId: number, approve: boolean, note: string) =>
  request(api.reviewMerchant, { body: { userId, approve, note } });
export const appealCases = (state: AppealState) => request(api.appealQueue, { query: { state, size: 100 } });
export const ruleAppeal = (id: number, ruling: 'release' | 'refund', note: string) =>
  request(api.ruleAppeal, { body: { id, ruling, note } });

/**
 * A proof on an order or appeal as an image address: an upload's link as it is, a bare upload id made into its link.
 */
export function proofAddress(proof: string): string {
  return proof.startsWith('/') ? proof : pathOf(uploaded, { id: proof });
}
