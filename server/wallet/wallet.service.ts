import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { coinName } from '../i18n/local-names.ts';
import type {
  AssetDecimals,
  BillRecord,
  CoinNetwork,
  CurrencyAccountRow,
  ExchangeRateItem,
  RechargeRecord,
  TransferRecord,
  WalletAccount,
  WithdrawalRecord,
} from '../../isomorphic/contract/wallet.ts';
import { parseUnits } from '../../isomorphic/money/units.ts';
import type { OwnCoin } from '../../isomorphic/contract/private-feed.ts';
import { audit } from '../audit/audit.ts';
import { fail } from '../outcome.ts';
import { ACCOUNT, type UserAccountType } from '../ledger/account-types.ts';
import { balancesOf } from '../ledger/ledger.ts';
import type { TradingCore } from '../core/core.ts';
import { holdFunds, postFunds, type FundsHold, type FundsPost } from '../core/funds.ts';
import { withdrawalHoldId } from './withdrawal-holds.ts';
import type { Db, Queryable } from '../storage/db.ts';
import * as repo from './wallet.repo.ts';
import { readSetting, writeSetting } from '../settings/settings.repo.ts';
import type { UserRow } from '../user/user.repo.ts';
import { requireFundPassword } from '../user/fund-password.ts';
import { SEALED_MAX_AGE_MS } from '../crypto/sealed-box.ts';
import { findSealedUse, recordSealedUse } from '../crypto/sealed-uses.repo.ts';
import { isChainAddress } from '../../isomorphic/validate/chain-address.ts';
import { amountOf, money, requireAsset, usdtValue, type UsdtPrices } from './amounts.ts';
import { depositTarget, type Custody } from '../chain/custody.ts';
import { isAddress } from 'viem';
import { payoutToken, queuePayout, requireChainPrecision } from '../chain/payouts/queue.ts';
import { autoApproved } from '../chain/payouts/chain-settings.ts';
import { approveAutomatically } from '../chain/payouts/payouts.repo.ts';
import type { DepositAddress, PayoutStatus, WithdrawalChain } from '../../isomorphic/contract/chain.ts';
import { orderNo } from './order-no.ts';
import { ownCoin } from '../feeds/private/account-bus.ts';
import { requireSecondFactor } from '../account/security/second-factor.ts';
import { checkWithdrawalAllowed } from '../account/security/withdraw-guard.ts';
import type { DailyLimit } from '../identity/withdraw-limit.ts';

/** The account types a user may hold: merchants (is_merchant 2) also have type 8. */
function accountTypesOf(user: Pick<UserRow, 'isMerchant'>): UserAccountType[] {
  const types: UserAccountType[] = [ACCOUNT.spot, ACCOUNT.contract, ACCOUNT.finance, ACCOUNT.otc];
  if (user.isMerchant === 2) types.push(ACCOUNT.merchant);
  return types;
}

export async function networks(q: Queryable, coin?: string): Promise<CoinNetwork[]> {
  const rows = await repo.depositNetworks(q, coin);
  return rows.map((r) => ({
    coin: r.coin,
    network: r.network,
    withdrawFee: money(r.withdraw_fee),
    withdrawMin: money(r.withdraw_min),
  }));
}

/** Display decimals of every active asset: public, so a visitor's screens show amounts as a user's do. */
export async function assetDecimals(q: Queryable): Promise<AssetDecimals[]> {
  return (await repo.activeAssets(q)).map((a) => ({ coin: a.code, displayDecimals: Number(a.display_decimals) }));
}

async function networkOf(
  q: Queryable,
  coin: string,
  network: string | undefined,
): Promise<{ network: string; fee: bigint; min: bigint }> {
  const row = await repo.findNetwork(q, coin, network);
  if (!row) fail('unknownNetwork');
  return { network: row.network, fee: BigInt(row.withdraw_fee), min: BigInt(row.withdraw_min) };
}

/** The user's deposit address for a coin and network: only ever one whose key the platform holds (server/chain). */
export async function addressFor(
  db: Db,
  custody: Custody,
  userId: number,
  coin: string,
  network?: string,
): Promise<DepositAddress> {
  await requireAsset(db, coin);
  const n = await networkOf(db, coin, network);
  return depositTarget(db, custody, userId, coin, n.network);
}

/** Per account type, what it holds in USDT; type 0 is the total (docs/requirements.md §3 wallet account). */
export async function walletAccounts(db: Db, usdt: UsdtPrices, user: UserRow): Promise<WalletAccount[]> {
  const types = accountTypesOf(user);
  const sums = new Map<number, bigint>(types.map((t) => [t, 0n]));
  for (const b of await balancesOf(db, user.id)) {
    if (sums.has(b.type)) sums.set(b.type, sums.get(b.type)! + usdtValue(usdt, b.asset, b.available + b.frozen));
  }
  const total = [...sums.values()].reduce((a, b) => a + b, 0n);
  return [{ type: 0, usdtValue: money(total) }, ...types.map((t) => ({ type: t, usdtValue: money(sums.get(t)!) }))];
}

