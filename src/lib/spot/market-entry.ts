import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';

/** common/getCoinList's coinType of a coin-margined perpetual (server/perpetual/views.ts contractEntry). */
const COIN_MARGINED = 5;

/**
 * What a market's turnover is counted in: the quote currency, except a coin-margined contract's, which is counted in
 * its margin coin (a fill of BTCUSD is worth BTC). turnoverUnit(BTC/USD coin-margined) → "BTC".
 */
export function turnoverUnit(m: Pick<MarketEntry, 'coinType' | 'baseCoin' | 'symbol_name'>): string {
  return m.coinType === COIN_MARGINED ? m.baseCoin : (m.symbol_name.split('/')[1] ?? '');
}
