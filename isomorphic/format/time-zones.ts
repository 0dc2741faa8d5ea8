import { zoneLabel } from './date-time.ts';

/**
 * docs/requirements.md §9 "time zones with offsets from −12 to +14": one zone per whole hour, each one without summer
 * time, so the offset in its name holds all year. UTC+8 is Hong Kong, the default (DISPLAY_DEFAULTS).
 */
export const TIME_ZONES: readonly { offsetHours: number; zone: string }[] = [
  { offsetHours: -12, zone: 'Etc/GMT+12' },
  { offsetHours: -11, zone: 'Pacific/Pago_Pago' },
  { offsetHours: -10, zone: 'Pacific/Honolulu' },
  { offsetHours: -9, zone: 'Pacific/Gambier' },
  { offsetHours: -8, zone: 'Pacific/Pitcairn' },
  { offsetHours: -7, zone: 'America/Phoenix' },
  { offsetHours: -6, zone: 'America/Guatemala' },
  { offsetHours: -5, zone: 'America/Bogota' },
  { offsetHours: -4, zone: 'America/La_Paz' },
  { offsetHours: -3, zone: 'America/Sao_Paulo' },
  { offsetHours: -2, zone: 'America/Noronha' },
  { offsetHours: -1, zone: 'Atlantic/Cape_Verde' },
  { offsetHours: 0, zone: 'UTC' },
  { offsetHours: 1, zone: 'Africa/Lagos' },
  { offsetHours: 2, zone: 'Africa/Johannesburg' },
  { offsetHours: 3, zone: 'Europe/Moscow' },
  { offsetHours: 4, zone: 'Asia/Dubai' },
  { offsetHours: 5, zone: 'Asia/Karachi' },
  { offsetHours: 6, zone: 'Asia/Dhaka' },
  { offsetHours: 7, zone: 'Asia/Bangkok' },
  { offsetHours: 8, zone: 'Asia/Hong_Kong' },
  { offsetHours: 9, zone: 'Asia/Tokyo' },
  { offsetHours: 10, zone: 'Australia/Brisbane' },
  { offsetHours: 11, zone: 'Pacific/Noumea' },
  { offsetHours: 12, zone: 'Pacific/Tarawa' },
  { offsetHours: 13, zone: 'Pacific/Tongatapu' },
  { offsetHours: 14, zone: 'Pacific/Kiritimati' },
];

function zoneName(locale: string, zone: string, style: 'longGeneric' | 'long'): string {
  const format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style });
  return format.formatToParts(0).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * A zone as a picker lists it, the offset and the zone's name in the reader's language (from the engine's own data,
 * so all 13 languages have it): timeZoneOption('Asia/Hong_Kong', 'zh-CN') → "UTC+8 · 香港时间". A zone with no name
 * of its own (Etc/GMT+12) is its offset alone.
 */
export function timeZoneOption(zone: string, locale: string, at: number = Date.now()): string {
  const offset = zoneLabel(at, zone);
  const bare = (name: string) => name === '' || /^(GMT|UTC)([+\-−]|$)/.test(name);
  let name = zoneName(locale, zone, 'longGeneric');
  if (bare(name)) name = zoneName(locale, zone, 'long');
  return bare(name) ? offset : `${offset} · ${name}`;
}
