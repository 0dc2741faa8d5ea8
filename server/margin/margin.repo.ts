import type { MarginMode, MarginRecordKind } from '../../isomorphic/contract/margin.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';
import type { LoanRow, MarginAcct, RecordRow } from './margin-book.ts';

/** What one batch changed, for the projector. */
export interface MarginRows {
  prices: { at: number; prices: Array<[string, bigint]> } | undefined;
  accounts: Array<
    Pick<MarginAcct, 'id' | 'userId' | 'symbol' | 'leverage' | 'called' | 'createdAt' | 'updatedAt'> & {
      lines: Array<{ asset: string; balance: bigint; onOrder: bigint; principal: bigint; interest: bigint }>;
    }
  >;
  loans: LoanRow[];
  records: RecordRow[];
}

const ACCOUNTS_UPSERT = {
  head: 'INSERT INTO margin_accounts (id, user_id, symbol, leverage, called, created_at, updated_at)',
  tail: 'ON CONFLICT (id) DO UPDATE SET leverage = excluded.leverage, called = excluded.called, updated_at = excluded.updated_at',
};
const LINES_UPSERT = {
  head: 'INSERT INTO margin_lines (account_id, asset, balance, on_order, principal, interest)',
  tail: 'ON CONFLICT (account_id, asset) DO UPDATE SET balance = excluded.balance, on_order = excluded.on_order, principal = excluded.principal, interest = excluded.interest',
};
const LOANS_UPSERT = {
  head: 'INSERT INTO margin_loans (id, account_id, user_id, asset, amount, principal, started_at, hours_charged, interest_charged, updated_at)',
  tail: 'ON CONFLICT (id) DO UPDATE SET principal = excluded.principal, hours_charged = excluded.hours_charged, interest_charged = excluded.interest_charged, updated_at = excluded.updated_at',
};
const RECORDS_INSERT = {
  head: 'INSERT INTO margin_records (id, user_id, account_id, kind, symbol, asset, amount, interest, principal, level, hours, loan_id, from_hour, created_at)',
};
const PRICES_UPSERT = {
  head: 'INSERT INTO margin_prices (asset, price, priced_at)',
  tail: 'ON CONFLICT (asset) DO UPDATE SET price = excluded.price, priced_at = excluded.priced_at',
};

/** Writes several batches' rows, oldest first: the last state of each account and loan, every record. */
export async function writeMargin(q: Queryable, batches: readonly MarginRows[]): Promise<void> {
  const accounts = new Map<number, MarginRows['accounts'][number]>();
  const loans = new Map<number, LoanRow>();
  const records: RecordRow[] = [];
  let prices: MarginRows['prices'];
  for (const b of batches) {
    for (const a of b.accounts) accounts.set(a.id, a);
    for (const l of b.loans) loans.set(l.id, l);
    records.push(...b.records);
    prices = b.prices ?? prices;
  }
  await writeRows(
    q,
    ACCOUNTS_UPSERT,
    [...accounts.values()].map((a) => [
      a.id,
      a.userId,
      a.symbol ?? '',
      a.leverage,
      a.called ? 1 : 0,
      a.createdAt,
      a.updatedAt,
    ]),
  );
  await writeRows(
    q,
    LINES_UPSERT,
    [...accounts.values()].flatMap((a) =>
      a.lines.map((l) => [a.id, l.asset, l.balance, l.onOrder, l.principal, l.interest]),
    ),
  );
  await writeRows(
    q,
    LOANS_UPSERT,
    [...loans.values()].map((l) => [
      l.id,
      l.accountId,
      l.userId,
      l.asset,
      l.amount,
      l.principal,
      l.startedAt,
      l.hoursCharged,
      l.interestCharged,
      l.updatedAt,
    ]),
  );
  await writeRows(
    q,
    RECORDS_INSERT,
    records.map((r) => [
      r.id,
      r.userId,
      r.accountId,
      r.kind,
      r.symbol,
      r.asset,
      r.amount,
      r.interest,
      r.principal,
      r.level,
      r.hours,
      r.loanId,
      r.fromHour,
      r.createdAt,
    ]),
  );
  if (prices)
    await writeRows(
      q,
      PRICES_UPSERT,
      prices.prices.map(([asset, price]) => [asset, price, prices.at]),
    );
}

