import { atom } from 'nanostores';
import { call } from '../api/client.ts';
import type { BillRecord, CoinNetwork, CurrencyAccountRow, ExchangeRateItem, Page, RechargeRecord, SwapQuote, TransferBody, TransferRecord, WalletAccount, WithdrawalPlain, WithdrawalRecord } from '../contract/wallet.ts';
import { seal } from '../crypto/seal.ts';
import { platformConfig } from '../platform.ts';
import { $token } from '../stores/session.ts';

/** The signed-in user's wallet: account types with their value, and the coins of the account type on screen. */
export const $walletAccounts = atom<WalletAccount[]>([]);
export const $coins = atom<CurrencyAccountRow[]>([]);
export const $networks = atom<CoinNetwork[]>([]);
export const $rates = atom<ExchangeRateItem[]>([]);

export async function loadAccounts(type = 0): Promise<void> {
  const [accounts, coins] = await Promise.all([
    call<WalletAccount[]>('/api/asset/getWalletAccount', { method: 'GET' }),
    call<CurrencyAccountRow[]>('/api/asset/getCurrencyAccount', { query: { type } }),
  ]);
  $walletAccounts.set(accounts);
  $coins.set(coins);
}

/** Coins of one account type, without touching the stores (the transfer form reads both sides). */
export function coinsOf(type: number): Promise<CurrencyAccountRow[]> {
  return call<CurrencyAccountRow[]>('/api/asset/getCurrencyAccount', { query: { type } });
}

export async function loadNetworks(): Promise<void> {
  if (!$networks.get().length) $networks.set(await call<CoinNetwork[]>('/api/asset/getRechargeCurrency', { method: 'GET' }));
}

export async function loadRates(): Promise<ExchangeRateItem[]> {
  if (!$rates.get().length) $rates.set(await call<ExchangeRateItem[]>('/api/asset/getCoinRate', { method: 'GET' }));
  return $rates.get();
}

export function depositAddress(coin: string, network: string): Promise<{ coin: string; network: string; address: string }> {
  return call(`/api/asset/getDepositAddress/${encodeURIComponent(coin)}`, { method: 'GET', query: { network } });
}

/** Uploads an image (the payment screenshot) and answers its id and link. */
export function uploadImage(file: Blob, name = 'screenshot'): Promise<{ id: string; link: string }> {
  const form = new FormData();
  form.append('file', file, name);
  return call('/api/common/upload/OSS', { body: form });
}

/** An uploaded image as an object URL (images need the session header, so an <img> cannot fetch them itself). */
export async function imageUrl(link: string): Promise<string> {
  const res = await fetch(`${platformConfig().apiBase || ''}${link}`, { headers: { authorization: $token.get() } });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export function submitRecharge(body: { coin: string; network: string; amount: string; screenshot?: string }): Promise<RechargeRecord> {
  return call('/api/recharge/submit', { body });
}

/** Sends a withdrawal sealed with the server's public key (spec §5: the body travels encrypted). */
export async function submitWithdrawal(plain: WithdrawalPlain): Promise<WithdrawalRecord> {
  return call('/api/asset/withdrawal', { body: { sealed: await seal(plain, platformConfig().sealKey) } });
}

export function transferFunds(body: TransferBody): Promise<TransferRecord> {
  return call('/api/asset/transferFunds', { body });
}

export function swapQuote(from: string, to: string, amount?: string): Promise<SwapQuote> {
  return call('/api/texchange/getCurrencyPrice', { body: { from, to, amount: amount || undefined }, quiet: !amount });
}

export function swap(body: { from: string; to: string; amount: string; quote: string; slippageBps?: number }): Promise<{ receive: string; fee: string }> {
  return call('/api/texchange/currencyExchange', { body });
}

export const rechargeLog = (page = 1, size = 15) => call<Page<RechargeRecord>>('/api/asset/getRechargeLog', { query: { page, size } });
export const withdrawalLog = (page = 1, size = 15) => call<Page<WithdrawalRecord>>('/api/asset/getWithdrawalLog', { query: { page, size } });
export const transferLog = (page = 1, size = 15) => call<Page<TransferRecord>>('/api/app/coin/wallet/trans', { method: 'GET', query: { page, size } });
export const billLog = (page = 1, size = 15, billType?: string) => call<Page<BillRecord>>('/api/asset/getMyBill', { query: { page, size, billType } });
