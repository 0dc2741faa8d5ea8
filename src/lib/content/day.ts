import { formatDateTime } from '../../../isomorphic/format/date-time.ts';

/**
 * A content date (a calendar day, YYYY-MM-DD) in the platform's date format of docs/requirements.md §9:
 * formatDay('2026-03-01') → '03/01/2026'. The day is the same in every time zone, so no zone shifts it.
 */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return formatDateTime(Date.UTC(y, m - 1, d), { timeZone: 'UTC', withTime: false });
}
