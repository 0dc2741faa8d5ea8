import { jsonCommand, type CommandContext } from '../core/command.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import { trimZeros } from '../../isomorphic/perpetual/math.ts';
import { fail } from '../outcome.ts';
import { earnHoldId, expectedOf, type EarnBook } from './earn-book.ts';
import type { EarnOrderRow, ProductRow } from './earn.repo.ts';
import { daysAccrued, interestFor, termOf } from '../../isomorphic/earn/interest.ts';

const bookOf = (ctx: CommandContext) => ctx.part<EarnBook>('earn');
/** An amount as a refusal names it: "100", not "100.00000000". */
const shown = (v: bigint) => trimZeros(formatUnits(v, ASSET_SCALE));

/** What the user's earn orders changed, for their screens once durable. */
export const EARN_CHANGED = 'earn.changed';

/**
 * A subscription on the product's terms as the edge read them (journaled with it, so a replay decides alike): the
 * amount leaves the spot account for the finance account, held for the order, once the product's limits, its
 * capacity, the user's count and the earn pool's cover for the promised interest all allow it.
 */
export const subscribe = jsonCommand(
  'earn.subscribe',
  (ctx, p: { userId: number; product: ProductRow; amount: bigint }): EarnOrderRow => {
    const book = bookOf(ctx);
    const pr = p.product;
    if (!pr.open) fail('earnProductClosed');
    if (p.amount < pr.minAmount || p.amount > pr.maxAmount)
      fail('earnOutsideLimits', { min: shown(pr.minAmount), max: shown(pr.maxAmount), coin: pr.asset });
    const left = pr.capacity - (book.sold.get(pr.id) ?? 0n);
    if (p.amount > left) fail('earnSoldOut', { remaining: shown(left > 0n ? left : 0n), coin: pr.asset });
    if (pr.perUser > 0 && book.countOf(p.userId, pr.id) >= pr.perUser) fail('earnPerUserLimit', { max: pr.perUser });
    const { beginAt, endAt } = termOf(ctx.now, pr.cycleDays);
    const order: EarnOrderRow = {
      id: book.peekId(),
      userId: p.userId,
      productId: pr.id,
      kind: pr.kind,
      asset: pr.asset,
      amount: p.amount,
      dailyRate: pr.dailyRate,
      cycleDays: pr.cycleDays,
      earlyRedeem: pr.earlyRedeem,
      subscribedAt: ctx.now,
      beginAt,
      endAt,
      state: 'inProgress',
      interestPaid: 0n,
      paidDays: 0,
      endedAt: null,
    };
    // Every promised interest must be payable: the pool's free balance covers all open orders, this one included.
    if (ctx.risk.available(null, ACCOUNT.earnPool, pr.asset) - book.reserved(pr.asset) < expectedOf(order))
      fail('earnPoolShort');
    if (ctx.risk.available(p.userId, ACCOUNT.spot, pr.asset) < p.amount) fail('insufficientBalance');
    const meta = { billType: 'earn_subscribe' as const, refType: 'earn_order', refId: order.id };
    ctx.risk.post(
      [
        { owner: p.userId, type: ACCOUNT.spot, asset: pr.asset, available: -p.amount },
        { owner: p.userId, type: ACCOUNT.finance, asset: pr.asset, available: p.amount },
      ],
      meta,
    );
    ctx.risk.hold(earnHoldId(order.id), p.userId, ACCOUNT.finance, pr.asset, p.amount, meta);
    book.add(order);
    ctx.emit(EARN_CHANGED, p.userId);
    return { ...order };
  },
);

const interestMeta = (id: number) => ({ billType: 'earn_interest' as const, refType: 'earn_order', refId: id });

/** Pays interest from the pool into the user's finance account, and tells the book. */
function payInterest(ctx: CommandContext, o: EarnOrderRow, days: number, interest: bigint): EarnOrderRow {
  if (interest > 0n)
    ctx.risk.post(
      [
        { owner: null, type: ACCOUNT.earnPool, asset: o.asset, available: -interest },
        { owner: o.userId, type: ACCOUNT.finance, asset: o.asset, available: interest },
      ],
      interestMeta(o.id),
    );
  return bookOf(ctx).paid(o, days, interest);
}

