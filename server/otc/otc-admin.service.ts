/** The operators' side of OTC: the merchant applications and the appeals, each decision with its audit line. */
import type { z } from 'zod';
import type {
  appealQueueQuery,
  MerchantApplication,
  merchantQueueQuery,
  OtcAppealCase,
  reviewBody,
  ruleBody,
} from '../../isomorphic/contract/otc.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import { audit } from '../audit/audit.ts';
import { kycStanding } from '../identity/kyc.repo.ts';
import { forgetSessions } from '../user/session.service.ts';
import { findUserBy, nicknames } from '../user/user.repo.ts';
import { money } from '../wallet/amounts.ts';
import type { OtcBook } from './otc-book.ts';
import * as cmd from './otc-commands.ts';
import { appealRows, merchantRows, type MerchantRow } from './otc.repo.ts';
import type { OtcDeps } from './otc.service.ts';
import { orderViews } from './views.ts';

async function application({ db }: OtcDeps, m: MerchantRow): Promise<MerchantApplication> {
  const [user, names, kyc] = await Promise.all([
    findUserBy(db, 'id', m.userId),
    nicknames(db, [m.userId]),
    kycStanding(db, m.userId),
  ]);
  return {
    userId: m.userId,
    nickname: names.get(m.userId) ?? '',
    email: user?.email ?? null,
    level: kyc.level,
    state: m.state,
    deposit: money(m.deposit),
    appliedAt: m.appliedAt,
    reviewedAt: m.reviewedAt,
    note: m.note,
  };
}

export async function merchantQueue(
  d: OtcDeps,
  q: z.output<typeof merchantQueueQuery>,
): Promise<Page<MerchantApplication>> {
  await d.core.settled();
  const { total, rows } = await merchantRows(d.db, q.state, q);
  const records: MerchantApplication[] = [];
  for (const m of rows) records.push(await application(d, m));
  return { total, page: q.page, size: q.size, records };
}

export async function reviewMerchant(
  d: OtcDeps,
  operator: number,
  body: z.output<typeof reviewBody>,
): Promise<MerchantApplication> {
  const m = await d.core.submitPrepared(cmd.reviewMerchant, async (q) => {
    await audit(q, operator, body.approve ? 'otc.merchant.approve' : 'otc.merchant.reject', 'user', body.userId, {
      note: body.note,
    });
    return body;
  });
  // The merchant's session sees is_merchant 2 (their merchant account and topic) on their next call.
  await d.core.settled();
  forgetSessions();
  return application(d, m);
}

/** Orders under appeal: an open one as the core holds it, a closed one from the table. */
export async function appealQueue(d: OtcDeps, q: z.output<typeof appealQueueQuery>): Promise<Page<OtcAppealCase>> {
  await d.core.settled();
  const { total, rows } = await appealRows(d.db, q.state, q);
  const open = d.core.part<OtcBook>('otc').orders;
  return {
    total,
    page: q.page,
    size: q.size,
    records: await orderViews(
      d.db,
      rows.map((o) => open.get(o.id) ?? o),
      0,
    ),
  };
}

export async function ruleAppeal(
  d: OtcDeps,
  operator: number,
  { id, ruling, note }: z.output<typeof ruleBody>,
): Promise<OtcAppealCase> {
  const o = await d.core.submitPrepared(cmd.ruleAppeal, async (q) => {
    await audit(q, operator, `otc.appeal.${ruling}`, 'otc_order', id, { note });
    return { operatorId: operator, id, ruling, note };
  });
  return (await orderViews(d.db, [o], 0))[0]!;
}
