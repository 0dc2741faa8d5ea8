/** The dictionary prefixes the referral tabs use (the account centre adds them to its slice). */
export const REFERRAL_MESSAGES = ['referral.', 'reward.', 'assets.prev', 'assets.next', 'assets.pageOf'];
