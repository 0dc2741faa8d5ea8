import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode as Iso,
} from 'libphonenumber-js/min';
import type { CountryCode } from '../../isomorphic/contract/user.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { fail } from '../outcome.ts';

/** A national number and its country as E.164, or the phoneInvalid error: ('CN', '13812345678') → '+8613812345678'. */
export function toE164(countryCode: string, phone: string): string {
  if (!(getCountries() as string[]).includes(countryCode)) fail('phoneInvalid');
  const parsed = parsePhoneNumberFromString(phone, countryCode as Iso);
  if (!parsed || !parsed.isValid()) fail('phoneInvalid');
  return parsed.number;
}

const cache = new Map<Locale, CountryCode[]>();

/** Every country with its calling code, named in the caller's language and sorted for that language. */
export function countryCodes(locale: Locale): CountryCode[] {
  let list = cache.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    list = getCountries()
      .map((code) => ({ code, dialCode: getCountryCallingCode(code), name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    cache.set(locale, list);
  }
  return list;
}
