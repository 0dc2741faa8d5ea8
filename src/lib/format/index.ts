export { PLACEHOLDER, toDecimalString } from './decimal.ts';
export { truncateDecimals, formatAmount } from './number.ts';
export type { TruncateOptions, AmountOptions } from './number.ts';
export { formatCompact } from './compact.ts';
export { decimalsForMagnitude, formatPrice } from './price.ts';
export { formatChangePercent } from './percent.ts';
export { maskEmail, maskPhone } from './mask.ts';
export { DEFAULT_TIME_ZONE, formatDateTime } from './date-time.ts';
export type { DateTimeOptions } from './date-time.ts';
