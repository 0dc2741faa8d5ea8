/** The dictionary prefixes the proof of liabilities uses, on its public page and in the account centre. */
export const PROOF_MESSAGES = ['proof.', 'common.', 'assets.prev', 'assets.next', 'assets.pageOf'];
