import { CHAT_MESSAGES } from '../chat/messages.ts';
import { MARGIN_MESSAGES } from '../margin/messages.ts';

/** The dictionary prefixes the wallet islands use; pages pass these slices as props. */
export const WALLET_MESSAGES = [
  'assets.',
  'onchain.',
  'bill.',
  'common.',
  'header.login',
  'header.assets',
  'user.tab.tardPwd',
  'field.googleCode',
  'security.pause.',
  'security.withdraw.',
  'perpAssets.',
  'earn.holdings.',
  'earn.kind.',
  'earn.title.',
  'earn.days',
  'earn.orders.product',
  'earn.orders.amount',
  'earn.orders.accrued',
  ...MARGIN_MESSAGES,
];
/** The operator console's slice. */
export const ADMIN_MESSAGES = [
  'admin.',
  'assets.',
  'onchain.',
  'bill.',
  'common.',
  'header.login',
  'identity.',
  'field.',
  'proof.',
  'referral.generation.',
  'fees.',
  'otc.state.',
  'loan.',
  'earn.field.',
  ...CHAT_MESSAGES,
];
