import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { valueOf } from '../../lib/stores/remote.ts';
import { $networks } from '../../lib/wallet/balances.ts';

/**
 * A coin and one of its networks, as the deposit, withdrawal and whitelist forms pick them: the networks load once,
 * and a coin change (or their arrival) moves the network to the coin's first when the chosen one is not the coin's.
 */
export function useCoinNetwork(initialCoin = 'USDT') {
  const networks = valueOf(useStore($networks), []);
  const [coin, setCoin] = useState(initialCoin);
  const [network, setNetwork] = useState('');
  const coins = [...new Set(networks.map((n) => n.coin))];
  const coinNetworks = networks.filter((n) => n.coin === coin);
  useEffect(() => {
    if (coinNetworks.length && !coinNetworks.some((n) => n.network === network)) setNetwork(coinNetworks[0]!.network);
  }, [coin, networks.length]);
  return { coin, setCoin, network, setNetwork, coins, coinNetworks };
}
