import { PLACEHOLDER } from './decimal.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Hong_Kong';

export type DateTimeOptions = {
  /** IANA zone name; an unknown zone throws a RangeError from Intl. */
  readonly timeZone?: string;
  /** Append " HH:mm:ss", default true. */
  readonly withTime?: boolean;
  /**
   * Write the zone after the time (" UTC+8"), default true: a reader in another zone must not take the time for
   * theirs. A date alone carries no zone.
   */
  readonly withZone?: boolean;
};

// Building an Intl.DateTimeFormat costs far more than using one, and trade lists format thousands of rows.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // hourCycle h23 rather than hour12: false, which some engines render as "24:00:00" at midnight.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsIn(msEpoch: number, timeZone: string): Record<string, string> | null {
  const date = new Date(msEpoch);
  if (Number.isNaN(date.getTime())) return null;
  // Parts, not the formatted string, because the locale's own punctuation differs between engines.
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) parts[type] = value;
  return parts;
}

/**
 * MM/DD/YYYY HH:mm:ss and the zone, in the given zone: formatDateTime(0) → "01/01/1970 08:00:00 UTC+8"
 * (Asia/Hong_Kong).
 */
export function formatDateTime(msEpoch: number, options: DateTimeOptions = {}): string {
  const { timeZone = DEFAULT_TIME_ZONE, withTime = true, withZone = true } = options;
  const parts = partsIn(msEpoch, timeZone);
  if (parts === null) return PLACEHOLDER;
  const day = `${parts.month}/${parts.day}/${(parts.year ?? '').padStart(4, '0')}`;
  if (!withTime) return day;
  const time = `${day} ${parts.hour}:${parts.minute}:${parts.second}`;
  return withZone ? `${time} ${zoneLabel(msEpoch, timeZone)}` : time;
}

/**
 * HH:mm:ss in the given zone, for lists that show only the time of day: formatTime(0) → "08:00:00" (Asia/Hong_Kong).
 */
export function formatTime(msEpoch: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = partsIn(msEpoch, timeZone);
  return parts === null ? PLACEHOLDER : `${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * How far the zone's wall clock is ahead of UTC at that instant, in ms: zoneOffsetMs(0, 'Asia/Hong_Kong') → 28800000.
 * Charts that label their axis in UTC show the zone's time when every timestamp is moved by this much.
 */
export function zoneOffsetMs(msEpoch: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  const parts = partsIn(msEpoch, timeZone);
  if (parts === null) return 0;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(msEpoch / 1000) * 1000;
}

/**
 * The zone's offset at an instant, "UTC+8" or "UTC-3:30" (summer time included): zoneLabel(0, 'Asia/Hong_Kong') →
 * "UTC+8".
 */
export function zoneLabel(msEpoch: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return offsetLabel(Math.round(zoneOffsetMs(msEpoch, timeZone) / 60_000));
}

/** An offset in minutes as the label times carry: offsetLabel(480) → "UTC+8", offsetLabel(-210) → "UTC-3:30". */
function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}
