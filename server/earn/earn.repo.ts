import type { EarlyRedeem, EarnKind, EarnOrderState } from '../../isomorphic/contract/earn.ts';
import type { LocalNames } from '../../isomorphic/contract/local-names.ts';
import { namesColumn, namesOfRow } from '../i18n/local-names.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable, type Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

export interface ProductRow {
  id: number;
  kind: EarnKind;
  /** Its name in English and in each other language an operator gave one in. */
  names: LocalNames;
  asset: string;
  /** 10⁻⁸ a day. */
  dailyRate: bigint;
  cycleDays: number;
  minAmount: bigint;
  maxAmount: bigint;
  perUser: number;
  capacity: bigint;
  earlyRedeem: EarlyRedeem;
  open: boolean;
}

export interface EarnOrderRow {
  id: number;
  userId: number;
  productId: number;
  kind: EarnKind;
  asset: string;
  amount: bigint;
  dailyRate: bigint;
  cycleDays: number;
  earlyRedeem: EarlyRedeem;
  subscribedAt: number;
  beginAt: number;
  endAt: number;
  state: EarnOrderState;
  interestPaid: bigint;
  /** Days whose interest was paid (flexible orders pay each day; the others pay at the end). */
  paidDays: number;
  endedAt: number | null;
}

export interface IncomeRow {
  orderId: number;
  userId: number;
  kind: 'matured' | 'redeemed';
  principal: bigint;
  interest: bigint;
  createdAt: number;
}

const productOf = (r: Row): ProductRow => ({
  id: num(r.id),
  kind: r.kind as EarnKind,
  names: namesOfRow(r.name, r.names),
  asset: String(r.asset),
  dailyRate: BigInt(r.daily_rate as bigint),
  cycleDays: num(r.cycle_days),
  minAmount: BigInt(r.min_amount as bigint),
  maxAmount: BigInt(r.max_amount as bigint),
  perUser: num(r.per_user),
  capacity: BigInt(r.capacity as bigint),
  earlyRedeem: r.early_redeem as EarlyRedeem,
  open: num(r.open) === 1,
});

const orderOf = (r: Row): EarnOrderRow => ({
  id: num(r.id),
  userId: num(r.user_id),
  productId: num(r.product_id),
  kind: r.kind as EarnKind,
  asset: String(r.asset),
  amount: BigInt(r.amount as bigint),
  dailyRate: BigInt(r.daily_rate as bigint),
  cycleDays: num(r.cycle_days),
  earlyRedeem: r.early_redeem as EarlyRedeem,
  subscribedAt: num(r.subscribed_at),
  beginAt: num(r.begin_at),
  endAt: num(r.end_at),
  state: r.state as EarnOrderState,
  interestPaid: BigInt(r.interest_paid as bigint),
  paidDays: num(r.paid_days),
  endedAt: r.ended_at === null || r.ended_at === undefined ? null : num(r.ended_at),
});

export async function listProducts(q: Queryable, kinds?: readonly EarnKind[]): Promise<ProductRow[]> {
  const rows = kinds
    ? await q.all(`SELECT * FROM earn_products WHERE kind IN (${kinds.map(() => '?').join(', ')}) ORDER BY id`, [
        ...kinds,
      ])
    : await q.all('SELECT * FROM earn_products ORDER BY id');
  return rows.map(productOf);
}

export async function findProduct(q: Queryable, id: number): Promise<ProductRow | undefined> {
  const r = await q.get('SELECT * FROM earn_products WHERE id = ?', [id]);
  return r ? productOf(r) : undefined;
}

export async function hasProducts(q: Queryable): Promise<boolean> {
  return !!(await q.get('SELECT id FROM earn_products LIMIT 1'));
}

