import { AUTH_MESSAGES } from '../user/messages.ts';

/** The dictionary prefixes the account centre's islands use; each tab's feature adds its own prefix here. */
export const ACCOUNT_MESSAGES = [...AUTH_MESSAGES, 'account.', 'user.', 'header.login', 'identity.', 'apikeys.'];
