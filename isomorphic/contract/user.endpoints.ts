/** Accounts and sessions (docs/requirements.md §7 "Account and auth"). Secrets travel in bodies, never in URLs. */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { CountryCode, LoginResult, SessionTokens, UserInfo } from './user.ts';

const s = schemasIn('user');
const tags = ['user'];
const CODE_CHECK = ['codeInvalid', 'codeExpired', 'codeTooManyAttempts'] as const;
/** Once the authenticator is bound (server/account/security), its code is asked for too. */
const GOOGLE_CHECK = ['googleCodeRequired', 'googleCodeWrong', 'googleCodeUsed', 'googleCodeLocked'] as const;

export const register = endpoint({
  method: 'POST',
  path: '/api/user/register',
  auth: 'none',
  body: s('registerBody'),
  response: type<UserInfo>(),
  errors: [
    'usernameTaken',
    'emailTaken',
    'phoneTaken',
    'inviteCodeUnknown',
    'phoneInvalid',
    ...CODE_CHECK,
    'tooManyRequests',
  ],
  summary: 'Create an account (account, email or phone tab)',
  tags,
});

export const login = endpoint({
  method: 'POST',
  path: '/api/user/login',
  auth: 'none',
  body: s('loginBody'),
  response: type<LoginResult>(),
  errors: [
    'badCredentials',
    'accountLocked',
    'accountFrozen',
    'phoneInvalid',
    'loginStep1',
    'googleCodeWrong',
    'googleCodeUsed',
    'googleCodeLocked',
    'tooManyRequests',
  ],
  summary:
    'Log in by username, email or phone; with the authenticator bound, 1001 asks for its code (send again with googleCode)',
  tags,
});

export const refreshToken = endpoint({
  method: 'POST',
  path: '/api/user/refreshToken',
  auth: 'none',
  body: s('refreshBody'),
  response: type<SessionTokens>(),
  errors: ['refreshInvalid', 'tooManyRequests'],
  summary: 'Rotate the session tokens',
  tags,
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/user/logout',
  auth: 'user',
  response: type<null>(),
  errors: [],
  summary: 'End this session',
  tags,
});

export const getInfo = endpoint({
  method: 'POST',
  path: '/api/user/getInfo',
  auth: 'user',
  response: type<UserInfo>(),
  errors: [],
  summary: 'The signed-in user (docs/requirements.md §3 user info)',
  tags,
});

export const sendEmailCode = endpoint({
  method: 'POST',
  path: '/api/user/sendEmailCode',
  auth: 'none',
  query: s('sendEmailCodeQuery'),
  response: type<null>(),
  errors: ['emailTaken', 'codeTooSoon', 'codeDailyLimit', 'tooManyRequests'],
  summary: 'E-mail a six-digit code',
  tags,
});

export const sendMobileCode = endpoint({
  method: 'POST',
  path: '/api/user/sendMobileCode',
  auth: 'none',
  query: s('sendMobileCodeQuery'),
  response: type<null>(),
  errors: ['phoneTaken', 'phoneInvalid', 'codeTooSoon', 'codeDailyLimit', 'tooManyRequests'],
  summary: 'Text a six-digit code',
  tags,
});

export const backPwd = endpoint({
  method: 'POST',
  path: '/api/user/backPwd',
  auth: 'none',
  body: s('backPwdBody'),
  response: type<null>(),
  errors: [...CODE_CHECK, 'phoneInvalid', 'tooManyRequests'],
  summary: 'Reset the password with a code sent to the bound e-mail (type email) or phone (type phone)',
  tags,
});

export const getCountryCode = endpoint({
  method: 'POST',
  path: '/api/user/getCountryCode',
  auth: 'none',
  response: type<CountryCode[]>(),
  errors: [],
  summary: 'Countries and calling codes, named in the caller’s language',
  tags,
});

export const updatePwd = endpoint({
  method: 'POST',
  path: '/api/user/updatePwd',
  auth: 'user',
  body: s('sealedBody'),
  response: type<null>(),
  errors: ['sealedInvalid', 'oldPasswordWrong', 'samePassword', ...GOOGLE_CHECK, 'tooManyRequests'],
  summary: 'Change the login password (sealed body)',
  tags,
});

export const tardPwdSet = endpoint({
  method: 'POST',
  path: '/api/user/tardPwdSet',
  auth: 'user',
  body: s('sealedBody'),
  response: type<null>(),
  errors: ['sealedInvalid', 'fundPasswordSet', 'oldPasswordWrong', 'samePassword', ...GOOGLE_CHECK, 'tooManyRequests'],
  summary: 'Set the fund password (sealed body)',
  tags,
});

/** The requirements' other names for the same two calls; they take the same sealed body (secrets never go in a URL). */
export const updateUserLoginPwd = endpoint({
  ...updatePwd,
  path: '/api/user/updateUserLoginPwd',
  summary: 'Change the login password (alias of updatePwd)',
});
export const bladeUpdatePassword = endpoint({
  ...updatePwd,
  path: '/api/blade-user/update-password',
  summary: 'Change the login password (alias of updatePwd)',
});
export const tradePwd = endpoint({
  ...tardPwdSet,
  path: '/api/app/coin/member/tradePwd',
  summary: 'Set the fund password (alias of tardPwdSet)',
});
