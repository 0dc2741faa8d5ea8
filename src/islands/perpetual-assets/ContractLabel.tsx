import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { kindOfEntry, pairOf } from '../../lib/perpetual-assets/view.ts';

/**
 * How a market list names a perpetual contract: "BTCUSDT Perpetual" over its margin ("USDT-margined"), since its
 * base and quote alone read like the spot pair.
 */
export const contractLabel = (t: T) => (m: MarketEntry) => (
  <>
    <strong>{t('perpAssets.contractName', { pair: pairOf(m.symbol) })}</strong>
    <span className="muted-inline"> · {t(`perpAssets.kind.${kindOfEntry(m)}`)}</span>
  </>
);
