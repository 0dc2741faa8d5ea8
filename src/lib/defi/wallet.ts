/**
 * The browser's own wallet, spoken to as EIP-1193 says (window.ethereum): ask for the account the user picks
 * (`eth_requestAccounts`), then have it sign a text with `personal_sign` (EIP-191). Nothing here sends a
 * transaction or asks for a token approval; the signature only proves that the user holds the address.
 */

/** What an injected wallet offers (EIP-1193). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** Why the wallet gave no address or signature, for the screen to say in words. */
export type WalletProblem = 'noWallet' | 'rejected' | 'pending' | 'noAccount' | 'walletError';

export class WalletRefusal extends Error {
  readonly problem: WalletProblem;
  constructor(problem: WalletProblem, detail = '') {
    super(detail || problem);
    this.problem = problem;
  }
}

/** EIP-1193 error codes: the user said no; MetaMask's "a request of this kind is already waiting for the user". */
const USER_REJECTED = 4001;
const REQUEST_PENDING = -32002;

/** The wallet the browser injected, or null when there is none (no wallet extension installed). */
export function injectedWallet(
  scope: { ethereum?: unknown } = globalThis as { ethereum?: unknown },
): Eip1193Provider | null {
  const candidate = scope.ethereum as Partial<Eip1193Provider> | undefined;
  return candidate && typeof candidate.request === 'function' ? (candidate as Eip1193Provider) : null;
}

function refusalOf(err: unknown): WalletRefusal {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (e?.code === USER_REJECTED) return new WalletRefusal('rejected');
  if (e?.code === REQUEST_PENDING) return new WalletRefusal('pending');
  return new WalletRefusal('walletError', typeof e?.message === 'string' ? e.message : String(err));
}

async function ask(wallet: Eip1193Provider, method: string, params?: unknown[]): Promise<unknown> {
  try {
    return await wallet.request(params === undefined ? { method } : { method, params });
  } catch (err) {
    throw refusalOf(err);
  }
}

/** The account the user chose in the wallet, in lower case; the wallet may open its own window to ask. */
export async function connectAccount(wallet: Eip1193Provider): Promise<string> {
  const accounts = await ask(wallet, 'eth_requestAccounts');
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(first)) throw new WalletRefusal('noAccount');
  return first.toLowerCase();
}

/** A text as personal_sign takes it: its UTF-8 bytes in hex, so every wallet signs exactly these bytes. */
export function utf8Hex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The wallet's personal_sign signature of `message` by `address` (the wallet shows the text before signing). */
export async function signText(wallet: Eip1193Provider, address: string, message: string): Promise<string> {
  const signature = await ask(wallet, 'personal_sign', [utf8Hex(message), address]);
  if (typeof signature !== 'string') throw new WalletRefusal('walletError', String(signature));
  return signature;
}
