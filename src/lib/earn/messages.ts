/**
 * The dictionary prefixes the staking and finance islands bring to their pages: their own, the amount checks, the login
 * link and paging.
 */
export const EARN_MESSAGES = [
  'earn.',
  'margin.error.',
  'common.',
  'header.login',
  'assets.prev',
  'assets.next',
  'assets.pageOf',
];
