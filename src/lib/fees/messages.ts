/** The dictionary prefixes the fee islands use (the fee page, the account centre's tab, the console's desk). */
export const FEE_MESSAGES = ['fees.', 'common.', 'error.', 'validation.fee'];