/**
 * A flexible order's unpaid whole days by the command's time, each paid on its own (one bill a day): day n pays
 * ⌊amount × rate × n⌋ − ⌊amount × rate × (n − 1)⌋, so the days add up to the published total and the remainder of
 * each day's rounding is carried. Days already paid are never paid again, however late the job comes.
 */
function payDays(ctx: CommandContext, order: EarnOrderRow): EarnOrderRow {
  let o = order;
  if (o.kind !== 'flexible') return o;
  for (let day = o.paidDays + 1; day <= daysAccrued(o.beginAt, o.cycleDays, ctx.now); day++) {
    o = payInterest(ctx, o, 1, interestFor(o.amount, o.dailyRate, day) - interestFor(o.amount, o.dailyRate, day - 1));
  }
  return o;
}

/**
 * The end of a cycle: the principal is released and the interest not yet paid is paid from the pool, once (the whole
 * cycle's for a fixed-term order; a flexible order's last days).
 */
function mature(ctx: CommandContext, order: EarnOrderRow): EarnOrderRow {
  let o = payDays(ctx, order);
  ctx.risk.release(earnHoldId(o.id), { ...interestMeta(o.id), billType: 'earn_redeem' });
  const rest = expectedOf(o) - o.interestPaid;
  if (rest > 0n || o.paidDays < o.cycleDays) o = payInterest(ctx, o, o.cycleDays - o.paidDays, rest);
  const ended: EarnOrderRow = { ...o, state: 'completed', endedAt: ctx.now };
  bookOf(ctx).end(ended, {
    orderId: o.id,
    userId: o.userId,
    kind: 'matured',
    principal: o.amount,
    interest: o.interestPaid,
    createdAt: ctx.now,
  });
  ctx.emit(EARN_CHANGED, o.userId);
  return ended;
}

/**
 * Redeems an order: at or after its end it matures as the job would; before, a flexible order is paid its whole days
 * first and keeps them, a product whose early redemption forfeits interest gives the principal back alone, and a
 * locked one refuses.
 */
export const redeem = jsonCommand('earn.redeem', (ctx, p: { userId: number; id: number }): EarnOrderRow => {
  const open = bookOf(ctx).open.get(p.id);
  if (!open || open.userId !== p.userId) fail('earnOrderUnknown');
  if (ctx.now >= open.endAt) return { ...mature(ctx, open) };
  if (open.kind !== 'flexible' && open.earlyRedeem === 'locked') fail('earnLocked');
  const o = payDays(ctx, open);
  ctx.risk.release(earnHoldId(o.id), { billType: 'earn_redeem', refType: 'earn_order', refId: o.id });
  const ended: EarnOrderRow = { ...o, state: 'redeemed', endedAt: ctx.now };
  bookOf(ctx).end(ended, {
    orderId: o.id,
    userId: o.userId,
    kind: 'redeemed',
    principal: o.amount,
    interest: o.interestPaid,
    createdAt: ctx.now,
  });
  ctx.emit(EARN_CHANGED, o.userId);
  return { ...ended };
});

/**
 * Orders one maturity run pays at most: a day on which many orders end is paid in runs, so other commands go between.
 */
export const MATURE_BATCH = 5_000;

/**
 * Open orders whose cycle has ended by the command's time mature, earliest first, at most MATURE_BATCH of them;
 * answers how many. Run again at the same time once fewer came back, it finds none.
 */
export const matureDue = jsonCommand('earn.mature', (ctx, _p: Record<string, never>): number => {
  const due = bookOf(ctx).takeDue(ctx.now, MATURE_BATCH);
  for (const o of due) mature(ctx, o);
  return due.length;
});

/**
 * Flexible orders with a whole day unpaid by the command's time are paid their days, at most MATURE_BATCH orders a run.
 */
export const accrueDue = jsonCommand('earn.accrue', (ctx, _p: Record<string, never>): number => {
  const due = bookOf(ctx).takeAccruals(ctx.now, MATURE_BATCH);
  for (const o of due) {
    bookOf(ctx).requeue(payDays(ctx, o));
    ctx.emit(EARN_CHANGED, o.userId);
  }
  return due.length;
});

export const EARN_COMMANDS = [subscribe, redeem, matureDue, accrueDue];
