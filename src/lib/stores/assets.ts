import { computed, map, onMount } from 'nanostores';
import { request } from '../api/client.ts';
import { assetDecimals } from '../../../isomorphic/contract/wallet.endpoints.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { ASSET_SCALE, formatAssetAmount } from '../../../isomorphic/format/asset.ts';

const $decimals = map<Record<string, number>>({});

/** Keeps each asset's display decimals from coin rows the server sent (wallet lists, the trade form's balances). */
export function rememberAssetDecimals(rows: ReadonlyArray<Pick<CurrencyAccountRow, 'coin' | 'displayDecimals'>>): void {
  for (const r of rows) if ($decimals.get()[r.coin] !== r.displayDecimals) $decimals.setKey(r.coin, r.displayDecimals);
}

/**
 * How every screen writes an amount of an asset (isomorphic/format/asset.ts): fmt('748.07351452', 'USDT') → "748.07".
 * Until the asset's decimals are known it shows all 8, never fewer than are there.
 */
export const $assetFormat = computed(
  $decimals,
  (d) => (value: string | number, coin: string) => formatAssetAmount(value, d[coin] ?? ASSET_SCALE),
);

/** Display decimals of an asset: 8 until known. */
export const $assetDecimals = computed($decimals, (d) => (coin: string) => d[coin] ?? ASSET_SCALE);

// Every page learns the decimals once from the public list, so a visitor's earn cards read "100.00", not
// "100.00000000" (which overflowed them): precision does not depend on being signed in.
onMount($decimals, () => {
  if (typeof window === 'undefined' || Object.keys($decimals.get()).length) return;
  request(assetDecimals, { quiet: true }).then(rememberAssetDecimals, () => {});
});
