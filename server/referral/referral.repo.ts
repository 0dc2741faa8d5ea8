import { DEFAULT_RATES_BPS, type Generation } from '../../isomorphic/referral/generations.ts';
import { readSetting, writeSetting } from '../settings/settings.repo.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable } from '../storage/db.ts';
import type { FeeRow, Rebate } from './rebates.ts';

const RATES_KEY = 'referral.rates';
const DAY_MS = 86_400_000;

export async function readRates(q: Queryable): Promise<number[]> {
  const raw = await readSetting(q, RATES_KEY);
  return raw ? (JSON.parse(raw) as number[]) : [...DEFAULT_RATES_BPS];
}

export async function writeRates(q: Queryable, rates: readonly number[]): Promise<void> {
  await writeSetting(q, RATES_KEY, JSON.stringify(rates));
}

/** The starting mark's `from_trade`: it pays nothing, it only says where the programme began. */
const START = -1;

/** The last trade any payout has read, and the cut-off of the newest payout (null before the first). */
export async function paidUpTo(q: Queryable): Promise<{ trade: number; cutOff: number | null }> {
  const row = await q.get<{ trade: unknown; cut_off: unknown }>(
    'SELECT MAX(to_trade) AS trade, MAX(CASE WHEN from_trade = ? THEN NULL ELSE cut_off END) AS cut_off FROM referral_payouts',
    [START],
  );
  return {
    trade: num(row?.trade),
    cutOff: row?.cut_off === null || row?.cut_off === undefined ? null : num(row.cut_off),
  };
}

/**
 * The last trade of the window after `after` that ends before `cutOff`: trades are numbered in the order the core
 * made them, so the window is every trade up to the first one made at or after the cut-off. A trade the projector
 * has not written yet is past the table's end and falls to the next window.
 */
export async function windowEnd(q: Queryable, after: number, cutOff: number): Promise<number> {
  const first = await q.get<{ id: unknown }>('SELECT MIN(id) AS id FROM trades WHERE id > ? AND created_at >= ?', [
    after,
    cutOff,
  ]);
  if (first?.id !== null && first?.id !== undefined) return num(first.id) - 1;
  const last = await q.get<{ id: unknown }>('SELECT MAX(id) AS id FROM trades WHERE id > ?', [after]);
  return last?.id === null || last?.id === undefined ? after : num(last.id);
}

/**
 * The fees of trades (after, upTo] per user and asset, for users who were invited, with their referrers up three
 * generations. A buyer pays in the base they receive, a seller in the quote.
 */
export async function feesOf(q: Queryable, after: number, upTo: number): Promise<FeeRow[]> {
  const rows = await q.all<{
    user_id: bigint;
    asset: string;
    fee: bigint;
    g1: bigint | null;
    g2: bigint | null;
    g3: bigint | null;
  }>(
    `SELECT f.user_id, f.asset, SUM(f.fee) AS fee, u.inviter_id AS g1, p1.inviter_id AS g2, p2.inviter_id AS g3
     FROM (
       SELECT t.taker_user_id AS user_id, CASE WHEN t.taker_side = 'buy' THEN m.base ELSE m.quote END AS asset, t.taker_fee AS fee
         FROM trades t JOIN markets m ON m.symbol = t.symbol WHERE t.id > ? AND t.id <= ?
       UNION ALL
       SELECT t.maker_user_id, CASE WHEN t.taker_side = 'buy' THEN m.quote ELSE m.base END, t.maker_fee
         FROM trades t JOIN markets m ON m.symbol = t.symbol WHERE t.id > ? AND t.id <= ?
     ) f
     JOIN users u ON u.id = f.user_id
     LEFT JOIN users p1 ON p1.id = u.inviter_id
     LEFT JOIN users p2 ON p2.id = p1.inviter_id
     WHERE u.inviter_id IS NOT NULL
     GROUP BY f.user_id, f.asset, u.inviter_id, p1.inviter_id, p2.inviter_id
     ORDER BY f.user_id, f.asset`,
    [after, upTo, after, upTo],
  );
  const id = (v: bigint | null) => (v === null || v === undefined ? null : num(v));
  return rows.map((r) => ({
    userId: num(r.user_id),
    asset: r.asset,
    fee: BigInt(r.fee),
    referrers: [id(r.g1), id(r.g2), id(r.g3)],
  }));
}

