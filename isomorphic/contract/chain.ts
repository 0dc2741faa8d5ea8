/**
 * Wire contract of chains and custody (docs/products/chain.md): how a network takes deposits on this install, on-chain
 * deposits with their confirmations, a withdrawal's transaction, and the operators' view of what is on chain.
 * Amounts are 8-decimal strings like every balance.
 */
import { z } from './zod.ts';
import { queryInt } from './integers.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const coin = text()
  .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'validation.invalidValue' })
  .transform((s) => s.toUpperCase());
const network = text().regex(/^[A-Za-z0-9]{2,20}$/, { error: 'validation.invalidValue' });

/** An EVM chain as the screens name it; `demo` is the local development chain, labelled "Demo chain" everywhere. */
export interface ChainInfo {
  key: string;
  name: string;
  chainId: number;
  demo: boolean;
  /** Blocks until a deposit is final and credited. */
  confirmations: number;
}

/**
 * How a coin's network takes deposits here: `chain` (watched: credited by itself once final), `manual` (an address
 * derived from the operator's key or entered by the operator; the user uploads the payment screenshot and an operator
 * reviews it) or `off` (the operator has not enabled deposits on this network: no address at all).
 */
export type DepositMode = 'chain' | 'manual' | 'off';

export interface DepositAddress {
  coin: string;
  network: string;
  mode: DepositMode;
  address: string | null;
  chain: ChainInfo | null;
  /** Below this a chain deposit is dust: shown, not credited. Null off chain. */
  minDeposit: string | null;
}

export type ChainDepositStatus = 'pending' | 'credited' | 'dropped' | 'dust';

/** A deposit seen on chain (GET /api/wallet/chain-deposits). */
export interface ChainDeposit {
  id: number;
  chain: ChainInfo;
  coin: string;
  network: string;
  address: string;
  txHash: string;
  explorerUrl: string | null;
  amount: string;
  status: ChainDepositStatus;
  /** Blocks on top of the deposit's (1 when just mined), capped at `chain.confirmations`. */
  confirmations: number;
  time: number;
  creditedTime: number | null;
}

export type PayoutStatus = 'queued' | 'signed' | 'sent' | 'confirmed' | 'failed';

/** A withdrawal's way on chain, once approved: sent with its hash, then confirmed; failed returns the funds. */
export interface WithdrawalChain {
  chain: ChainInfo;
  status: PayoutStatus;
  txHash: string | null;
  explorerUrl: string | null;
  /** Why it failed (reverted, refused by the node), for the user and the console. */
  error: string | null;
}

/** One coin on one chain, for operators: the hot wallet, deposit addresses not yet swept, and what users are owed. */
export interface ChainHolding {
  chain: ChainInfo;
  coin: string;
  hotWallet: string;
  hot: string;
  /** On users' deposit addresses, waiting for a sweep. */
  unswept: string;
  /** The warning threshold for the hot wallet (0: none); `low` when the hot wallet is below it. */
  warnBelow: string;
  low: boolean;
}

/** GET /api/admin/chain/overview: holdings per chain and coin, beside liabilities per coin. */
export interface ChainOverview {
  holdings: ChainHolding[];
  /** Per coin: what users and the platform's accounts hold in the ledger, and what is on watched chains. */
  coins: Array<{ coin: string; liabilities: string; onChain: string }>;
  /** Withdrawals below this amount per coin skip review (absent: all are reviewed). */
  autoApprove: Record<string, string>;
  /** The platform's gas budget (ledger account 110) per native coin. */
  gasBudget: Record<string, string>;
}

export const chainDepositsQuery = z.object({
  page: queryInt({ min: 1, max: 100000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(10),
  coin: coin.optional(),
});

/** POST /api/wallet/faucet: test coins to one's own address on the demo chain. */
export const faucetBody = z.object({ coin, network });

/** POST /api/admin/chain/settings: per coin, the auto-approval limit and the hot wallet's warning threshold. */
export const chainSettingsBody = z.object({
  autoApprove: z.record(coin, text().max(40)),
  warnBelow: z.record(coin, text().max(40)),
});

/** An address an operator entered for the manual review flow of a network no key of the platform's covers. */
export interface ManualAddress {
  coin: string;
  network: string;
  address: string;
  updatedAt: number;
}

/** POST /api/admin/wallet/deposit-addresses: sets (or, with an empty address, removes) a manual deposit address. */
export const manualAddressBody = z.object({ coin, network, address: text().max(200) });