export async function saveProduct(
  q: Queryable,
  p: Omit<ProductRow, 'id'> & { id?: number },
  now: number,
): Promise<ProductRow | undefined> {
  const values = [
    p.kind,
    p.names.en,
    namesColumn(p.names),
    p.asset,
    p.dailyRate,
    p.cycleDays,
    p.minAmount,
    p.maxAmount,
    p.perUser,
    p.capacity,
    p.earlyRedeem,
    p.open ? 1 : 0,
  ];
  const r =
    p.id === undefined
      ? await q.get(
          `INSERT INTO earn_products (kind, name, names, asset, daily_rate, cycle_days, min_amount, max_amount, per_user, capacity, early_redeem, open, created_at, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
          [...values, now, now],
        )
      : await q.get(
          `UPDATE earn_products SET kind = ?, name = ?, names = ?, asset = ?, daily_rate = ?, cycle_days = ?, min_amount = ?, max_amount = ?, per_user = ?, capacity = ?,
                   early_redeem = ?, open = ?, updated_at = ? WHERE id = ? RETURNING *`,
          [...values, now, p.id],
        );
  return r ? productOf(r) : undefined;
}

const ORDER_UPSERT = {
  head: `INSERT INTO earn_orders (id, user_id, product_id, kind, asset, amount, daily_rate, cycle_days, early_redeem, subscribed_at, begin_at, end_at, state, interest_paid, paid_days, ended_at)`,
  tail: 'ON CONFLICT (id) DO UPDATE SET state = excluded.state, interest_paid = excluded.interest_paid, paid_days = excluded.paid_days, ended_at = excluded.ended_at',
};

/** The projection: orders as they now stand, and the income rows of orders that ended (at most one each). */
export async function writeEarn(
  q: Queryable,
  orders: Iterable<EarnOrderRow>,
  incomes: readonly IncomeRow[],
): Promise<void> {
  await writeRows(
    q,
    ORDER_UPSERT,
    [...orders].map((o) => [
      o.id,
      o.userId,
      o.productId,
      o.kind,
      o.asset,
      o.amount,
      o.dailyRate,
      o.cycleDays,
      o.earlyRedeem,
      o.subscribedAt,
      o.beginAt,
      o.endAt,
      o.state,
      o.interestPaid,
      o.paidDays,
      o.endedAt,
    ]),
  );
  await writeRows(
    q,
    { head: 'INSERT INTO earn_income (order_id, user_id, kind, principal, interest, created_at)' },
    incomes.map((i) => [i.orderId, i.userId, i.kind, i.principal, i.interest, i.createdAt]),
  );
}

/**
 * What a core rebuilds from: open orders, the amount sold and the subscriptions per user of every product, the last id.
 */
export async function loadEarn(q: Queryable) {
  const open = (await q.all("SELECT * FROM earn_orders WHERE state = 'inProgress' ORDER BY id")).map(orderOf);
  const sold = await q.all<{ product_id: unknown; amount: unknown }>(
    'SELECT product_id, SUM(amount) AS amount FROM earn_orders GROUP BY product_id ORDER BY product_id',
  );
  const counts = await q.all<{ user_id: unknown; product_id: unknown; n: unknown }>(
    'SELECT user_id, product_id, COUNT(*) AS n FROM earn_orders GROUP BY user_id, product_id ORDER BY user_id, product_id',
  );
  const last = await q.get<{ id: unknown }>('SELECT MAX(id) AS id FROM earn_orders');
  return {
    open,
    sold: sold.map((r) => [num(r.product_id), BigInt(r.amount as bigint)] as [number, bigint]),
    counts: counts.map((r) => [`${num(r.user_id)}:${num(r.product_id)}`, num(r.n)] as [string, number]),
    lastId: num(last?.id),
  };
}

export async function findEarnOrder(q: Queryable, id: number): Promise<EarnOrderRow | undefined> {
  const r = await q.get('SELECT * FROM earn_orders WHERE id = ?', [id]);
  return r ? orderOf(r) : undefined;
}

export async function userEarnOrders(
  q: Queryable,
  userId: number,
  f: { kind?: EarnKind; state?: EarnOrderState },
  page: PageRequest,
) {
  const where = ['user_id = ?'];
  const params: Array<string | number> = [userId];
  for (const [column, value] of [
    ['kind', f.kind],
    ['state', f.state],
  ] as const) {
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  const res = await pageOf<Row>(
    q,
    { select: '*', from: `FROM earn_orders WHERE ${where.join(' AND ')}`, order: 'id DESC', params },
    page,
  );
  return { total: res.total, rows: res.rows.map(orderOf) };
}

export async function userIncome(q: Queryable, userId: number, page: PageRequest) {
  const res = await pageOf<Row>(
    q,
    {
      select: 'i.*, o.product_id, o.asset',
      from: 'FROM earn_income i JOIN earn_orders o ON o.id = i.order_id WHERE i.user_id = ?',
      order: 'i.created_at DESC, i.order_id DESC',
      params: [userId],
    },
    page,
  );
  return {
    total: res.total,
    rows: res.rows.map((r) => ({
      orderId: num(r.order_id),
      productId: num(r.product_id),
      asset: String(r.asset),
      kind: r.kind as IncomeRow['kind'],
      principal: BigInt(r.principal as bigint),
      interest: BigInt(r.interest as bigint),
      createdAt: num(r.created_at),
    })),
  };
}