/** Every coin with its balance in one account type (0: summed over the user's types). */
export async function currencyAccount(
  db: Db,
  usdt: UsdtPrices,
  user: UserRow,
  type: number,
  locale: Locale,
): Promise<CurrencyAccountRow[]> {
  const allowed = new Set<number>(accountTypesOf(user));
  const byCoin = new Map<string, { available: bigint; frozen: bigint }>();
  for (const b of await balancesOf(db, user.id)) {
    if (!allowed.has(b.type) || (type !== 0 && b.type !== type)) continue;
    const cur = byCoin.get(b.asset) ?? { available: 0n, frozen: 0n };
    byCoin.set(b.asset, { available: cur.available + b.available, frozen: cur.frozen + b.frozen });
  }
  const assets = await repo.activeAssets(db);
  return assets.map((a) => {
    const b = byCoin.get(a.code) ?? { available: 0n, frozen: 0n };
    return {
      coin: a.code,
      name: coinName(locale, a.code, a.name),
      available: money(b.available),
      frozen: money(b.frozen),
      total: money(b.available + b.frozen),
      usdtValue: money(usdtValue(usdt, a.code, b.available + b.frozen)),
      displayDecimals: Number(a.display_decimals),
    };
  });
}

/**
 * Moves funds between two of the user's own account types: one ledger transaction through the core, with its record.
 */
export async function transfer(
  db: Db,
  core: TradingCore,
  user: UserRow,
  body: { coin: string; from: number; to: number; amount: string },
): Promise<TransferRecord> {
  const allowed = new Set<number>(accountTypesOf(user));
  if (!allowed.has(body.from) || !allowed.has(body.to)) fail('accountTypeNotAllowed');
  if (body.from === body.to) fail('sameAccount');
  const units = amountOf(body.amount);
  await requireAsset(db, body.coin);
  const now = Date.now();
  let id = 0;
  await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
    id = await repo.insertTransfer(q, {
      userId: user.id,
      coin: body.coin,
      from: body.from,
      to: body.to,
      amount: units,
      at: now,
    });
    return {
      lines: [
        { owner: user.id, type: body.from as UserAccountType, asset: body.coin, available: -units },
        { owner: user.id, type: body.to as UserAccountType, asset: body.coin, available: units },
      ],
      meta: { billType: 'transfer', refType: 'transfer', refId: id },
    };
  });
  return { id, coin: body.coin, from: body.from, to: body.to, amount: money(units), time: now };
}

export async function transfers(db: Db, userId: number, page: number, size: number, coin?: string) {
  const { total, rows } = await repo.userRows(db, 'transfers', userId, { page, size }, coin);
  const records: TransferRecord[] = rows.map((r) => ({
    id: Number(r.id),
    coin: String(r.coin),
    from: Number(r.from_type),
    to: Number(r.to_type),
    amount: money(r.amount as bigint),
    time: Number(r.created_at),
  }));
  return { total, page, size, records };
}

/**
 * A recharge submission (docs/requirements.md §3 recharge record): amount and payment screenshot, under review until an
 * operator decides.
 */
export async function submitRecharge(
  db: Db,
  custody: Custody,
  user: UserRow,
  body: { coin: string; network: string; amount: string; screenshot?: string },
): Promise<RechargeRecord> {
  const units = amountOf(body.amount);
  if (!body.screenshot) fail('screenshotRequired');
  await requireAsset(db, body.coin);
  if ((await repo.uploadOwner(db, body.screenshot)) !== user.id) fail('screenshotRequired');
  const { address, network, mode } = await addressFor(db, custody, user.id, body.coin, body.network);
  // A watched chain credits by itself; a screenshot is for the manual review flow only.
  if (mode !== 'manual' || !address) fail('depositNotEnabled', { coin: body.coin, network });
  const row = await repo.insertRecharge(db, {
    orderNo: orderNo('R'),
    userId: user.id,
    coin: body.coin,
    network,
    address,
    amount: units,
    screenshot: body.screenshot,
    at: Date.now(),
  });
  return toRecharge(row);
}

export function toRecharge(r: Record<string, unknown>): RechargeRecord {
  return {
    id: Number(r.id),
    orderNo: String(r.order_no),
    coin: String(r.coin),
    network: String(r.network),
    address: String(r.address),
    amount: money(r.amount as bigint),
    status: r.status as RechargeRecord['status'],
    reason: (r.reason as string | null) ?? null,
    screenshot: String(r.screenshot),
    createTime: Number(r.created_at),
    reviewTime: r.reviewed_at === null || r.reviewed_at === undefined ? null : Number(r.reviewed_at),
    ...(r.username ? { username: String(r.username) } : {}),
  };
}

