import { randomBytes } from 'node:crypto';
import type { BillRecord, CoinNetwork, CurrencyAccountRow, ExchangeRateItem, RechargeRecord, TransferRecord, WalletAccount, WithdrawalRecord } from '../../src/lib/contract/wallet.ts';
import type { Exchange } from '../exchange/exchange.ts';
import { fail } from '../http/errors.ts';
import { ACCOUNT, type UserAccountType } from '../ledger/account-types.ts';
import { balancesOf, post } from '../ledger/ledger.ts';
import type { Db, Queryable } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { verifyPassword } from '../user/password.ts';
import { amountOf, money, requireAsset, usdtValue } from './amounts.ts';
import { depositAddress, installSecret } from './addresses.ts';

/** The account types a user may hold: merchants (is_merchant 2) also have type 8. */
export function accountTypesOf(user: Pick<UserRow, 'isMerchant'>): UserAccountType[] {
  const types: UserAccountType[] = [ACCOUNT.spot, ACCOUNT.contract, ACCOUNT.finance, ACCOUNT.otc];
  if (user.isMerchant === 2) types.push(ACCOUNT.merchant);
  return types;
}

/** An order number: date, time and random digits, e.g. 'R20261121061530123456'. */
function orderNo(prefix: string): string {
  const d = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${d}${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
}

export async function networks(q: Queryable, coin?: string): Promise<CoinNetwork[]> {
  const rows = await q.all<{ coin: string; network: string; withdraw_fee: bigint; withdraw_min: bigint }>(
    `SELECT coin, network, withdraw_fee, withdraw_min FROM wallet_networks WHERE deposit_enabled = 1${coin ? ' AND coin = ?' : ''} ORDER BY sort, coin, network`,
    coin ? [coin] : [],
  );
  return rows.map((r) => ({ coin: r.coin, network: r.network, withdrawFee: money(r.withdraw_fee), withdrawMin: money(r.withdraw_min) }));
}

async function networkOf(q: Queryable, coin: string, network: string | undefined): Promise<{ network: string; fee: bigint; min: bigint }> {
  const row = await q.get<{ network: string; withdraw_fee: bigint; withdraw_min: bigint }>(
    `SELECT network, withdraw_fee, withdraw_min FROM wallet_networks WHERE coin = ?${network ? ' AND network = ?' : ''} ORDER BY sort LIMIT 1`,
    network ? [coin, network.toUpperCase()] : [coin],
  );
  if (!row) fail('unknownNetwork');
  return { network: row.network, fee: BigInt(row.withdraw_fee), min: BigInt(row.withdraw_min) };
}

export async function addressFor(db: Db, userId: number, coin: string, network?: string): Promise<{ coin: string; network: string; address: string }> {
  await requireAsset(db, coin);
  const n = await networkOf(db, coin, network);
  return { coin, network: n.network, address: depositAddress(await installSecret(db), userId, coin, n.network) };
}

/** Per account type, what it holds in USDT; type 0 is the total (spec §3 wallet account). */
export async function walletAccounts(db: Db, exchange: Exchange, user: UserRow): Promise<WalletAccount[]> {
  const types = accountTypesOf(user);
  const sums = new Map<number, bigint>(types.map((t) => [t, 0n]));
  for (const b of await balancesOf(db, user.id)) {
    if (sums.has(b.type)) sums.set(b.type, sums.get(b.type)! + usdtValue(exchange, b.asset, b.available + b.frozen));
  }
  const total = [...sums.values()].reduce((a, b) => a + b, 0n);
  return [{ type: 0, usdtValue: money(total) }, ...types.map((t) => ({ type: t, usdtValue: money(sums.get(t)!) }))];
}

/** Every coin with its balance in one account type (0: summed over the user's types). */
export async function currencyAccount(db: Db, exchange: Exchange, user: UserRow, type: number): Promise<CurrencyAccountRow[]> {
  const allowed = new Set<number>(accountTypesOf(user));
  const byCoin = new Map<string, { available: bigint; frozen: bigint }>();
  for (const b of await balancesOf(db, user.id)) {
    if (!allowed.has(b.type) || (type !== 0 && b.type !== type)) continue;
    const cur = byCoin.get(b.asset) ?? { available: 0n, frozen: 0n };
    byCoin.set(b.asset, { available: cur.available + b.available, frozen: cur.frozen + b.frozen });
  }
  const assets = await db.all<{ code: string; name: string; display_decimals: bigint }>("SELECT code, name, display_decimals FROM assets WHERE status = 'active' ORDER BY sort, code");
  return assets.map((a) => {
    const b = byCoin.get(a.code) ?? { available: 0n, frozen: 0n };
    return { coin: a.code, name: a.name, available: money(b.available), frozen: money(b.frozen), total: money(b.available + b.frozen), usdtValue: money(usdtValue(exchange, a.code, b.available + b.frozen)), displayDecimals: Number(a.display_decimals) };
  });
}

/** Moves funds between two of the user's own account types, as one ledger transaction. */
export async function transfer(db: Db, user: UserRow, body: { coin: string; from: number; to: number; amount: string }): Promise<TransferRecord> {
  const allowed = new Set<number>(accountTypesOf(user));
  if (!allowed.has(body.from) || !allowed.has(body.to)) fail('accountTypeNotAllowed');
  if (body.from === body.to) fail('sameAccount');
  const units = amountOf(body.amount);
  await requireAsset(db, body.coin);
  return db.tx(async (q) => {
    const now = Date.now();
    const row = await q.get<{ id: bigint }>('INSERT INTO transfers (user_id, coin, from_type, to_type, amount, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id', [user.id, body.coin, body.from, body.to, units, now]);
    const id = Number(row!.id);
    await post(q, [
      { owner: user.id, type: body.from as UserAccountType, asset: body.coin, available: -units },
      { owner: user.id, type: body.to as UserAccountType, asset: body.coin, available: units },
    ], { billType: 'transfer', refType: 'transfer', refId: id });
    return { id, coin: body.coin, from: body.from, to: body.to, amount: money(units), time: now };
  });
}

export async function transfers(db: Db, userId: number, page: number, size: number, coin?: string) {
  const where = `user_id = ?${coin ? ' AND coin = ?' : ''}`;
  const params = coin ? [userId, coin] : [userId];
  const total = Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM transfers WHERE ${where}`, params))!.n);
  const rows = await db.all<Record<string, bigint | string>>(`SELECT * FROM transfers WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, [...params, size, (page - 1) * size]);
  const records: TransferRecord[] = rows.map((r) => ({ id: Number(r.id), coin: String(r.coin), from: Number(r.from_type), to: Number(r.to_type), amount: money(r.amount!), time: Number(r.created_at) }));
  return { total, page, size, records };
}