/** The mark that trades (from, to] are paid; a second run from the same trade breaks the unique `from_trade`. */
export async function insertPayout(
  q: Queryable,
  p: { from: number; to: number; cutOff: number; paidAt: number; rebates: number; operatorId: number | null },
): Promise<number> {
  const row = await q.get<{ id: bigint }>(
    'INSERT INTO referral_payouts (from_trade, to_trade, cut_off, paid_at, rebates, operator_id) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    [p.from, p.to, p.cutOff, p.paidAt, p.rebates, p.operatorId],
  );
  return num(row!.id);
}

export async function insertRebates(
  q: Queryable,
  payoutId: number,
  cutOff: number,
  rebates: readonly Rebate[],
): Promise<void> {
  await writeRows(
    q,
    {
      head: 'INSERT INTO referral_rebates (payout_id, cut_off, referrer_id, invitee_id, generation, asset, fee, rate_bps, amount)',
    },
    rebates.map((r) => [
      payoutId,
      cutOff,
      r.referrerId,
      r.inviteeId,
      r.generation,
      r.asset,
      r.fee,
      r.rateBps,
      r.amount,
    ]),
  );
}

/** `FROM users u … WHERE` selecting the users `userId` promoted in one generation (u is the promoted user). */
function generationFrom(generation: Generation): string {
  if (generation === 1) return 'FROM users u WHERE u.inviter_id = ?';
  if (generation === 2) return 'FROM users u JOIN users p1 ON p1.id = u.inviter_id WHERE p1.inviter_id = ?';
  return 'FROM users u JOIN users p1 ON p1.id = u.inviter_id JOIN users p2 ON p2.id = p1.inviter_id WHERE p2.inviter_id = ?';
}

export async function promotedCount(q: Queryable, userId: number, generation: Generation): Promise<number> {
  return num((await q.get<{ n: unknown }>(`SELECT COUNT(*) AS n ${generationFrom(generation)}`, [userId]))?.n);
}

interface PromotedRow {
  id: number;
  username: string | null;
  email: string | null;
  phone: string | null;
  createdAt: number;
}

export async function promotedPage(
  q: Queryable,
  userId: number,
  generation: Generation,
  page: number,
  size: number,
): Promise<PromotedRow[]> {
  const rows = await q.all<{
    id: bigint;
    username: string | null;
    email: string | null;
    phone: string | null;
    created_at: bigint;
  }>(
    `SELECT u.id, u.username, u.email, u.phone, u.created_at ${generationFrom(generation)} ORDER BY u.id DESC LIMIT ? OFFSET ?`,
    [userId, size, (page - 1) * size],
  );
  return rows.map((r) => ({
    id: num(r.id),
    username: r.username,
    email: r.email,
    phone: r.phone,
    createdAt: num(r.created_at),
  }));
}

/** What each of these promoted users' fees paid the referrer, per asset. */
export async function rebatesFrom(
  q: Queryable,
  referrerId: number,
  inviteeIds: readonly number[],
): Promise<Array<{ inviteeId: number; asset: string; amount: bigint }>> {
  if (!inviteeIds.length) return [];
  const rows = await q.all<{ invitee_id: bigint; asset: string; amount: bigint }>(
    `SELECT invitee_id, asset, SUM(amount) AS amount FROM referral_rebates WHERE referrer_id = ? AND invitee_id IN (${inviteeIds.map(() => '?').join(', ')}) GROUP BY invitee_id, asset ORDER BY asset`,
    [referrerId, ...inviteeIds],
  );
  return rows.map((r) => ({ inviteeId: num(r.invitee_id), asset: r.asset, amount: BigInt(r.amount) }));
}

