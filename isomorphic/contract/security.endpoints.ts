/**
 * Account security (docs/requirements.md §7 "Account and auth"): e-mail and phone bindings, the Google authenticator,
 * the anti-phishing code, the withdrawal address whitelist (userCoin), devices and the login log. the requirements' GET
 * googleVerificationBindingOrReset/{x}/{y} is a POST with a body here: it carries the login password, and secrets never
 * travel in URLs.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { Device, GoogleSetup, LoginLogPage, SecurityStatus, Whitelist } from './security.ts';

const s = schemasIn('security');
const tags = ['security'];
const MEMBER = '/api/app/coin/member';
const CODE_CHECK = ['codeInvalid', 'codeExpired', 'codeTooManyAttempts'] as const;
const GOOGLE_CHECK = ['googleCodeRequired', 'googleCodeWrong', 'googleCodeUsed', 'googleCodeLocked'] as const;
/** What a security change confirmed by SecurityProof may answer. */
const PROOF_CHECK = [...GOOGLE_CHECK, ...CODE_CHECK, 'securityBindingRequired'] as const;
const SEND_LIMITS = ['codeTooSoon', 'codeDailyLimit', 'tooManyRequests'] as const;

export const securityStatus = endpoint({
  method: 'GET',
  path: `${MEMBER}/getMemberOtherData/security`,
  auth: 'user',
  response: type<SecurityStatus>(),
  errors: [],
  summary: 'Your bindings, authenticator, anti-phishing code, whitelist switch and any withdrawal pause',
  tags,
});

export const sendEmail = endpoint({
  method: 'GET',
  path: '/api/app/coin/open/send/email',
  auth: 'user',
  query: s('sendEmailQuery'),
  response: type<null>(),
  errors: ['emailTaken', 'sameAsBound', 'emailNotBound', ...SEND_LIMITS],
  summary: 'E-mail a code: to a new address to bind it (`email`), or to your bound address to confirm a change',
  tags,
});

export const sendSms = endpoint({
  method: 'GET',
  path: '/api/app/coin/open/send/sms',
  auth: 'user',
  query: s('sendSmsQuery'),
  response: type<null>(),
  errors: ['phoneTaken', 'phoneInvalid', 'sameAsBound', 'phoneNotBound', ...SEND_LIMITS],
  summary:
    'Text a code: to a new phone to bind it (`countryCode`, `phone`), or to your bound phone to confirm a change',
  tags,
});

const BINDING_ERRORS = [...CODE_CHECK, ...GOOGLE_CHECK, 'sameAsBound', 'tooManyRequests'] as const;

export const bindEmail = endpoint({
  method: 'POST',
  path: '/api/user/bindEmail',
  auth: 'user',
  body: s('bindEmailBody'),
  response: type<SecurityStatus>(),
  errors: ['emailTaken', ...BINDING_ERRORS],
  summary: 'Bind an e-mail address, or change the bound one (codes to the old and the new address)',
  tags,
});

export const accountVerificationBinding = endpoint({
  method: 'POST',
  path: `${MEMBER}/accountVerificationBinding`,
  auth: 'user',
  body: s('bindingBody'),
  response: type<SecurityStatus>(),
  errors: ['emailTaken', 'phoneTaken', 'phoneInvalid', ...BINDING_ERRORS],
  summary: 'Bind or change an e-mail address or phone number (type email or phone)',
  tags,
});

export const googleSetup = endpoint({
  method: 'GET',
  path: `${MEMBER}/getGoogleVerification/secret`,
  auth: 'user',
  response: type<GoogleSetup>(),
  errors: ['googleAlreadyBound'],
  summary: 'A new authenticator secret with its QR code, to bind within 10 minutes',
  tags,
});