export function toWithdrawal(r: Record<string, unknown>): WithdrawalRecord {
  return {
    id: Number(r.id),
    orderNo: String(r.order_no),
    coin: String(r.coin),
    method: r.method as WithdrawalRecord['method'],
    network: (r.network as string | null) ?? null,
    address: String(r.address),
    amount: money(r.amount as bigint),
    fee: money(r.fee as bigint),
    status: r.status as WithdrawalRecord['status'],
    reason: (r.reason as string | null) ?? null,
    createTime: Number(r.created_at),
    reviewTime: r.reviewed_at === null || r.reviewed_at === undefined ? null : Number(r.reviewed_at),
    ...(r.username ? { username: String(r.username) } : {}),
    chain: withdrawalChain(r),
  };
}

/** The payout columns a withdrawal query joins (wallet.repo.ts PAYOUT_COLUMNS), as the record's `chain`. */
function withdrawalChain(r: Record<string, unknown>): WithdrawalChain | null {
  if (r.payout_chain === null || r.payout_chain === undefined) return null;
  const txHash = (r.payout_tx as string | null) ?? null;
  const explorer = (r.payout_explorer as string | null) ?? null;
  return {
    chain: {
      key: String(r.payout_chain),
      name: String(r.payout_chain_name),
      chainId: Number(r.payout_chain_id),
      demo: Number(r.payout_demo) === 1,
      confirmations: Number(r.payout_confirmations),
    },
    status: r.payout_status as PayoutStatus,
    txHash,
    explorerUrl: explorer && txHash ? explorer.replace('{hash}', txHash) : null,
    error: (r.payout_error as string | null) ?? null,
  };
}

/** The record each request table holds. */
export interface RequestRecord {
  recharges: RechargeRecord;
  withdrawals: WithdrawalRecord;
}
export const toRequestRecord = <T extends keyof RequestRecord>(table: T) =>
  (table === 'recharges' ? toRecharge : toWithdrawal) as (r: Record<string, unknown>) => RequestRecord[T];

export async function listOf<T extends keyof RequestRecord>(
  db: Db,
  table: T,
  userId: number,
  page: number,
  size: number,
  coin?: string,
) {
  const { total, rows } = await repo.userRows(db, table, userId, { page, size }, coin);
  return { total, page, size, records: rows.map(toRequestRecord(table)) };
}

/** Rolls back a withdrawal whose sealed body turned out to be used already (a racing duplicate). */
class Replayed extends Error {}

/** What the first submission of a sealed body made: its withdrawal, for this user only. */
async function firstResult(db: Db, user: UserRow, nonce: string): Promise<WithdrawalRecord> {
  const first = await findSealedUse(db, nonce);
  const row =
    first && first.userId === user.id && first.purpose === 'withdrawal' && first.refId !== null
      ? await repo.findWithdrawal(db, first.refId)
      : undefined;
  if (!row) fail('sealedInvalid');
  return toWithdrawal(row);
}

/**
 * A withdrawal request (already opened from its sealed body): the address must fit the network, the fund
 * password is checked under its lock, then the authenticator's code once bound; then the core holds amount and
 * fee, in the same transaction as the request row, the record of the body's nonce and its count against the
 * owner's 24-hour limit (server/identity). The prepare step refuses a withdrawal during a pause after a security
 * change and, with the whitelist on, to an address not on it (server/account/security); those are checked before
 * the code too, so a refused request does not spend it. Submitting the same sealed body again answers with the
 * first withdrawal and creates nothing; two requests racing for the same funds (or the same limit) cannot both
 * have them (the core decides one after the other, and refusing the second rolls its row back).
 */
