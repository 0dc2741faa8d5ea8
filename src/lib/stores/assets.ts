import { computed, map, onMount } from 'nanostores';
import { request } from '../api/client.ts';
import { currencyAccount } from '../../../isomorphic/contract/wallet.endpoints.ts';
import type { CurrencyAccountRow } from '../../../isomorphic/contract/wallet.ts';
import { ASSET_SCALE, formatAssetAmount } from '../../../isomorphic/format/asset.ts';
import { $isLogin } from './session.ts';

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

// Pages that list records without loading balances (the deposit history, say) learn the decimals once.
onMount($decimals, () => {
  if (typeof window === 'undefined' || !$isLogin.get() || Object.keys($decimals.get()).length) return;
  request(currencyAccount, { query: { type: 0 }, quiet: true }).then(rememberAssetDecimals, () => {});
});
