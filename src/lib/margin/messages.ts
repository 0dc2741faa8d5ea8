/**
 * The dictionary prefixes the margin islands bring to the pages that show them (trade screen, wallet, order centre).
 */
export const MARGIN_MESSAGES = [
  'margin.',
  'perpAssets.loadFailed',
  'perpAssets.retry',
  'perpAssets.pages',
  'perpAssets.prev',
  'perpAssets.next',
  'perpAssets.pageOf',
];
