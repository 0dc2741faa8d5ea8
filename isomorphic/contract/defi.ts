/**
 * Wire contract of DeFi liquidity mining's wallet link (docs/requirements.md §1 a one-time ETH gas payment per wallet
 * address, §2
 * /defis/index and /defis/details, §7 /api/apiDefi/sendApproveHash).
 *
 * What is on chain and what is not: linking proves that the user controls an external wallet address by signing a
 * message (`personal_sign`, EIP-191) that the server issued; it is never a token approval and sends no transaction.
 * Mining then stakes the user's platform balance (not the wallet's coins) in a mining product, which pays its posted
 * rate like staking (isomorphic/contract/earn.ts, kind `mining`). The one-time fee per address, stated before signing,
 * is charged in ETH from the user's spot balance when the address is linked.
 */
import { z } from './zod.ts';

export { DEFI_LINK_FEE } from './defi.values.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const address = text()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'validation.evmAddress' })
  .transform((s) => s.toLowerCase());

export const challengeBody = z.object({ address });
/** POST /api/apiDefi/sendApproveHash: the issued message signed by the address. */
export const approveHashBody = z.object({
  address,
  message: text().max(1000, { error: 'validation.tooLong' }),
  signature: text().regex(/^0x[0-9a-fA-F]{130}$/, { error: 'validation.signature' }),
});

export interface DefiChallenge {
  address: string;
  /** The text to sign, exactly. */
  message: string;
  expiresAt: number;
  fee: { coin: string; amount: string };
}

export interface DefiLink {
  address: string;
  linkedAt: number;
  fee: { coin: string; amount: string };
}