/** A recharge submission (spec §3 recharge record): amount and payment screenshot, under review until an operator decides. */
export async function submitRecharge(db: Db, user: UserRow, body: { coin: string; network: string; amount: string; screenshot?: string }): Promise<RechargeRecord> {
  const units = amountOf(body.amount);
  if (!body.screenshot) fail('screenshotRequired');
  await requireAsset(db, body.coin);
  const upload = await db.get<{ owner_id: bigint }>('SELECT owner_id FROM uploads WHERE id = ?', [body.screenshot]);
  if (!upload || Number(upload.owner_id) !== user.id) fail('screenshotRequired');
  const { address, network } = await addressFor(db, user.id, body.coin, body.network);
  const row = await db.get<Record<string, unknown>>(
    'INSERT INTO recharges (order_no, user_id, coin, network, address, amount, screenshot, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
    [orderNo('R'), user.id, body.coin, network, address, units, body.screenshot, 'review', Date.now()],
  );
  return toRecharge(row!);
}

export function toRecharge(r: Record<string, unknown>): RechargeRecord {
  return {
    id: Number(r.id), orderNo: String(r.order_no), coin: String(r.coin), network: String(r.network), address: String(r.address), amount: money(r.amount as bigint),
    status: r.status as RechargeRecord['status'], reason: (r.reason as string | null) ?? null, screenshot: String(r.screenshot), createTime: Number(r.created_at),
    reviewTime: r.reviewed_at === null || r.reviewed_at === undefined ? null : Number(r.reviewed_at), ...(r.username ? { username: String(r.username) } : {}),
  };
}

export function toWithdrawal(r: Record<string, unknown>): WithdrawalRecord {
  return {
    id: Number(r.id), orderNo: String(r.order_no), coin: String(r.coin), method: r.method as WithdrawalRecord['method'], network: (r.network as string | null) ?? null,
    address: String(r.address), amount: money(r.amount as bigint), fee: money(r.fee as bigint), status: r.status as WithdrawalRecord['status'], reason: (r.reason as string | null) ?? null,
    createTime: Number(r.created_at), reviewTime: r.reviewed_at === null || r.reviewed_at === undefined ? null : Number(r.reviewed_at), ...(r.username ? { username: String(r.username) } : {}),
  };
}

