export { filterNumericInput, isInteger, typedNumber } from './numeric-input.ts';
export {
  PASSWORD_MIN,
  PASSWORD_MAX,
  PASSWORD_SYMBOLS,
  PASSWORD_PATTERN,
  isValidPassword,
  isStrongPassword,
} from './password.ts';
export { isWebAddress } from './web-address.ts';
export { isEmpty, isBlank } from './empty.ts';
export { EMAIL_MAX_LENGTH, isEmail } from './email.ts';
export { USERNAME_PATTERN, isUsername, isVerificationCode } from './account.ts';
export { CHAT_MAX_LENGTH } from './chat.ts';
export { isChainAddress } from './chain-address.ts';
export { ANTI_CODE_PATTERN } from './anti-code.ts';
