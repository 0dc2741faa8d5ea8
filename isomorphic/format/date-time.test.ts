import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, zoneLabel, zoneOffsetMs } from './date-time.ts';

describe('formatDateTime', () => {
  it.each<[number, string | undefined, boolean | undefined, string]>([
    [0, undefined, undefined, '01/01/1970 08:00:00 UTC+8'],
    [0, 'Asia/Hong_Kong', true, '01/01/1970 08:00:00 UTC+8'],
    [0, 'UTC', undefined, '01/01/1970 00:00:00 UTC'],
    [0, 'America/New_York', undefined, '12/31/1969 19:00:00 UTC-5'],
    [0, undefined, false, '01/01/1970'],
    // 16:00 UTC is midnight in Hong Kong: must read 00, never 24.
    [Date.UTC(2024, 1, 28, 16, 0, 0), undefined, undefined, '02/29/2024 00:00:00 UTC+8'],
    [Date.UTC(2024, 11, 31, 15, 59, 59), undefined, undefined, '12/31/2024 23:59:59 UTC+8'],
    [Date.UTC(2024, 11, 31, 16, 0, 0), undefined, false, '01/01/2025'],
    [Date.UTC(2024, 6, 4, 12, 5, 9, 999), 'UTC', undefined, '07/04/2024 12:05:09 UTC'],
    // Daylight saving: New York is UTC-4 in July, and the label says so.
    [Date.UTC(2024, 6, 4, 12, 0, 0), 'America/New_York', undefined, '07/04/2024 08:00:00 UTC-4'],
    [Date.UTC(2024, 6, 4, 12, 0, 0), 'Asia/Kolkata', undefined, '07/04/2024 17:30:00 UTC+5:30'],
    [-1, 'UTC', undefined, '12/31/1969 23:59:59 UTC'],
    [NaN, undefined, undefined, '--'],
    [8.64e15 + 1, undefined, undefined, '--'],
  ])('(%j, %j, withTime %j) → %j', (ms, timeZone, withTime, expected) => {
    expect(formatDateTime(ms, { timeZone, withTime })).toBe(expected);
  });

  it('leaves the zone off when told, for a caller that writes it elsewhere', () => {
    expect(formatDateTime(0, { withZone: false })).toBe('01/01/1970 08:00:00');
  });

  it('reads the same instant as one time whatever the display zone, each with its own label', () => {
    const ms = Date.UTC(2026, 0, 12, 6, 3, 22);
    expect(formatDateTime(ms, { timeZone: 'Asia/Hong_Kong' })).toBe('01/12/2026 14:03:22 UTC+8');
    expect(formatDateTime(ms, { timeZone: 'UTC' })).toBe('01/12/2026 06:03:22 UTC');
    expect(formatDateTime(ms, { timeZone: 'Pacific/Kiritimati' })).toBe('01/12/2026 20:03:22 UTC+14');
    expect(formatDateTime(ms, { timeZone: 'Etc/GMT+12' })).toBe('01/11/2026 18:03:22 UTC-12');
  });

  it('throws on an unknown time zone', () => {
    expect(() => formatDateTime(0, { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it.each<[number, string | undefined, string]>([
    [0, undefined, '08:00:00'],
    [0, 'UTC', '00:00:00'],
    [Date.UTC(2024, 1, 28, 16, 0, 0), undefined, '00:00:00'],
    [Date.UTC(2024, 6, 4, 12, 0, 5), 'America/New_York', '08:00:05'],
    [NaN, undefined, '--'],
  ])('(%j, %j) → %j', (ms, timeZone, expected) => {
    expect(formatTime(ms, timeZone)).toBe(expected);
  });

  it('reads the same clock as formatDateTime in the same zone, whatever zone the machine is in', () => {
    const ms = Date.UTC(2026, 10, 21, 10, 30, 15);
    for (const zone of ['Asia/Hong_Kong', 'Europe/Berlin', 'America/Los_Angeles']) {
      expect(formatDateTime(ms, { timeZone: zone, withZone: false }).endsWith(formatTime(ms, zone))).toBe(true);
    }
  });
});

describe('zoneOffsetMs', () => {
  it.each<[number, string, number]>([
    [0, 'Asia/Hong_Kong', 8 * 3600_000],
    [Date.UTC(2024, 6, 4, 12), 'America/New_York', -4 * 3600_000],
    [Date.UTC(2024, 0, 4, 12), 'America/New_York', -5 * 3600_000],
    [Date.UTC(2024, 6, 4, 12, 0, 0, 999), 'Asia/Kolkata', 5.5 * 3600_000],
    [Date.UTC(2024, 6, 4, 12), 'UTC', 0],
  ])('(%j, %s) → %j', (ms, zone, expected) => {
    expect(zoneOffsetMs(ms, zone)).toBe(expected);
  });
});

describe('zoneLabel', () => {
  it.each<[number, string, string]>([
    [0, 'Asia/Hong_Kong', 'UTC+8'],
    [0, 'UTC', 'UTC'],
    [0, 'Asia/Kolkata', 'UTC+5:30'],
    [0, 'America/St_Johns', 'UTC-3:30'],
    // Summer time moves the label with the clock.
    [Date.UTC(2026, 0, 15), 'Europe/Berlin', 'UTC+1'],
    [Date.UTC(2026, 6, 15), 'Europe/Berlin', 'UTC+2'],
  ])('(%j, %s) → %s', (ms, zone, expected) => {
    expect(zoneLabel(ms, zone)).toBe(expected);
  });
});
