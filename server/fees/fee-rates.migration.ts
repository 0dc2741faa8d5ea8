import type { Migration } from '../storage/migrations.ts';

/**
 * Fee rates in hundredths of a basis point (isomorphic/fees/schedule.ts, RATE_UNITS), so a level can charge Binance's
 * 0.075%: the schedule's four rate columns are renamed and their whole-bps values multiplied by 100, exactly.
 */
export const FEE_RATES_MIGRATION: Migration = {
  version: 43,
  name: 'fee rates in hundredths of a basis point',
  up: () =>
    ['spot_maker', 'spot_taker', 'perp_maker', 'perp_taker']
      .map((c) => `ALTER TABLE fee_levels RENAME COLUMN ${c}_bps TO ${c}_rate;`)
      .concat(
        'UPDATE fee_levels SET spot_maker_rate = spot_maker_rate * 100, spot_taker_rate = spot_taker_rate * 100, ' +
          'perp_maker_rate = perp_maker_rate * 100, perp_taker_rate = perp_taker_rate * 100;',
      )
      .join('\n'),
};
