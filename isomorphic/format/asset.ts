import { ASSET_SCALE } from '../money/units.ts';
import { formatAmount } from './number.ts';

/** Decimals for an asset whose display decimals are not known yet: every asset's full scale, so nothing is hidden. */
export { ASSET_SCALE };

/**
 * The one rule for showing an amount of an asset (balances, fees, deposit and withdrawal amounts, bills): the
 * asset's display decimals from the server (`displayDecimals`), rounded down (never more than is there), zero-padded
 * so a column lines up, with thousands separators: formatAssetAmount('748.07351452', 2) → "748.07".
 */
export function formatAssetAmount(value: string | number, displayDecimals: number = ASSET_SCALE): string {
  return formatAmount(value, displayDecimals, { grouping: true });
}
