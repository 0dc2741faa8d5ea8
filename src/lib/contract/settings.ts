/** The settings contract's request schemas (spec §7 /sys/sys/dict/getDictItems/{dictCode}); values in settings.values.ts. */
import { z } from './zod.ts';

export const dictParams = z.object({
  dictCode: z.string().regex(/^[A-Za-z0-9_]{1,40}$/, { error: 'validation.invalidValue' }),
});