export const googleBind = endpoint({
  method: 'POST',
  path: `${MEMBER}/googleVerificationBindingOrReset/bind`,
  auth: 'user',
  body: s('googleBindBody'),
  response: type<SecurityStatus>(),
  errors: [
    'googleAlreadyBound',
    'googleSetupExpired',
    'googleCodeWrong',
    'googleCodeLocked',
    'oldPasswordWrong',
    'tooManyRequests',
  ],
  summary: 'Bind the authenticator with its first code and your login password',
  tags,
});

export const googleReset = endpoint({
  method: 'POST',
  path: `${MEMBER}/googleVerificationBindingOrReset/reset`,
  auth: 'user',
  body: s('googleResetBody'),
  response: type<SecurityStatus>(),
  errors: ['googleNotBound', 'oldPasswordWrong', 'emailNotBound', 'phoneNotBound', ...CODE_CHECK, 'tooManyRequests'],
  summary: 'Remove a lost authenticator with your login password and an e-mail or SMS code; withdrawals pause for 24 h',
  tags,
});

export const antiCode = endpoint({
  method: 'POST',
  path: `${MEMBER}/antiCode`,
  auth: 'user',
  body: s('antiCodeBody'),
  response: type<SecurityStatus>(),
  errors: ['antiCodeNeedsEmail', ...PROOF_CHECK],
  summary: 'Set the anti-phishing code shown in every e-mail the platform sends you',
  tags,
});

export const whitelist = endpoint({
  method: 'POST',
  path: '/api/userCoin/getUserCoin',
  auth: 'user',
  response: type<Whitelist>(),
  errors: [],
  summary: 'Your withdrawal address whitelist and whether it is on',
  tags,
});

export const whitelistAdd = endpoint({
  method: 'POST',
  path: '/api/userCoin/add',
  auth: 'user',
  body: s('whitelistAddBody'),
  response: type<Whitelist>(),
  errors: ['unknownNetwork', 'addressInvalid', 'whitelistAddressExists', 'whitelistFull', ...PROOF_CHECK],
  summary: 'Add a withdrawal address to the whitelist',
  tags,
});

export const whitelistDelete = endpoint({
  method: 'POST',
  path: '/api/userCoin/delete',
  auth: 'user',
  body: s('whitelistDeleteBody'),
  response: type<Whitelist>(),
  errors: ['whitelistEntryNotFound', ...PROOF_CHECK],
  summary: 'Remove an address from the whitelist',
  tags,
});

export const whitelistSwitch = endpoint({
  method: 'POST',
  path: '/api/userCoin/switch',
  auth: 'user',
  body: s('whitelistSwitchBody'),
  response: type<Whitelist>(),
  errors: PROOF_CHECK,
  summary: 'Switch the whitelist on (withdrawals only to its addresses) or off',
  tags,
});

export const loginDevices = endpoint({
  method: 'GET',
  path: `${MEMBER}/getLoginDevice`,
  auth: 'user',
  response: type<Device[]>(),
  errors: [],
  summary: 'Your signed-in devices, the current one marked',
  tags,
});

export const deleteDevice = endpoint({
  method: 'POST',
  path: `${MEMBER}/deleteDevice/:id`,
  auth: 'user',
  params: s('deviceParams'),
  response: type<null>(),
  errors: ['deviceNotFound'],
  summary: 'Sign a device out: its tokens stop working at once',
  tags,
});

export const updateDevice = endpoint({
  method: 'POST',
  path: `${MEMBER}/updateDevice`,
  auth: 'user',
  body: s('deviceRenameBody'),
  response: type<Device[]>(),
  errors: ['deviceNotFound'],
  summary: 'Name one of your devices',
  tags,
});

export const loginLog = endpoint({
  method: 'GET',
  path: `${MEMBER}/getLoginLog`,
  auth: 'user',
  query: s('loginLogQuery'),
  response: type<LoginLogPage>(),
  errors: [],
  summary: 'Your logins, newest first: successes and failures (wrong password, locked, wrong authenticator code)',
  tags,
});
