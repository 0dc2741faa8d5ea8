/**
 * Bank details as a person types them (docs/requirements.md §3 bank card): spaces and hyphens are layout, not part of
 * the number. compactAccount(' de89-3704 0044 ') → 'DE8937040044'.
 */
export function compactAccount(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** Two letters, two check digits, then up to 30 letters or digits: the shape of every IBAN (ISO 13616). */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** ISO 13616 mod-97: isIban('DE89 3704 0044 0532 0130 00') → true; one digit changed → false. */
export function isIban(raw: string): boolean {
  const iban = compactAccount(raw);
  if (!IBAN_SHAPE.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** The Luhn check digit of payment cards (ISO/IEC 7812): isLuhn('4111111111111111') → true. */
export function isLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A number a bank card or account can be bound by: an IBAN that passes mod-97, or a card number of 12 to 19
 * digits that passes Luhn (UnionPay, Visa, Mastercard and the other card schemes all carry the Luhn digit).
 * isBankNumber('6222 0202 0000 0000 008') → whether it is a real card number.
 */
export function isBankNumber(raw: string): boolean {
  const n = compactAccount(raw);
  if (/^[A-Z]{2}/.test(n)) return isIban(n);
  return /^\d{12,19}$/.test(n) && isLuhn(n);
}

/** SWIFT/BIC (ISO 9362): bank, country, location and an optional branch: isSwift('DEUTDEFF500') → true. */
export function isSwift(raw: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(raw.trim().toUpperCase());
}
