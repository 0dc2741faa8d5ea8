/**
 * Wire contract of wallets (docs/requirements.md §7 "Assets"): request schemas the server checks and the browser fills,
 * and the shapes it answers with. Amounts are decimal strings at 8 decimals at most; the server refuses, never rounds.
 */
import { z } from './zod.ts';
import { bodyInt, bodyIntIn, queryInt } from './integers.ts';
import { googleCode } from './user.ts';
import type { WithdrawalChain } from './chain.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const coin = text()
  .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'validation.invalidValue' })
  .transform((s) => s.toUpperCase());
const amount = text().max(40, { error: 'validation.amount' });

/**
 * User account types of docs/requirements.md §3 wallet account: 1 spot, 2 contract, 3 finance, 4 OTC, 8 merchant
 * (merchants only).
 */
export const USER_ACCOUNT_TYPES = [1, 2, 3, 4, 8] as const;
export const accountType = bodyIntIn(USER_ACCOUNT_TYPES);
/** An account type in a query string, 0 meaning all of them. */
const accountTypeQuery = queryInt({ min: 0, max: 8 });

export const balanceTypeQuery = z.object({ type: accountTypeQuery.default(0) });
/** GET /api/asset/getMyBalance: one account type, spot when absent. */
export const myBalanceQuery = z.object({ type: accountTypeQuery.default(1) });
export const coinParam = z.object({ coin });
export const depositAddressQuery = z.object({ network: text().max(20).optional() });

export const transferBody = z.object({ coin, from: accountType, to: accountType, amount });
export type TransferBody = z.input<typeof transferBody>;

export const rechargeBody = z.object({ coin, network: text().max(20), amount, screenshot: text().max(80).optional() });
export type RechargeBody = z.input<typeof rechargeBody>;

/**
 * The plain text of a sealed withdrawal (docs/requirements.md §3 withdraw: coin, method, address, amount, fund
 * password).
 */
export const withdrawalPlain = z.object({
  coin,
  method: z.enum(['address', 'bank'], { error: 'validation.invalidValue' }),
  network: text().max(20).optional(),
  address: text().min(4, { error: 'validation.required' }).max(200),
  amount,
  fundPassword: text().min(1, { error: 'validation.required' }).max(64),
  /** The authenticator's code, once it is bound (server/account/security). */
  googleCode: googleCode.optional(),
});
export type WithdrawalPlain = z.input<typeof withdrawalPlain>;

export const pageQuery = z.object({
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(15),
  coin: coin.optional(),
});
export const billQuery = pageQuery.extend({ type: accountTypeQuery.default(0), billType: text().max(30).optional() });

export const priceBody = z.object({ from: coin, to: coin, amount: amount.optional() });
export const exchangeBody = z.object({
  from: coin,
  to: coin,
  amount,
  /** The quote token from getCurrencyPrice. */
  quote: text().max(400),
  /** Accepted price change against the quote, in basis points (max 300 = 3%). */
  slippageBps: bodyInt({ min: 0, max: 300 }).default(50),
});
export type ExchangeBody = z.input<typeof exchangeBody>;

export const reviewBody = z.object({
  id: bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  approve: z.boolean({ error: 'validation.invalidType' }),
  reason: text().max(200).optional(),
});
export const reviewListQuery = z.object({
  status: z.enum(['review', 'passed', 'failed']).default('review'),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(50),
});
/** GET /api/admin/audit paging. */
/** A page of an operator console list (the audit log, the outbox). */
export const consolePageQuery = reviewListQuery.omit({ status: true });
export const ratesBody = z.object({
  rates: z
    .array(
      z.object({
        exchange_code: text().regex(/^[A-Z]{3}$/),
        quote_currency: text().max(10),
        code_symbol: text().max(4),
        rate: amount,
      }),
    )
    .min(1)
    .max(40),
});

/** GET /api/common/upload/file/{id}: a stored upload's name. */
export const uploadIdParams = z.object({ id: z.string().max(60) });

/** Operators: test funds for a development install (POST /api/admin/credit). */
export const creditBody = z.object({
  username: z.string().min(1).max(254),
  asset: z.string().min(2).max(10),
  amount: z.string().max(40),
});

/** Operators: add inventory to the swap desk, or set the most one swap may pay out of a coin. */
export const deskFundBody = z.object({ coin, amount });
export const deskLimitBody = z.object({ coin, maxPerSwap: amount });

/** One coin of the swap desk as operators see it. */
export interface SwapDeskRow {
  coin: string;
  maxPerSwap: string;
  inventory: string;
}

export type ReviewStatus = 'review' | 'passed' | 'failed';

export interface CoinNetwork {
  coin: string;
  network: string;
  withdrawFee: string;
  withdrawMin: string;
}

/** An active asset and how many decimals screens show of it (docs/products/wallet.md "Display decimals"). */
export interface AssetDecimals {
  coin: string;
  displayDecimals: number;
}

export interface CurrencyAccountRow {
  coin: string;
  name: string;
  available: string;
  frozen: string;
  total: string;
  /** Valued in USDT at the last price. */
  usdtValue: string;
  displayDecimals: number;
}

export interface WalletAccount {
  type: number;
  usdtValue: string;
}

export interface RechargeRecord {
  id: number;
  orderNo: string;
  coin: string;
  network: string;
  address: string;
  amount: string;
  status: ReviewStatus;
  reason: string | null;
  screenshot: string;
  createTime: number;
  reviewTime: number | null;
  username?: string;
}

export interface WithdrawalRecord {
  id: number;
  orderNo: string;
  coin: string;
  method: 'address' | 'bank';
  network: string | null;
  address: string;
  amount: string;
  fee: string;
  status: ReviewStatus;
  reason: string | null;
  createTime: number;
  reviewTime: number | null;
  username?: string;
  /** Its transaction once approved on a watched chain (server/chain); null for manual networks and bank transfers. */
  chain: WithdrawalChain | null;
}

export interface BillRecord {
  id: number;
  type: number;
  coin: string;
  billType: string;
  available: string;
  frozen: string;
  availableAfter: string;
  refType: string;
  refId: string;
  time: number;
}

export interface TransferRecord {
  id: number;
  coin: string;
  from: number;
  to: number;
  amount: string;
  time: number;
}

export interface SwapQuote {
  from: string;
  to: string;
  /** Units of `to` per unit of `from`. */
  price: string;
  feeRate: string;
  amount: string | null;
  /** What the amount buys, after the fee. */
  receive: string | null;
  fee: string | null;
  quote: string;
  expiresAt: number;
}

/** A swap done (POST /api/texchange/currencyExchange). */
export interface SwapResult {
  id: number;
  from: string;
  to: string;
  amount: string;
  receive: string;
  fee: string;
  time: number;
}

export interface ExchangeRateItem {
  exchange_value: string;
  quote_currency: string;
  exchange_code: string;
  code_symbol: string;
  rate: string;
}

/** What an upload answers: its id and the link it is served at (to its owner and operators). */
export interface Uploaded {
  id: string;
  link: string;
  name: string;
}

/** A balance of one account type (GET /api/asset/getMyBalance). */
export interface Balance {
  type: number;
  coin: string;
  available: string;
  frozen: string;
}

export type { DepositAddress } from './chain.ts';

export type { Page } from './page.ts';

/** One line of the operator audit log (GET /api/admin/audit): who did what to what, and when. */
export interface AuditEntry {
  id: number;
  operatorId: number;
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: string;
  time: number;
}
