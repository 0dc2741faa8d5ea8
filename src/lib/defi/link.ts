/**
 * Linking a wallet address to the account (docs/requirements.md §1 DeFi liquidity mining, §7
 * /api/apiDefi/sendApproveHash): the wallet names its address, the server issues a message for it, the wallet signs the
 * message, and the server checks the signature, links the address and charges the one-time fee in ETH from the spot
 * account. Each way this can stop comes back as a problem the screen says in words; nothing is linked or charged unless
 * the last step succeeds.
 */
import { ApiError } from '../api/client.ts';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import type { DefiChallenge, DefiLink } from '../../../isomorphic/contract/defi.ts';
import { DEFI_LINK_FEE } from '../../../isomorphic/contract/defi.values.ts';
import { ASSET_SCALE } from '../../../isomorphic/format/asset.ts';
import { parseUnits } from '../../../isomorphic/money/units.ts';
import { connectAccount, signText, WalletRefusal, type Eip1193Provider, type WalletProblem } from './wallet.ts';

type LinkProblem = WalletProblem | 'alreadyLinked' | 'ethShort' | 'badSignature' | 'server';

export type LinkOutcome =
  | { ok: true; link: DefiLink }
  | { ok: false; problem: LinkProblem; address?: string; message?: string };

/** What a link needs from outside: the browser's wallet (null without one) and the two server calls. */
export interface LinkSteps {
  wallet: Eip1193Provider | null;
  challenge(address: string): Promise<DefiChallenge>;
  send(body: { address: string; message: string; signature: string }): Promise<DefiLink>;
}

const units = (text: string) => {
  const r = parseUnits(text, ASSET_SCALE);
  return r.ok ? r.value : 0n;
};

/** Whether the spot ETH balance pays the link fee. */
export function paysFee(ethAvailable: string): boolean {
  return units(ethAvailable) >= units(DEFI_LINK_FEE.amount);
}

/**
 * Links the wallet's current account. `linked` are the user's addresses already linked (linking one again would only
 * be refused); `ethAvailable` the spot ETH balance, checked first so that nobody signs for a link that cannot be paid.
 */
export async function linkWallet(
  steps: LinkSteps,
  linked: readonly string[],
  ethAvailable: string,
): Promise<LinkOutcome> {
  if (!steps.wallet) return { ok: false, problem: 'noWallet' };
  if (!paysFee(ethAvailable)) return { ok: false, problem: 'ethShort' };
  let address = '';
  try {
    address = await connectAccount(steps.wallet);
    if (linked.includes(address)) return { ok: false, problem: 'alreadyLinked', address };
    const { message } = await steps.challenge(address);
    const signature = await signText(steps.wallet, address, message);
    return { ok: true, link: await steps.send({ address, message, signature }) };
  } catch (err) {
    if (err instanceof WalletRefusal) return { ok: false, problem: err.problem, address, message: err.message };
    if (err instanceof ApiError && err.code === ERRORS.defiBadSignature)
      return { ok: false, problem: 'badSignature', address };
    if (err instanceof ApiError && err.code === ERRORS.insufficientBalance)
      return { ok: false, problem: 'ethShort', address };
    return { ok: false, problem: 'server', address, message: err instanceof Error ? err.message : String(err) };
  }
}
