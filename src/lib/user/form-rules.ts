import { isEmail, isUsername, isValidPassword, isVerificationCode } from '../../../isomorphic/validate/index.ts';

/** Field name → i18n key of what is wrong with it; empty when the form may be sent. */
export type FormErrors = Record<string, string>;

type Rule = (value: string) => string | undefined;

/** The name of a field rule, for form definitions: { email: 'email', password: 'loginPassword' }. */
export type RuleName =
  | 'username'
  | 'email'
  | 'phone'
  | 'countryCode'
  | 'password'
  | 'loginPassword'
  | 'code'
  | 'googleCode'
  | 'inviteCode';

const required: Rule = (v) => (v.trim() === '' ? 'validation.required' : undefined);

/** The client-side twin of the server's schema rules, so most mistakes are caught before a round trip. */
export const RULES: Record<RuleName, Rule> = {
  username: (v) => required(v) ?? (isUsername(v.trim()) ? undefined : 'validation.username'),
  email: (v) => required(v) ?? (isEmail(v.trim()) ? undefined : 'validation.email'),
  phone: (v) => required(v) ?? (/^\d{4,15}$/.test(v.trim()) ? undefined : 'validation.phone'),
  countryCode: (v) => (/^[A-Z]{2}$/.test(v) ? undefined : 'validation.country'),
  password: (v) => required(v) ?? (isValidPassword(v) ? undefined : 'validation.password'),
  loginPassword: required,
  code: (v) => required(v) ?? (isVerificationCode(v.trim()) ? undefined : 'validation.code'),
  googleCode: (v) => required(v) ?? (isVerificationCode(v.trim()) ? undefined : 'validation.googleCode'),
  inviteCode: (v) => (/^[A-Za-z0-9]{0,16}$/.test(v.trim()) ? undefined : 'validation.inviteCode'),
};

/**
 * Checks the named fields of a form: checkForm({ email: 'x' }, { email: 'email' }) → { email: 'validation.email' }.
 * `confirm` pairs a confirmation field with the field it must equal.
 */
export function checkForm(
  values: Record<string, string>,
  rules: Record<string, RuleName>,
  confirm?: { field: string; equals: string },
): FormErrors {
  const errors: FormErrors = {};
  for (const [field, rule] of Object.entries(rules)) {
    const problem = RULES[rule](values[field] ?? '');
    if (problem) errors[field] = problem;
  }
  if (confirm) {
    const value = values[confirm.field] ?? '';
    if (value === '') errors[confirm.field] = 'validation.required';
    else if (value !== values[confirm.equals]) errors[confirm.field] = 'validation.passwordMismatch';
  }
  return errors;
}