/** The margin state as the projector last wrote it: accounts with lines, open loans, numbering, the last prices. */
export async function loadMargin(q: Queryable): Promise<{
  ids: { account: number; loan: number; record: number };
  accounts: MarginAcct[];
  loans: LoanRow[];
  prices: Map<string, bigint>;
  pricedAt: number;
}> {
  const max = async (table: string) =>
    num((await q.get<{ id: unknown }>(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`))!.id) + 1;
  const ids = {
    account: await max('margin_accounts'),
    loan: await max('margin_loans'),
    record: await max('margin_records'),
  };
  const markets = new Map(
    (await q.all('SELECT symbol, base, quote FROM markets')).map((r) => [
      String(r.symbol),
      { base: String(r.base), quote: String(r.quote) },
    ]),
  );
  const byId = new Map<number, MarginAcct>();
  for (const r of await q.all('SELECT * FROM margin_accounts ORDER BY id')) {
    const symbol = String(r.symbol) || null;
    const m = symbol ? markets.get(symbol) : undefined;
    byId.set(num(r.id), {
      id: num(r.id),
      userId: num(r.user_id),
      symbol,
      base: m?.base ?? null,
      quote: m?.quote ?? null,
      leverage: BigInt(r.leverage as bigint),
      called: num(r.called) === 1,
      createdAt: num(r.created_at),
      updatedAt: num(r.updated_at),
      lines: new Map(),
      onOrder: new Map(),
      orders: new Set(),
    });
  }
  for (const r of await q.all('SELECT * FROM margin_lines ORDER BY account_id, asset')) {
    const a = byId.get(num(r.account_id))!;
    const asset = String(r.asset);
    a.lines.set(asset, {
      balance: BigInt(r.balance as bigint),
      principal: BigInt(r.principal as bigint),
      interest: BigInt(r.interest as bigint),
    });
    const onOrder = BigInt(r.on_order as bigint);
    if (onOrder) a.onOrder.set(asset, onOrder);
  }
  const loans = (await q.all('SELECT * FROM margin_loans WHERE principal > 0 ORDER BY id')).map(
    (r): LoanRow => ({
      id: num(r.id),
      accountId: num(r.account_id),
      userId: num(r.user_id),
      asset: String(r.asset),
      amount: BigInt(r.amount as bigint),
      principal: BigInt(r.principal as bigint),
      startedAt: num(r.started_at),
      hoursCharged: num(r.hours_charged),
      interestCharged: BigInt(r.interest_charged as bigint),
      updatedAt: num(r.updated_at),
    }),
  );
  const priceRows = await q.all('SELECT * FROM margin_prices ORDER BY asset');
  return {
    ids,
    accounts: [...byId.values()],
    loans,
    prices: new Map(priceRows.map((r) => [String(r.asset), BigInt(r.price as bigint)])),
    pricedAt: priceRows.reduce((t, r) => Math.max(t, num(r.priced_at)), 0),
  };
}

interface RecordFilter {
  mode?: MarginMode | undefined;
  kind?: MarginRecordKind | undefined;
}

/** A page of a user's margin records, newest first. */
export async function userRecords(
  q: Queryable,
  userId: number,
  f: RecordFilter,
  page: PageRequest,
): Promise<{ total: number; rows: Array<Record<string, unknown>> }> {
  const where = ['user_id = ?'];
  const params: unknown[] = [userId];
  if (f.mode) where.push(f.mode === 'cross' ? 'symbol IS NULL' : 'symbol IS NOT NULL');
  if (f.kind) {
    where.push('kind = ?');
    params.push(f.kind);
  }
  return pageOf(
    q,
    {
      select: '*',
      from: `FROM margin_records WHERE ${where.join(' AND ')}`,
      order: 'id DESC',
      params: params as never,
    },
    page,
  );
}

/** Whether the lending pool was funded on a fresh install already. */
export async function poolFunded(q: Queryable): Promise<boolean> {
  return (
    (await q.get("SELECT 1 AS x FROM ledger_entries WHERE bill_type = 'margin_pool_funding' LIMIT 1")) !== undefined
  );
}
