import type { Custody } from '../../isomorphic/contract/platform.ts';
import type { ChainSettings } from '../chain/chain-config.ts';
import type { Chain } from '../chain/chains.ts';

/**
 * What the home page may say of custody (docs/products/chain.md), from what this install runs: the watched EVM chains
 * (each swept into the hot wallet the signer pays from), the demo chain, the networks on the operator's own keys.
 * No setting names a cold wallet, so there is none to claim.
 */
export function custodyOf(
  chains: ReadonlyArray<Pick<Chain, 'name' | 'demo'>>,
  settings: Pick<ChainSettings, 'btcXpub' | 'tronXpub'>,
): Custody {
  const real = chains.filter((c) => !c.demo);
  return {
    evm: real.length ? 'hot' : chains.length ? 'demo' : 'none',
    chains: real.map((c) => c.name),
    ownKeys: [...(settings.btcXpub ? ['Bitcoin'] : []), ...(settings.tronXpub ? ['TRON'] : [])],
  };
}
