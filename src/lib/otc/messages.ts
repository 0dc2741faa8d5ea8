import { CHAT_MESSAGES } from '../chat/messages.ts';

/**
 * The dictionary prefixes the OTC islands bring to their pages (the server's OTC refusals and state names, and the
 * order chat's).
 */
export const OTC_MESSAGES = [
  ...CHAT_MESSAGES,
  'otc.',
  'error.otc',
  'error.insufficientBalance',
  'error.fundPassword',
  'error.upload',
  'validation.otcPayWindow',
  'identity.payment.kind.',
  'common.',
  'header.login',
  'assets.prev',
  'assets.next',
  'assets.pageOf',
];

/** What the shell's notification stack needs on every page. */
export const OTC_NOTICE_MESSAGES = ['otc.notice.'];
