import { createPublicClient, http, webSocket, type PublicClient } from 'viem';
import type { Queryable } from '../storage/db.ts';
import type { ChainSettings } from './chain-config.ts';
import { chainRows, tokenRows } from './chain.repo.ts';

/** A coin on a chain: its contract (null for the chain's own coin), decimals and minimum deposit in ledger units. */
export interface ChainToken {
  coin: string;
  contract: `0x${string}` | null;
  decimals: number;
  minDeposit: bigint;
}

/** An EVM chain the platform watches: its data row, its RPC client and its coins. */
export interface Chain {
  key: string;
  chainId: number;
  /** The wallet network it serves (wallet_networks.network: ERC20, BEP20, …). */
  network: string;
  name: string;
  nativeCoin: string;
  confirmations: number;
  /** Explorer link template with {hash}; null on the demo chain, which has no explorer. */
  explorerTx: string | null;
  demo: boolean;
  client: PublicClient;
  tokens: ChainToken[];
}

/**
 * The chains with an RPC URL configured, built from their data rows. Two watched chains may not serve one wallet
 * network: a deposit address shown for a network must mean one chain.
 */
export async function watchedChains(q: Queryable, settings: Pick<ChainSettings, 'rpcUrls'>): Promise<Chain[]> {
  const tokens = await tokenRows(q);
  const chains: Chain[] = [];
  for (const r of await chainRows(q)) {
    const url = settings.rpcUrls[r.key];
    if (!url) continue;
    if (chains.some((c) => c.network === r.network))
      throw new Error(`two watched chains serve the ${r.network} network; set EVM_RPC_URL_ for one of them`);
    chains.push({
      key: r.key,
      chainId: Number(r.chain_id),
      network: r.network,
      name: r.name,
      nativeCoin: r.native_coin,
      confirmations: Number(r.confirmations),
      explorerTx: r.explorer_tx,
      demo: Number(r.demo) === 1,
      client: createPublicClient({ transport: /^wss?:/.test(url) ? webSocket(url) : http(url) }) as PublicClient,
      tokens: tokens
        .filter((t) => t.chain === r.key)
        .map((t) => ({
          coin: t.coin,
          contract: (t.contract?.toLowerCase() as `0x${string}` | undefined) ?? null,
          decimals: Number(t.decimals),
          minDeposit: BigInt(t.min_deposit),
        })),
    });
  }
  return chains;
}

/** Ledger units (8 decimals) of a chain amount, rounded down: what is below 10^-8 stays on chain, the platform's. */
export function toLedger(raw: bigint, decimals: number): bigint {
  return decimals >= 8 ? raw / 10n ** BigInt(decimals - 8) : raw * 10n ** BigInt(8 - decimals);
}

/** The chain amount of ledger units (exact: a token with fewer than 8 decimals refuses finer amounts upstream). */
export function toChain(units: bigint, decimals: number): bigint {
  return decimals >= 8 ? units * 10n ** BigInt(decimals - 8) : units / 10n ** BigInt(8 - decimals);
}
