import { MARGIN_MESSAGES } from '../margin/messages.ts';

/** The dictionary prefixes the trade islands use; pages pass these slices as props. */
export const TRADE_MESSAGES = [
  'trade.',
  'tradeChart.',
  'seconds.',
  'perp.',
  'depth.',
  'common.',
  'header.login',
  'header.register',
  'alerts.bell',
  ...MARGIN_MESSAGES,
];