export async function submitWithdrawal(
  db: Db,
  core: TradingCore,
  limit: DailyLimit,
  user: UserRow,
  body: {
    coin: string;
    method: 'address' | 'bank';
    network?: string;
    address: string;
    amount: string;
    fundPassword: string;
    googleCode?: string;
  },
  nonce: string,
  now = Date.now(),
  custody?: Pick<Custody, 'chains'>,
): Promise<WithdrawalRecord> {
  if (await findSealedUse(db, nonce)) return firstResult(db, user, nonce);
  const units = amountOf(body.amount);
  await requireAsset(db, body.coin);
  const n = await networkOf(db, body.coin, body.method === 'address' ? body.network : undefined);
  const address = body.address.trim();
  if (body.method === 'address' && !isChainAddress(n.network, address)) fail('addressInvalid', { network: n.network });
  // Paid on a watched chain (server/chain/payouts): the address must pass its checksum (EIP-55), the amount fit the
  // token's decimals.
  const payout = body.method === 'address' ? payoutToken(custody, body.coin, n.network) : undefined;
  if (payout && !isAddress(address)) fail('addressInvalid', { network: n.network });
  if (payout) requireChainPrecision(payout.token, body.coin, units);
  if (units < n.min) fail('amountTooSmall', { min: money(n.min) });
  await requireFundPassword(db, user.id, body.fundPassword);
  const target = { method: body.method, network: body.method === 'address' ? n.network : null, address };
  await checkWithdrawalAllowed(db, user.id, target, now);
  await requireSecondFactor(db, user.id, body.googleCode, now);
  try {
    let record: WithdrawalRecord | undefined;
    await core.submitPrepared(holdFunds, async (q): Promise<FundsHold> => {
      await checkWithdrawalAllowed(q, user.id, target, now);
      const row = await repo.insertWithdrawal(q, {
        orderNo: orderNo('W'),
        userId: user.id,
        coin: body.coin,
        method: body.method,
        network: body.method === 'address' ? n.network : null,
        address,
        amount: units,
        fee: n.fee,
        at: Date.now(),
      });
      const id = Number(row.id);
      if (
        !(await recordSealedUse(
          q,
          nonce,
          { userId: user.id, purpose: 'withdrawal', refId: id },
          Date.now() - 2 * SEALED_MAX_AGE_MS,
        ))
      )
        throw new Replayed();
      // The core refuses a hold beyond the balance anyway; asked first, a user short of funds hears that, not the
      // limit.
      if (core.risk.available(user.id, ACCOUNT.spot, body.coin) < units + n.fee) fail('insufficientBalance');
      await limit.charge(q, { withdrawalId: id, userId: user.id, coin: body.coin, amount: units });
      record = toWithdrawal(row);
      // Below the operators' limit for the coin, the platform approves it at once (reason `auto`, no reviewer) and
      // queues the payout; the hold below stays until the payout is settled.
      if (payout && (await autoApproved(q, body.coin, units)) && (await approveAutomatically(q, id, now))) {
        const chain = await queuePayout(q, payout, { id, coin: body.coin, address, amount: units }, now);
        record = { ...record, status: 'passed', reason: 'auto', reviewTime: now, chain };
      }
      return {
        id: withdrawalHoldId(id),
        owner: user.id,
        type: ACCOUNT.spot,
        asset: body.coin,
        amount: units + n.fee,
        meta: { billType: 'withdraw_freeze', refType: 'withdrawal', refId: id },
      };
    });
    return record!;
  } catch (err) {
    if (err instanceof Replayed) return firstResult(db, user, nonce);
    throw err;
  }
}

/** The user's ledger lines (bills), newest first, in one account type or all (0). */
export async function bills(
  db: Db,
  userId: number,
  q: { page: number; size: number; coin?: string; type: number; billType?: string },
) {
  const { total, rows } = await repo.billRows(db, userId, q);
  const records: BillRecord[] = rows.map((r) => ({
    id: Number(r.id),
    type: Number(r.account_type),
    coin: String(r.asset),
    billType: String(r.bill_type),
    available: money(r.delta_available as bigint),
    frozen: money(r.delta_frozen as bigint),
    availableAfter: money(r.available_after as bigint),
    refType: String(r.ref_type),
    refId: String(r.ref_id),
    time: Number(r.created_at),
  }));
  return { total, page: q.page, size: q.size, records };
}

/**
 * Display currencies (docs/requirements.md §3 exchange-rate items): configured data, one USDT in each; operators change
 * them.
 */
const DEFAULT_RATES: Array<Omit<ExchangeRateItem, 'exchange_value'>> = [
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
  const stored = await readSetting(db, 'wallet.rates');
  const items = stored ? (JSON.parse(stored) as typeof DEFAULT_RATES) : DEFAULT_RATES;
  return items.map((r) => ({ ...r, exchange_value: r.rate }));
}

/** An operator's new display currencies, with their audit line: each rate a positive decimal of at most 8 places. */
export async function setCoinRates(db: Db, operatorId: number, rates: typeof DEFAULT_RATES): Promise<void> {
  for (const x of rates) {
    const p = parseUnits(x.rate, 8);
    if (!p.ok || p.value <= 0n) fail('amountInvalid');
  }
  await db.tx(async (q) => {
    await writeSetting(q, 'wallet.rates', JSON.stringify(rates));
    await audit(q, operatorId, 'rates.set', 'settings', 'wallet.rates', { rates });
  });
}

/** The user's balances in every account, or in one account type (0: all), as the private feed shows them. */
export async function balances(db: Db, userId: number, type: number): Promise<OwnCoin[]> {
  const rows = (await balancesOf(db, userId)).filter((b) => type === 0 || b.type === type);
  return rows.map(ownCoin);
}
