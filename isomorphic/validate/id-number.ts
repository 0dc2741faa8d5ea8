/** The identity documents of docs/requirements.md §3 certification: ID card or passport. */
export const ID_TYPES = ['idCard', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** compactId(' 1101 0519-4912 3100 2x ') → '11010519491231002X': spaces and hyphens are layout. */
export function compactId(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = '10X98765432';

/** A mainland Chinese resident ID (GB 11643): 17 digits, a birth date, and its ISO 7064 MOD 11-2 check character. */
export function isChineseResidentId(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const birth = id.slice(6, 14);
  const date = new Date(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10).replace(/-/g, '') !== birth) return false;
  const sum = CN_WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return CN_CHECK[sum % 11] === id[17];
}

/**
 * Whether a document number can be right for its type and issuing country: passports are 6–9 letters and digits
 * (ICAO 9303), ID cards 5–20, and a Chinese resident ID must carry its check character.
 * isIdNumber('passport', 'DE', 'C01X00T47') → true.
 */
export function isIdNumber(type: IdType, country: string, raw: string): boolean {
  const id = compactId(raw);
  if (type === 'passport') return /^[A-Z0-9]{6,9}$/.test(id);
  if (country === 'CN') return isChineseResidentId(id);
  return /^[A-Z0-9]{5,20}$/.test(id);
}
