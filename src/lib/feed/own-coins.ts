import type { OwnCoin } from '../../../isomorphic/contract/private-feed.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';

const SCALE = 8;
const units = (text: string) => {
  const p = parseUnits(text, SCALE);
  return p.ok ? p.value : 0n;
};

/**
 * The rows of one account type with the balances the private feed pushed: available, frozen and total change;
 * the USDT value stays until the next load. withOwnCoins(rows, [{type: 1, coin: 'USDT', available: '5', …}], 1).
 */
export function withOwnCoins(
  rows: readonly CurrencyAccountRow[],
  coins: readonly OwnCoin[],
  type: number,
): CurrencyAccountRow[] {
  const mine = new Map(coins.filter((c) => c.type === type).map((c) => [c.coin, c]));
  if (!mine.size) return [...rows];
  return rows.map((r) => {
    const c = mine.get(r.coin);
    if (!c) return r;
    return {
      ...r,
      available: c.available,
      frozen: c.frozen,
      total: formatUnits(units(c.available) + units(c.frozen), SCALE),
    };
  });
}
