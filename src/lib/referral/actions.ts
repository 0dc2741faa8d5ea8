import { request } from '../api/client.ts';
import { zoneOffsetMs } from '../../../isomorphic/format/date-time.ts';
import * as api from '../../../isomorphic/contract/referral.endpoints.ts';
import type { Generation } from '../../../isomorphic/referral/generations.ts';
import type { Page } from '../../../isomorphic/contract/referral.ts';
import { keyed, remote } from '../stores/remote.ts';
import { $settings } from '../stores/settings.ts';

/** Minutes the user's chosen time zone is ahead of UTC now, so "today" and days are theirs. */
function offsetMinutes(): number {
  return Math.round(zoneOffsetMs(Date.now(), $settings.get().timeZone) / 60_000);
}

/** A page of a list, or none when it failed to load: it reads as empty. */
function orNothing<R>(answer: Promise<Page<R>>, current: number): Promise<Page<R>> {
  return answer.catch(() => ({ records: [], total: 0, current, size: 15, pages: 0 }));
}

/** The user's invitation code, their team and what they earned, for the agent and reward tabs. */
export const $agentInfo = remote(() => request(api.agentInfo, { body: { offsetMinutes: offsetMinutes() } })).$value;
/** A page of the users the user brought in, by generation. */
export const promotedStore = keyed(
  (generation: Generation, current: number) =>
    remote(() => orNothing(request(api.agentList, { body: { generation, current, size: 15 } }), current)).$value,
);
/** A page of the rebates the user was paid, per day of their time zone. */
export const rewardDaysStore = keyed(
  (current: number) =>
    remote(() =>
      orNothing(request(api.rewardDays, { body: { offsetMinutes: offsetMinutes(), current, size: 15 } }), current),
    ).$value,
);
/** A page of the rebates the user was paid, per promoted user. */
export const rewardUsersStore = keyed(
  (current: number) =>
    remote(() => orNothing(request(api.rewardUsers, { body: { current, size: 15 } }), current)).$value,
);

/** The operator console's side (operators only): the rates, what is due and the latest payouts. */
const admin = remote(() => request(api.referralAdmin));
export const $referralAdmin = admin.$value;

/** Saves the rates per generation; the console shows what the server answers. */
export async function setReferralRates(rates: number[]): Promise<void> {
  admin.put(await request(api.setReferralRates, { body: { rates } }));
}

/** Pays what is due now, and loads the console's view again. */
export async function settleRebates() {
  const r = await request(api.settleRebates);
  await admin.reload();
  return r;
}

/** The link that opens registration with the code filled in (docs/requirements.md §2: an address with "/i&" does). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/i&${code}`;
}
