import { expect, it } from 'vitest';
import { formatDay } from './day.ts';

it.each<[string, string]>([
  ['2026-03-01', '03/01/2026'],
  ['2026-12-31', '12/31/2026'],
  ['0999-01-02', '01/02/0999'],
  ['not a date', 'not a date'],
  ['', ''],
])('formatDay(%j) → %j', (day, expected) => {
  expect(formatDay(day)).toBe(expected);
});
