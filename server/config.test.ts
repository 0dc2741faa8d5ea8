import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('keeps recorded prices 2 days unless PRICE_RECORD_DAYS says otherwise, and at least one', () => {
    expect(loadConfig({}).priceRecordDays).toBe(2);
    expect(loadConfig({ PRICE_RECORD_DAYS: '30' }).priceRecordDays).toBe(30);
    expect(() => loadConfig({ PRICE_RECORD_DAYS: '0' })).toThrow(/PRICE_RECORD_DAYS must be at least 1/);
    expect(() => loadConfig({ PRICE_RECORD_DAYS: 'week' })).toThrow(/PRICE_RECORD_DAYS must be a whole number/);
  });
});
