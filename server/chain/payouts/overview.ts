import { erc20Abi } from 'viem';
import type { ChainHolding, ChainOverview } from '../../../isomorphic/contract/chain.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import { money } from '../../wallet/amounts.ts';
import { toLedger, type Chain, type ChainToken } from '../chains.ts';
import { chainInfo } from '../custody.ts';
import { evmHotWallet } from '../evm/hd.ts';
import { payoutSettings } from './chain-settings.ts';
import { creditedAddresses, liabilities, platformBalances } from './payouts.repo.ts';

async function balanceOn(chain: Chain, token: ChainToken, owner: `0x${string}`): Promise<bigint> {
  return token.contract
    ? chain.client.readContract({ address: token.contract, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    : chain.client.getBalance({ address: owner });
}

const strings = (m: Record<string, bigint>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, money(v)]));

/**
 * The operators' view of custody (docs/products/chain.md, "Operators"): per watched chain and coin, the hot
 * wallet and what it holds, what waits on deposit addresses for a sweep (read on chain), and the warning threshold; per
 * coin, what the ledger owes (every account but the external world's) beside what is on chain; the auto-approval limits
 * and the gas budget (account 110). On-chain amounts are in ledger units, rounded down.
 */
export async function chainOverview(db: Db, chains: Chain[], evmXpub: string | undefined): Promise<ChainOverview> {
  const settings = await payoutSettings(db);
  const credited = await creditedAddresses(db);
  const holdings: ChainHolding[] = [];
  const onChain = new Map<string, bigint>();
  for (const chain of chains) {
    if (!evmXpub) break;
    const hot = evmHotWallet(evmXpub);
    for (const token of chain.tokens) {
      let hotUnits: bigint;
      let unswept = 0n;
      try {
        hotUnits = toLedger(await balanceOn(chain, token, hot), token.decimals);
        for (const a of credited.filter((c) => c.chain === chain.key && c.coin === token.coin))
          unswept += toLedger(await balanceOn(chain, token, a.address as `0x${string}`), token.decimals);
      } catch {
        fail('chainUnavailable', { network: chain.network });
      }
      const warn = settings.warnBelow[token.coin] ?? 0n;
      holdings.push({
        chain: chainInfo(chain),
        coin: token.coin,
        hotWallet: hot.toLowerCase(),
        hot: money(hotUnits),
        unswept: money(unswept),
        warnBelow: money(warn),
        low: warn > 0n && hotUnits < warn,
      });
      onChain.set(token.coin, (onChain.get(token.coin) ?? 0n) + hotUnits + unswept);
    }
  }
  const owed = new Map((await liabilities(db)).map((r) => [r.asset, BigInt(r.total ?? 0)]));
  const gas = Object.fromEntries(
    (await platformBalances(db, ACCOUNT.chainGas)).map((r) => [r.asset, BigInt(r.available)] as const),
  );
  for (const chain of chains) if (!(chain.nativeCoin in gas)) gas[chain.nativeCoin] = 0n;
  return {
    holdings,
    coins: [...onChain].map(([coin, units]) => ({
      coin,
      liabilities: money(owed.get(coin) ?? 0n),
      onChain: money(units),
    })),
    autoApprove: strings(settings.autoApprove),
    gasBudget: strings(gas),
  };
}
