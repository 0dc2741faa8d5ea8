/** The dictionary prefixes the DeFi islands bring to their pages: their own and the shared amount checks. */
export const DEFI_MESSAGES = ['defi.', 'margin.error.', 'common.', 'header.login', 'assets.prev', 'assets.next', 'assets.pageOf'];
