import { describe, expect, it } from 'vitest';
import { REFRESH_CHECK_MS, refreshDue } from './keeper.ts';

/** docs/requirements.md §9: token refresh threshold. */
const THRESHOLD = 604_800;
const ISSUED = 1_700_000_000;

describe('refreshDue', () => {
  it.each<[string, number, number, number, boolean]>([
    ['exactly at the threshold', ISSUED, (ISSUED + THRESHOLD) * 1000, THRESHOLD, true],
    ['one second before', ISSUED, (ISSUED + THRESHOLD - 1) * 1000, THRESHOLD, false],
    ['one millisecond before', ISSUED, (ISSUED + THRESHOLD) * 1000 - 1, THRESHOLD, false],
    ['one millisecond after', ISSUED, (ISSUED + THRESHOLD) * 1000 + 1, THRESHOLD, true],
    ['long after', ISSUED, (ISSUED + 10 * THRESHOLD) * 1000, THRESHOLD, true],
    ['just issued', ISSUED, ISSUED * 1000, THRESHOLD, false],
    ['issued in the future', ISSUED, (ISSUED - 60) * 1000, THRESHOLD, false],
    ['never issued (0)', 0, ISSUED * 1000, THRESHOLD, true],
    ['small threshold, at it', 100, 110_000, 10, true],
    ['small threshold, 1 s before', 100, 109_000, 10, false],
    ['zero threshold', ISSUED, ISSUED * 1000, 0, true],
  ])('%s', (_name, issuedAt, nowMs, threshold, expected) => {
    expect(refreshDue(issuedAt, nowMs, threshold)).toBe(expected);
  });

  it('checks every 10 seconds (docs/requirements.md §9)', () => {
    expect(REFRESH_CHECK_MS).toBe(10_000);
  });
});
