import { AUTH_MESSAGES } from '../user/messages.ts';
import { PROOF_MESSAGES } from '../proof/messages.ts';
import { REFERRAL_MESSAGES } from '../referral/messages.ts';
import { OTC_MESSAGES } from '../otc/messages.ts';

/** The security and device tabs' slice, also shown by the setting pages (the pager's words come from the wallet). */
const SECURITY_MESSAGES = [
  'security.',
  'devices.',
  'assets.prev',
  'assets.next',
  'assets.pageOf',
  'content.support.contact',
  'field.',
];

/** The dictionary prefixes the account centre's islands use; each tab's feature adds its own prefix here. */
export const ACCOUNT_MESSAGES = [
  ...AUTH_MESSAGES,
  'account.',
  'user.',
  'header.login',
  ...SECURITY_MESSAGES,
  'identity.',
  'apikeys.',
  ...REFERRAL_MESSAGES,
  ...PROOF_MESSAGES,
  ...OTC_MESSAGES,
  'fees.',
];
