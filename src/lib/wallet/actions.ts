import { request } from '../api/client.ts';
import { pathOf } from '../../../isomorphic/contract/endpoint.ts';
import * as api from '../../../isomorphic/contract/wallet.endpoints.ts';
import type {
  CurrencyAccountRow,
  ExchangeBody,
  RechargeBody,
  RechargeRecord,
  SwapQuote,
  SwapResult,
  TransferBody,
  TransferRecord,
  Uploaded,
  WithdrawalPlain,
  WithdrawalRecord,
} from '../../../isomorphic/contract/wallet.ts';
import { SPOT_ACCOUNT } from '../perpetual-assets/view.ts';
import { platformConfig } from '../platform.ts';
import { rememberAssetDecimals } from '../stores/assets.ts';
import { $token } from '../stores/session.ts';
import { sealedBody } from '../user/actions.ts';
import { walletChanged } from './changes.ts';

/** Coins of one account type, without touching the stores (the transfer form reads both sides). */
export async function coinsOf(type: number): Promise<CurrencyAccountRow[]> {
  const coins = await request(api.currencyAccount, { query: { type } });
  rememberAssetDecimals(coins);
  return coins;
}

/** What the spot account holds free of a coin ("0" when it holds none): what a stake or subscription can take. */
export async function spotAvailable(coin: string): Promise<string> {
  return (await coinsOf(SPOT_ACCOUNT)).find((c) => c.coin === coin)?.available ?? '0';
}

/**
 * Uploads an image (the payment screenshot, a chat image) and answers its id and link; `quiet`: the caller shows the
 * failure.
 */
export function uploadImage(file: Blob, name = 'screenshot', quiet = false): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file, name);
  return request(api.uploadOss, { body: form, quiet });
}

/** An uploaded image as an object URL (images need the session header, so an <img> cannot fetch them itself). */
export function imageUrl(id: string): Promise<string> {
  return imageAt(pathOf(api.uploaded, { id }));
}

/**
 * The image at an upload's address (an upload's `link`, a chat image line) as an object URL, fetched with the session.
 */
export async function imageAt(link: string): Promise<string> {
  const res = await fetch(`${platformConfig().apiBase || ''}${link}`, { headers: { authorization: $token.get() } });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export async function submitRecharge(body: RechargeBody): Promise<RechargeRecord> {
  const record = await request(api.submitRecharge, { body });
  walletChanged();
  return record;
}

/** Sends a withdrawal sealed with the server's public key (docs/requirements.md §5: the body travels encrypted). */
export async function submitWithdrawal(plain: WithdrawalPlain): Promise<WithdrawalRecord> {
  const record = await request(api.withdrawal, { body: await sealedBody(plain) });
  walletChanged();
  return record;
}

export async function transferFunds(body: TransferBody): Promise<TransferRecord> {
  const record = await request(api.transferFunds, { body });
  walletChanged();
  return record;
}

export function swapQuote(from: string, to: string, amount?: string): Promise<SwapQuote> {
  return request(api.swapPrice, { body: { from, to, amount: amount || undefined }, quiet: !amount });
}

export async function swap(body: ExchangeBody): Promise<SwapResult> {
  const done = await request(api.swap, { body });
  walletChanged();
  return done;
}

export const rechargeLog = (page = 1, size = 15) => request(api.rechargeLog, { query: { page, size } });
export const withdrawalLog = (page = 1, size = 15) => request(api.withdrawalLog, { query: { page, size } });
export const transferLog = (page = 1, size = 15) => request(api.transfers, { query: { page, size } });
export const billLog = (page = 1, size = 15, billType?: string) =>
  request(api.myBill, { query: { page, size, billType } });
