import { describe, expect, it } from 'vitest';
import * as format from './index.ts';

describe('format public API', () => {
  it('re-exports every formatter from one entry point', () => {
    expect(Object.keys(format).sort()).toEqual([
      'ASSET_SCALE',
      'DEFAULT_TIME_ZONE',
      'PLACEHOLDER',
      'changeTone',
      'decimalsForMagnitude',
      'formatAmount',
      'formatAssetAmount',
      'formatChangePercent',
      'formatCompact',
      'formatDateTime',
      'formatPrice',
      'formatTime',
      'maskEmail',
      'maskPhone',
      'toDecimalString',
      'truncateDecimals',
      'zoneLabel',
      'zoneOffsetMs',
    ]);
  });

  // The worked examples of docs/requirements.md §9, through the public entry point.
  it.each<[string, () => string | number, string | number]>([
    ['formatCompact(1234567)', () => format.formatCompact(1234567), '1.23M'],
    ['formatCompact(999)', () => format.formatCompact(999), '999'],
    ['truncateDecimals("1.23456", 2)', () => format.truncateDecimals('1.23456', 2), '1.23'],
    ['truncateDecimals(-1.239, 2)', () => format.truncateDecimals(-1.239, 2), '-1.23'],
    ['truncateDecimals("5", 2, pad)', () => format.truncateDecimals('5', 2, { pad: true }), '5.00'],
    ['formatChangePercent(0.001)', () => format.formatChangePercent(0.001), '+0.01%'],
    ['formatChangePercent(-0.004)', () => format.formatChangePercent(-0.004), '-0.01%'],
    ['formatChangePercent(0)', () => format.formatChangePercent(0), '0.00%'],
    ['formatChangePercent(2.345)', () => format.formatChangePercent(2.345), '+2.34%'],
    ['formatChangePercent(-12.5)', () => format.formatChangePercent(-12.5), '-12.50%'],
    ['formatPrice(0.5)', () => format.formatPrice(0.5), '0.50'],
    ['formatPrice(0.000012345678)', () => format.formatPrice(0.000012345678), '0.00001234'],
    ['formatPrice(5.1)', () => format.formatPrice(5.1), '5.100000'],
    ['formatPrice(1234.5)', () => format.formatPrice(1234.5), '1234.500'],
    ['formatPrice(2500000)', () => format.formatPrice(2500000), '2.5000M'],
    ['decimalsForMagnitude(50)', () => format.decimalsForMagnitude(50), 5],
    ['maskEmail', () => format.maskEmail('johndoe@example.com'), 'jo****om'],
    ['maskPhone', () => format.maskPhone('13812345678'), '138****5678'],
    ['formatAmount grouping', () => format.formatAmount('1234567.891', 2, { grouping: true }), '1,234,567.89'],
    ['formatDateTime(0)', () => format.formatDateTime(0), '01/01/1970 08:00:00 UTC+8'],
    ['zoneLabel(0)', () => format.zoneLabel(0), 'UTC+8'],
    ['toDecimalString(1e-7)', () => format.toDecimalString(1e-7) ?? '', '0.0000001'],
  ])('%s → %j', (_label, run, expected) => {
    expect(run()).toBe(expected);
  });
});
