import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/fees.endpoints.ts';
import type { FeeLevel } from '../../../isomorphic/contract/fees.ts';
import { remote } from '../stores/remote.ts';

/** The fee schedule as the core charges by it (public). */
const schedule = remote(() => request(api.feeSchedule));
export const $feeSchedule = schedule.$value;

/** The signed-in user's level, volumes and next level. */
export const $myFees = remote(() => request(api.myFees)).$value;

/** Operators replace the schedule; the desk and the page show what the server answers. */
export async function saveFeeSchedule(levels: FeeLevel[]): Promise<void> {
  schedule.put(await request(api.setFeeSchedule, { body: { levels } }));
}
