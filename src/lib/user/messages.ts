/** The dictionary prefixes the account islands use; pages pass these slices as props. */
export const AUTH_MESSAGES = ['auth.', 'field.', 'msg.', 'common.', 'user.terms.title'];