export async function listOf(db: Db, table: 'recharges' | 'withdrawals', userId: number, page: number, size: number, coin?: string) {
  const where = `user_id = ?${coin ? ' AND coin = ?' : ''}`;
  const params = coin ? [userId, coin] : [userId];
  const total = Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, params))!.n);
  const rows = await db.all<Record<string, unknown>>(`SELECT * FROM ${table} WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, [...params, size, (page - 1) * size]);
  return { total, page, size, records: table === 'recharges' ? rows.map(toRecharge) : rows.map(toWithdrawal) };
}

/**
 * A withdrawal request (already opened from its sealed body): the fund password is checked, then amount and fee
 * move from available to frozen in the same transaction as the request row. Two requests racing for the same
 * funds cannot both freeze them: the ledger's conditional update refuses the second and rolls it back.
 */
export async function submitWithdrawal(db: Db, user: UserRow, body: { coin: string; method: 'address' | 'bank'; network?: string; address: string; amount: string; fundPassword: string }): Promise<WithdrawalRecord> {
  const units = amountOf(body.amount);
  await requireAsset(db, body.coin);
  const n = await networkOf(db, body.coin, body.method === 'address' ? body.network : undefined);
  if (units < n.min) fail('amountTooSmall', { min: money(n.min) });
  const hash = (await db.get<{ fund_password_hash: string | null }>('SELECT fund_password_hash FROM users WHERE id = ?', [user.id]))?.fund_password_hash;
  if (!hash) fail('fundPasswordNotSet');
  if (!(await verifyPassword(body.fundPassword, hash))) fail('fundPasswordWrong');
  return db.tx(async (q) => {
    const row = await q.get<Record<string, unknown>>(
      'INSERT INTO withdrawals (order_no, user_id, coin, method, network, address, amount, fee, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
      [orderNo('W'), user.id, body.coin, body.method, body.method === 'address' ? n.network : null, body.address.trim(), units, n.fee, 'review', Date.now()],
    );
    await post(q, [{ owner: user.id, type: ACCOUNT.spot, asset: body.coin, available: -(units + n.fee), frozen: units + n.fee }], { billType: 'withdraw_freeze', refType: 'withdrawal', refId: Number(row!.id) });
    return toWithdrawal(row!);
  });
}

/** The user's ledger lines (bills), newest first, in one account type or all (0). */
export async function bills(db: Db, userId: number, q: { page: number; size: number; coin?: string; type: number; billType?: string }) {
  const where = ['e.owner_id = ?'];
  const params: Array<string | number> = [userId];
  if (q.coin) (where.push('e.asset = ?'), params.push(q.coin));
  if (q.type) (where.push('a.type = ?'), params.push(q.type));
  if (q.billType) (where.push('e.bill_type = ?'), params.push(q.billType));
  const from = `FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE ${where.join(' AND ')}`;
  const total = Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n ${from}`, params))!.n);
  const rows = await db.all<Record<string, bigint | string>>(`SELECT e.*, a.type AS account_type ${from} ORDER BY e.id DESC LIMIT ? OFFSET ?`, [...params, q.size, (q.page - 1) * q.size]);
  const records: BillRecord[] = rows.map((r) => ({
    id: Number(r.id), type: Number(r.account_type), coin: String(r.asset), billType: String(r.bill_type), available: money(r.delta_available!), frozen: money(r.delta_frozen!),
    availableAfter: money(r.available_after!), refType: String(r.ref_type), refId: String(r.ref_id), time: Number(r.created_at),
  }));
  return { total, page: q.page, size: q.size, records };
}

/** Display currencies (spec §3 exchange-rate items): configured data, one USDT in each; operators change them. */
export const DEFAULT_RATES: Array<Omit<ExchangeRateItem, 'exchange_value'>> = [
  { exchange_code: 'CNY', quote_currency: 'USDT', code_symbol: '¥', rate: '7.25' },
  { exchange_code: 'USD', quote_currency: 'USDT', code_symbol: '$', rate: '1' },
  { exchange_code: 'EUR', quote_currency: 'USDT', code_symbol: '€', rate: '0.92' },
  { exchange_code: 'GBP', quote_currency: 'USDT', code_symbol: '£', rate: '0.79' },
  { exchange_code: 'JPY', quote_currency: 'USDT', code_symbol: '¥', rate: '151.2' },
  { exchange_code: 'KRW', quote_currency: 'USDT', code_symbol: '₩', rate: '1380' },
  { exchange_code: 'HKD', quote_currency: 'USDT', code_symbol: 'HK$', rate: '7.8' },
  { exchange_code: 'TWD', quote_currency: 'USDT', code_symbol: 'NT$', rate: '32.4' },
  { exchange_code: 'VND', quote_currency: 'USDT', code_symbol: '₫', rate: '25400' },
  { exchange_code: 'THB', quote_currency: 'USDT', code_symbol: '฿', rate: '35.6' },
  { exchange_code: 'BRL', quote_currency: 'USDT', code_symbol: 'R$', rate: '5.4' },
  { exchange_code: 'RUB', quote_currency: 'USDT', code_symbol: '₽', rate: '92' },
];

export async function coinRates(db: Queryable): Promise<ExchangeRateItem[]> {
  const row = await db.get<{ value: string }>("SELECT value FROM app_settings WHERE key = 'wallet.rates'");
  const items = row ? (JSON.parse(row.value) as typeof DEFAULT_RATES) : DEFAULT_RATES;
  return items.map((r) => ({ ...r, exchange_value: r.rate }));
}

export async function setCoinRates(q: Queryable, rates: typeof DEFAULT_RATES): Promise<void> {
  await q.run("INSERT INTO app_settings (key, value, updated_at) VALUES ('wallet.rates', ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at", [JSON.stringify(rates), Date.now()]);
}
