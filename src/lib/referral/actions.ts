import { request } from '../api/client.ts';
import { zoneOffsetMs } from '../../../isomorphic/format/date-time.ts';
import * as api from '../../../isomorphic/contract/referral.endpoints.ts';
import type { Generation } from '../../../isomorphic/referral/generations.ts';
import { $settings } from '../stores/settings.ts';

/** Minutes the user's chosen time zone is ahead of UTC now, so "today" and days are theirs. */
function offsetMinutes(): number {
  return Math.round(zoneOffsetMs(Date.now(), $settings.get().timeZone) / 60_000);
}

export const agentInfo = () => request(api.agentInfo, { body: { offsetMinutes: offsetMinutes() } });
export const promotedUsers = (generation: Generation, current: number) => request(api.agentList, { body: { generation, current, size: 15 } });
export const rewardDays = (current: number) => request(api.rewardDays, { body: { offsetMinutes: offsetMinutes(), current, size: 15 } });
export const rewardUsers = (current: number) => request(api.rewardUsers, { body: { current, size: 15 } });

/** The operator console's side (operators only). */
export const referralAdmin = () => request(api.referralAdmin);
export const setReferralRates = (rates: number[]) => request(api.setReferralRates, { body: { rates } });
export const settleRebates = () => request(api.settleRebates);

/** The link that opens registration with the code filled in (spec §2: an address with "/i&" does). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/i&${code}`;
}
