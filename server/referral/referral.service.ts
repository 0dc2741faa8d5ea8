import type {
  AgentInfo,
  AssetAmount,
  Page,
  PromotedUser,
  ReferralAdminView,
  RewardDay,
  RewardUser,
} from '../../isomorphic/contract/referral.ts';
import { GENERATIONS, type Generation } from '../../isomorphic/referral/generations.ts';
import { promotedName } from '../../isomorphic/referral/promoted-name.ts';
import { audit } from '../audit/audit.ts';
import type { UserRow } from '../user/user.repo.ts';
import { money } from '../wallet/amounts.ts';
import { payRebates, type PayoutDeps } from './payout.ts';
import { checkRates } from './rebates.ts';
import * as repo from './referral.repo.ts';

const DAY_MS = 86_400_000;

export interface ReferralDeps extends PayoutDeps {
  periodMinutes: number;
}

const amounts = (rows: Array<{ asset: string; amount: bigint }>): AssetAmount[] =>
  rows.map((r) => ({ asset: r.asset, amount: money(r.amount) }));

function pageOf<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, current, size, pages: Math.ceil(total / size) };
}

/**
 * docs/requirements.md §3 promotion, for the signed-in user only: their code, their promoted users per generation,
 * their rebates.
 */
export async function agentInfo(
  { db, clock, periodMinutes }: ReferralDeps,
  user: UserRow,
  offsetMinutes: number,
): Promise<AgentInfo> {
  const offset = offsetMinutes * 60_000;
  const midnight = Math.floor((clock.now() + offset) / DAY_MS) * DAY_MS - offset;
  const byGeneration = await Promise.all(GENERATIONS.map((g) => repo.promotedCount(db, user.id, g)));
  return {
    inviteCode: user.inviteCode,
    rates: await repo.readRates(db),
    promoted: { total: byGeneration.reduce((a, b) => a + b, 0), byGeneration },
    earned: amounts(await repo.earnedByAsset(db, user.id)),
    today: amounts(await repo.earnedByAsset(db, user.id, midnight)),
    periodMinutes,
    paidUpTo: (await repo.paidUpTo(db)).cutOff,
  };
}

/** The users the reader promoted in one generation, newest first, masked, with what each has earned the reader. */
export async function agentList(
  { db }: ReferralDeps,
  user: UserRow,
  body: { generation: Generation; current: number; size: number },
): Promise<Page<PromotedUser>> {
  const { generation, current, size } = body;
  const total = await repo.promotedCount(db, user.id, generation);
  const rows = await repo.promotedPage(db, user.id, generation, current, size);
  const rebates = await repo.rebatesFrom(
    db,
    user.id,
    rows.map((r) => r.id),
  );
  const records = rows.map((r) => ({
    name: promotedName(r),
    generation,
    registerTime: r.createdAt,
    rebates: amounts(rebates.filter((x) => x.inviteeId === r.id)),
  }));
  return pageOf(records, total, current, size);
}

export async function rewardDays(
  { db }: ReferralDeps,
  user: UserRow,
  body: { offsetMinutes: number; current: number; size: number },
): Promise<Page<RewardDay>> {
  const { total, rows } = await repo.rewardDays(db, user.id, body.offsetMinutes * 60_000, body.current, body.size);
  return pageOf(
    rows.map((r) => ({ ...r, amount: money(r.amount) })),
    total,
    body.current,
    body.size,
  );
}

export async function rewardUsers(
  { db }: ReferralDeps,
  user: UserRow,
  body: { current: number; size: number },
): Promise<Page<RewardUser>> {
  const { total, rows } = await repo.rewardUsers(db, user.id, body.current, body.size);
  const records = rows.map((r) => ({
    name: promotedName(r),
    generation: r.generation,
    asset: r.asset,
    amount: money(r.amount),
    lastTime: r.lastTime,
  }));
  return pageOf(records, total, body.current, body.size);
}

export async function adminView({ db, periodMinutes }: ReferralDeps): Promise<ReferralAdminView> {
  return { rates: await repo.readRates(db), periodMinutes, payouts: await repo.recentPayouts(db, 20) };
}

/**
 * New rates, audited. The fees charged so far are paid first at the rates that held when they were charged, so a
 * change never reaches back; from then on the new rates apply.
 */
export async function setRates(deps: ReferralDeps, operatorId: number, rates: number[]): Promise<ReferralAdminView> {
  checkRates(rates);
  await payRebates(deps, deps.clock.now(), operatorId);
  await deps.db.tx(async (q) => {
    const before = await repo.readRates(q);
    await repo.writeRates(q, rates);
    await audit(q, operatorId, 'referral.rates', 'settings', 'referral.rates', {
      rebateRates: { before, after: rates },
    });
  });
  return adminView(deps);
}
