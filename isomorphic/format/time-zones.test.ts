import { describe, expect, it } from 'vitest';
import { DISPLAY_DEFAULTS } from '../contract/settings.values.ts';
import { LOCALES } from '../i18n/locales.ts';
import { zoneLabel } from './date-time.ts';
import { TIME_ZONES, timeZoneOption } from './time-zones.ts';

const WINTER = Date.UTC(2026, 0, 15);
const SUMMER = Date.UTC(2026, 6, 15);

describe('the time-zone list', () => {
  it('has one zone for every whole offset from UTC-12 to UTC+14, in order', () => {
    expect(TIME_ZONES.map((z) => z.offsetHours)).toEqual(Array.from({ length: 27 }, (_, i) => i - 12));
  });

  it('holds each zone at its offset all year (no summer time), so the list never lies', () => {
    for (const { offsetHours, zone } of TIME_ZONES) {
      const expected = offsetHours === 0 ? 'UTC' : `UTC${offsetHours < 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
      expect([zone, zoneLabel(WINTER, zone), zoneLabel(SUMMER, zone)]).toEqual([zone, expected, expected]);
    }
  });

  it('offers the default zone', () => {
    expect(TIME_ZONES.find((z) => z.offsetHours === 8)?.zone).toBe(DISPLAY_DEFAULTS.timeZone);
  });
});

describe('a zone as the picker names it', () => {
  it('is the offset and the zone in the reader language', () => {
    expect(timeZoneOption('Asia/Hong_Kong', 'en', WINTER)).toBe('UTC+8 · Hong Kong Time');
    expect(timeZoneOption('Asia/Hong_Kong', 'zh-CN', WINTER)).toBe('UTC+8 · 香港时间');
    expect(timeZoneOption('UTC', 'de', WINTER)).toBe('UTC · Koordinierte Weltzeit');
  });

  it('is the offset alone for a zone with no name of its own', () => {
    expect(timeZoneOption('Etc/GMT+12', 'en', WINTER)).toBe('UTC-12');
  });

  it('names every listed zone in every language, never as a bare GMT offset', () => {
    for (const locale of LOCALES)
      for (const { zone } of TIME_ZONES) expect(timeZoneOption(zone, locale, WINTER)).not.toMatch(/GMT/);
  });

  it('follows summer time for a zone kept from before the list', () => {
    expect(timeZoneOption('Europe/Vilnius', 'en', WINTER)).toMatch(/^UTC\+2 · /);
    expect(timeZoneOption('Europe/Vilnius', 'en', SUMMER)).toMatch(/^UTC\+3 · /);
  });
});