/** A referrer's rebates per asset, all of them or those of windows that ended after `after`. */
export async function earnedByAsset(
  q: Queryable,
  referrerId: number,
  after?: number,
): Promise<Array<{ asset: string; amount: bigint }>> {
  const rows = await q.all<{ asset: string; amount: bigint }>(
    `SELECT asset, SUM(amount) AS amount FROM referral_rebates WHERE referrer_id = ?${after === undefined ? '' : ' AND cut_off > ?'} GROUP BY asset ORDER BY asset`,
    after === undefined ? [referrerId] : [referrerId, after],
  );
  return rows.map((r) => ({ asset: r.asset, amount: BigInt(r.amount) }));
}

/**
 * A referrer's rebates per day and asset, in the reader's time zone: a rebate belongs to the day its window ended
 * in (a window ending at midnight is the day before's).
 */
export async function rewardDays(q: Queryable, referrerId: number, offsetMs: number, page: number, size: number) {
  // A bigint, so that SQLite divides integers (a JS number may bind as a float).
  const offset = BigInt(offsetMs);
  const days =
    'FROM (SELECT (cut_off - 1 + ?) / 86400000 AS day, asset, amount, invitee_id FROM referral_rebates WHERE referrer_id = ?) d GROUP BY day, asset';
  const total = num(
    (await q.get<{ n: unknown }>(`SELECT COUNT(*) AS n FROM (SELECT day ${days}) g`, [offset, referrerId]))?.n,
  );
  const rows = await q.all<{ day: bigint; asset: string; amount: bigint; users: bigint }>(
    `SELECT day, asset, SUM(amount) AS amount, COUNT(DISTINCT invitee_id) AS users ${days} ORDER BY day DESC, asset LIMIT ? OFFSET ?`,
    [offset, referrerId, size, (page - 1) * size],
  );
  return {
    total,
    rows: rows.map((r) => ({
      dayStart: num(r.day) * DAY_MS - offsetMs,
      asset: r.asset,
      amount: BigInt(r.amount),
      users: num(r.users),
    })),
  };
}

export async function rewardUsers(q: Queryable, referrerId: number, page: number, size: number) {
  const from =
    'FROM referral_rebates r JOIN users u ON u.id = r.invitee_id WHERE r.referrer_id = ? GROUP BY r.invitee_id, r.generation, r.asset, u.username, u.email, u.phone';
  const total = num(
    (await q.get<{ n: unknown }>(`SELECT COUNT(*) AS n FROM (SELECT 1 AS one ${from}) g`, [referrerId]))?.n,
  );
  const rows = await q.all<{
    generation: bigint;
    asset: string;
    amount: bigint;
    last_time: bigint;
    username: string | null;
    email: string | null;
    phone: string | null;
  }>(
    `SELECT r.generation, r.asset, SUM(r.amount) AS amount, MAX(r.cut_off) AS last_time, u.username, u.email, u.phone ${from} ORDER BY last_time DESC, r.invitee_id DESC, r.asset LIMIT ? OFFSET ?`,
    [referrerId, size, (page - 1) * size],
  );
  return {
    total,
    rows: rows.map((r) => ({
      generation: num(r.generation) as Generation,
      asset: r.asset,
      amount: BigInt(r.amount),
      lastTime: num(r.last_time),
      username: r.username,
      email: r.email,
      phone: r.phone,
    })),
  };
}

export async function recentPayouts(q: Queryable, limit: number) {
  const rows = await q.all<{
    id: bigint;
    cut_off: bigint;
    paid_at: bigint;
    from_trade: bigint;
    to_trade: bigint;
    rebates: bigint;
    operator_id: bigint | null;
  }>(
    'SELECT id, cut_off, paid_at, from_trade, to_trade, rebates, operator_id FROM referral_payouts WHERE from_trade <> ? ORDER BY id DESC LIMIT ?',
    [START, limit],
  );
  return rows.map((r) => ({
    id: num(r.id),
    cutOff: num(r.cut_off),
    paidAt: num(r.paid_at),
    trades: num(r.to_trade) - num(r.from_trade),
    rebates: num(r.rebates),
    manual: r.operator_id !== null,
  }));
}
