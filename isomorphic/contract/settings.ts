/**
 * The settings contract's request schemas (docs/requirements.md §7 /sys/sys/dict/getDictItems/{dictCode}); values in
 * settings.values.ts.
 */
import { z } from './zod.ts';

export const dictParams = z.object({
  dictCode: z.string().regex(/^[A-Za-z0-9_]{1,40}$/, { error: 'validation.invalidValue' }),
});

/** Operators of an install with DRIVEN_CLOCK=1: how far to move its clock ahead (a second to a year, whole ms). */
export const clockAdvanceBody = z.object({
  ms: z
    .number()
    .int()
    .min(1)
    .max(366 * 86_400_000),
});

/** The server's clock as operators see it: whether it can be driven, its time and how far it has been moved. */
export interface ClockState {
  driven: boolean;
  now: number;
  offsetMs: number;
}
