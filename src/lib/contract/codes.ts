/**
 * Result codes of the product API envelope `{ code, msg, data }`. 200 is success; every other code names an
 * i18n key under `error.` that the server translates into the caller's language. Each subsystem owns a range:
 * 4xx/5xx generic, 1000–1999 accounts and sessions (1100–1159 identity, bank card, payment methods, API keys), 2000–2999 wallets and the ledger, 3000–3999 spot trading,
 * 4000–4099 second contracts, 4100–4199 perpetual futures, 4200–4299 spot margin, 5000–5099 the HTTP edge (limits on what a caller may send). A unit test checks that codes and keys are unique.
 */
export const ERRORS = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  requestTimeout: 408,
  uriTooLong: 414,
  tooManyRequests: 429,
  headersTooLarge: 431,
  internal: 500,
  unavailable: 503,

  // Accounts and sessions.
  loginStep1: 1001,
  badCredentials: 1002,
  accountLocked: 1003,
  accountFrozen: 1004,
  usernameTaken: 1010,
  emailTaken: 1011,
  phoneTaken: 1012,
  inviteCodeUnknown: 1013,
  passwordMismatch: 1014,
  codeInvalid: 1020,
  codeExpired: 1021,
  codeTooSoon: 1022,
  codeTooManyAttempts: 1023,
  phoneInvalid: 1025,
  codeDailyLimit: 1026,
  refreshInvalid: 1030,
  oldPasswordWrong: 1031,
  samePassword: 1032,
  sealedInvalid: 1033,
  fundPasswordSet: 1034,
  // Account security (1040–1099): bindings, the authenticator, anti-phishing, whitelist, devices.
  googleCodeRequired: 1040,
  googleCodeWrong: 1041,
  googleCodeUsed: 1042,
  googleCodeLocked: 1043,
  googleAlreadyBound: 1044,
  googleNotBound: 1045,
  googleSetupExpired: 1046,
  emailNotBound: 1047,
  phoneNotBound: 1048,
  sameAsBound: 1049,
  securityBindingRequired: 1050,
  withdrawalsLocked: 1051,
  addressNotWhitelisted: 1052,
  whitelistAddressExists: 1053,
  whitelistFull: 1054,
  whitelistEntryNotFound: 1055,
  deviceNotFound: 1056,
  antiCodeNeedsEmail: 1057,
  // Referral and proof of liabilities (1160–1199).
  referralRatesInvalid: 1160,
  rebatesRaced: 1161,
  proofNotFound: 1162,
  proofNoLeaf: 1163,
  proofLeavesPruned: 1164,

  // Identity verification, bank card, payment methods and API keys (1100–1159).
  kycPending: 1100,
  kycLevelReached: 1101,
  kycPrimaryFirst: 1102,
  kycPhotoInvalid: 1103,
  idNumberInvalid: 1104,
  idNumberTaken: 1105,
  kycRequired: 1106,
  holderMismatch: 1107,
  bankCardBound: 1110,
  bankNumberInvalid: 1111,
  swiftInvalid: 1112,
  paymentNotFound: 1115,
  paymentLimit: 1116,
  paymentDuplicate: 1117,
  apiKeyInvalid: 1120,
  signatureInvalid: 1121,
  timestampStale: 1122,
  recvWindowInvalid: 1123,
  signatureReplayed: 1124,
  apiPermissionMissing: 1125,
  apiIpNotAllowed: 1126,
  apiKeyNotFound: 1127,
  apiKeyLimit: 1128,
  apiWithdrawNeedsWhitelist: 1129,
  apiIpListInvalid: 1130,
  apiBodyNotForm: 1131,
  withdrawLimitExceeded: 1140,
  withdrawLimitsInvalid: 1141,

  // Wallets and the ledger.
  insufficientBalance: 2001,
  unknownAsset: 2002,
  // Wallet slice (2003–2099).
  unknownNetwork: 2003,
  amountInvalid: 2004,
  amountTooSmall: 2005,
  sameAccount: 2006,
  accountTypeNotAllowed: 2007,
  screenshotRequired: 2008,
  uploadNotImage: 2009,
  uploadTooLarge: 2010,
  uploadMissing: 2011,
  fundPasswordWrong: 2012,
  fundPasswordNotSet: 2013,
  recordNotFound: 2014,
  alreadyReviewed: 2015,
  quoteExpired: 2016,
  priceMoved: 2017,
  noPrice: 2018,
  sameCoin: 2019,
  reasonRequired: 2020,
  quoteUsed: 2021,
  swapInventoryShort: 2022,
  swapAboveLimit: 2023,
  addressInvalid: 2024,
  fundPasswordLocked: 2025,

  // Spot trading.
  unknownMarket: 3001,
  marketClosed: 3002,
  orderFieldRequired: 3003,
  invalidNumber: 3004,
  tooPrecise: 3005,
  tooLarge: 3006,
  mustBePositive: 3007,
  offTick: 3008,
  offLot: 3009,
  belowMinQty: 3010,
  belowMinNotional: 3011,
  postOnlyMarket: 3012,
  orderNotFound: 3013,
  orderNotOpen: 3014,
  orderRejected: 3015,
  priceOutOfBand: 3016,

  // Second contracts.
  secondsPeriodUnknown: 4001,
  secondsStakeInteger: 4002,
  secondsStakeRange: 4003,
  secondsNoPrice: 4004,
  secondsExposureFull: 4005,
  secondsPoolFull: 4006,
  secondsPeriodInvalid: 4007,

  // Perpetual futures.
  perpUnknownContract: 4101,
  perpLeverageOutOfRange: 4102,
  perpSizeOverBracket: 4103,
  perpInsufficientMargin: 4104,
  perpReduceOnlyWouldIncrease: 4105,
  perpNoPosition: 4106,
  perpMarginModeLocked: 4107,
  perpLeverageUnsafe: 4108,
  perpMarginReduceTooMuch: 4109,
  perpNotIsolated: 4110,
  perpStopWrongSide: 4111,
  perpStopBeyondLiquidation: 4112,
  perpNoPrice: 4113,
  perpInLiquidation: 4114,
  perpStopNotFound: 4115,
  contractMarginReserved: 4116,

  // Spot margin.
  marginPairNotOpen: 4201,
  marginSymbolRequired: 4202,
  marginNoPrice: 4203,
  marginAssetNotInAccount: 4204,
  marginLevelTooLow: 4205,
  marginOverMax: 4206,
  marginPoolShort: 4207,
  marginNothingOwed: 4208,
  marginTransferOutLevel: 4209,
  marginLeverageLocked: 4210,
  marginInLiquidation: 4211,

  // The HTTP edge: what a caller may send (server/http, uploads).
  uploadMalformed: 5001,
  uploadRateLimited: 5002,
  uploadQuotaExceeded: 5003,
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName];

/** The i18n key that carries the message for an error: errorKey('badCredentials') → 'error.badCredentials'. */
export function errorKey(name: ErrorName): string {
  return `error.${name}`;
}

/** The envelope every product API call answers with. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
